import Hummingbird

/// Seed 000's quiz in the browser: the questions from `questions.plist`, one at a time.
///
/// An actor, because the game is shared by every request and each move reads and then changes it.
actor QuizController {
    private var game: QuizGame

    /// A controller with a fresh game over `questions`.
    init(questions: [Question]) {
        game = QuizGame(questions: questions)
    }

    /// The current page.
    func page() -> Page {
        QuizPage(game: game).page
    }

    /// Applies a move, turning a refused one into the HTTP error a person sees.
    func play(_ move: @Sendable (inout QuizGame) throws(QuizGame.MoveError) -> Void) throws(HTTPError) {
        do {
            try move(&game)
        } catch {
            throw Self.httpError(for: error)
        }
    }

    /// Starts again.
    func restart() {
        game.restart()
    }

    /// A refused move as the status and sentence of its error page: a choice that is not offered is
    /// bad content (422), a move that does not fit the game's state is a conflict (409).
    static func httpError(for error: QuizGame.MoveError) -> HTTPError {
        switch error {
        case .notAnOption(let choice):
            return HTTPError(.unprocessableContent, message: "“\(choice)” is not one of this question's options.")
        case .notCurrentQuestion(let sent, let current):
            return HTTPError(
                .conflict,
                message: "That form was for question \(sent + 1), but the quiz is at question \(current + 1).")
        case .alreadyAnswered:
            return HTTPError(.conflict, message: "This question has already been answered.")
        case .notAnswered:
            return HTTPError(.conflict, message: "Answer this question before moving on.")
        case .finished:
            return HTTPError(.conflict, message: "The quiz is over; start again to play.")
        }
    }

    /// Adds `GET /quiz`, `POST /quiz/answer`, `POST /quiz/next` and `POST /quiz/restart`.
    nonisolated func addRoutes(to router: Router<some RequestContext>) {
        router.get("quiz") { _, _ in await self.page() }
        router.post("quiz/answer") { request, _ in
            let form = try await FormFields.read(from: request)
            let number = try form.integer("question")
            guard let choice = form["option"] else {
                throw HTTPError(.badRequest, message: "The form has no “option” field.")
            }
            try await self.play { game throws(QuizGame.MoveError) in try game.answer(choice, toQuestion: number) }
            return Response.redirect(to: GalleryPaths.quiz)
        }
        router.post("quiz/next") { request, _ in
            let number = try await FormFields.read(from: request).integer("question")
            try await self.play { game throws(QuizGame.MoveError) in try game.next(fromQuestion: number) }
            return Response.redirect(to: GalleryPaths.quiz)
        }
        router.post("quiz/restart") { request, _ in
            _ = try await FormFields.read(from: request)
            await self.restart()
            return Response.redirect(to: GalleryPaths.quiz)
        }
    }
}
