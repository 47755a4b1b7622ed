import Hummingbird

/// Seed 000's quiz in the browser: the questions from `questions.plist`, one at a time, each
/// visitor playing their own game (kept in ``VisitorStore``).
struct QuizController: Sendable {
    /// The questions, in order.
    let questions: [Question]
    /// Where each visitor's game is kept.
    let visitors: VisitorStore

    /// The way back from a refused move.
    static let backToQuiz = PageLink(path: GalleryPaths.quiz, label: "Back to the quiz")

    /// The page of `progress`'s game, focusing `focus`.
    func page(_ progress: QuizGame.Progress, focus: FocusRequest) -> Page {
        QuizPage(game: QuizGame(questions: questions, progress: progress), focus: focus).page
    }

    /// Applies a move to the game of the visitor who sent `request`, then sends them back to the quiz
    /// with the next thing to press focused.
    func play(
        _ request: Request, _ move: @escaping @Sendable (inout QuizGame) throws(QuizGame.MoveError) -> Void
    ) async throws(PageError) -> Response {
        let questions = questions
        return try await visitors.change(
            for: request,
            { state throws(PageError) -> QuizGame in
                var game = QuizGame(questions: questions, progress: state.quiz)
                do throws(QuizGame.MoveError) {
                    try move(&game)
                } catch {
                    throw Self.pageError(for: error)
                }
                state.quiz = game.progress
                return game
            },
            respond: { game in FocusRequest.redirect(to: GalleryPaths.quiz, focusing: QuizPage.focusAfterMove(game)) })
    }

    /// A refused move as the status and sentence of its error page: a choice that is not offered is
    /// bad content (422), a move that does not fit the game's state is a conflict (409).
    static func pageError(for error: QuizGame.MoveError) -> PageError {
        switch error {
        case .notAnOption(let choice):
            return PageError(
                .unprocessableContent, "“\(choice)” is not one of this question's options.", back: backToQuiz)
        case .notCurrentQuestion(let sent, let current):
            return PageError(
                .conflict, "That form was for question \(sent + 1), but the quiz is at question \(current + 1).",
                back: backToQuiz)
        case .alreadyAnswered:
            return PageError(.conflict, "This question has already been answered.", back: backToQuiz)
        case .notAnswered:
            return PageError(.conflict, "Answer this question before moving on.", back: backToQuiz)
        case .finished:
            return PageError(.conflict, "The quiz is over; start again to play.", back: backToQuiz)
        }
    }

    /// Adds `GET /quiz`, `POST /quiz/answer`, `POST /quiz/next` and `POST /quiz/restart`.
    func addRoutes(to router: Router<some RequestContext>) {
        router.get("quiz") { request, _ in
            page(await visitors.state(for: request).quiz, focus: FocusRequest(request))
        }
        router.post("quiz/answer") { request, _ in
            let form = try await FormFields.read(from: request)
            let number = try form.integer("question")
            guard let choice = form["option"] else {
                throw HTTPError(.badRequest, message: "The form has no “option” field.")
            }
            return try await play(request) { game throws(QuizGame.MoveError) in
                try game.answer(choice, toQuestion: number)
            }
        }
        router.post("quiz/next") { request, _ in
            let number = try await FormFields.read(from: request).integer("question")
            return try await play(request) { game throws(QuizGame.MoveError) in try game.next(fromQuestion: number) }
        }
        router.post("quiz/restart") { request, _ in
            _ = try await FormFields.read(from: request)
            return try await play(request) { game throws(QuizGame.MoveError) in game.restart() }
        }
    }
}
