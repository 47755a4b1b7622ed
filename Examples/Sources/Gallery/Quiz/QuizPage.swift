/// The quiz as HTML: the question with its picture and its options as buttons, then what the answer
/// was, then the score.
struct QuizPage {
    /// The game to show.
    var game: QuizGame
    /// The element to focus when the page loads.
    var focus: FocusRequest = .none

    /// The id of the button that moves on after an answer.
    static let nextID = "quiz-next"
    /// The id of the button that starts again.
    static let restartID = "quiz-restart"

    /// The id of the button of the current question's option at `index`.
    static func optionID(_ index: Int) -> String { "quiz-option-\(index)" }

    /// What a person presses next after a move left `game` as it is: the first option of a new
    /// question, the button that moves on after an answer, Play again at the end.
    static func focusAfterMove(_ game: QuizGame) -> String {
        switch game.phase {
        case .asking: optionID(0)
        case .answered: nextID
        case .finished: restartID
        }
    }

    /// The complete page.
    var page: Page {
        Page(title: "Quiz", styleClass: "quiz-page", body: body)
    }

    private var body: HTML {
        let total = game.questions.count
        guard let question = game.currentQuestion else {
            return """
                <section class="quiz-card quiz-finished">
                <p class="quiz-final">You scored <strong class="quiz-score">\(game.score)</strong> of \(total).</p>
                <form method="post" action="\(GalleryPaths.quiz)/restart"><button type="submit" class="primary" \
                id="\(Self.restartID)"\(focus.attribute(for: Self.restartID))>Play again</button></form>
                </section>
                """
        }
        let number = game.questionIndex
        return """
            <p class="quiz-progress">Question \(number + 1) of \(total) · Score <span class="quiz-score">\(game.score)</span></p>
            <section class="quiz-card">
            <img class="quiz-icon" src="\(question.iconPath)" alt="" width="96" height="96">
            <h2 class="quiz-title">\(question.title)</h2>
            \(options(for: question, number: number))
            \(verdict(for: question, number: number))
            </section>
            """
    }

    private func options(for question: Question, number: Int) -> HTML {
        switch game.phase {
        case .asking:
            let buttons = question.options.enumerated().map { index, option -> HTML in
                """
                <button type="submit" name="option" value="\(option)" class="quiz-option" \
                id="\(Self.optionID(index))"\(focus.attribute(for: Self.optionID(index)))>\(option)</button>
                """
            }
            return """
                <form class="quiz-options" method="post" action="\(GalleryPaths.quiz)/answer">
                <input type="hidden" name="question" value="\(number)">
                \(HTML.joined(buttons, separator: "\n"))
                </form>
                """
        case .answered(let choice):
            let marked = question.options.map { option -> HTML in
                var classes = "quiz-option"
                if option == question.answer { classes += " right" }
                if option == choice && option != question.answer { classes += " wrong" }
                if option == choice { classes += " chosen" }
                return "<button type=\"button\" class=\"\(classes)\" disabled>\(option)</button>"
            }
            return "<div class=\"quiz-options\">\(HTML.joined(marked, separator: "\n"))</div>"
        case .finished:
            return .empty
        }
    }

    private func verdict(for question: Question, number: Int) -> HTML {
        guard case .answered(let choice) = game.phase else { return .empty }
        let isLast = number + 1 == game.questions.count
        let message: HTML =
            choice == question.answer
            ? "<p class=\"quiz-verdict right\" id=\"quiz-verdict\">Right! It is \(question.answer).</p>"
            : "<p class=\"quiz-verdict wrong\" id=\"quiz-verdict\">Not quite: the answer is \(question.answer).</p>"
        // The verdict describes the button that takes the focus, so a screen reader reads both.
        return """
            \(message)
            <form method="post" action="\(GalleryPaths.quiz)/next">
            <input type="hidden" name="question" value="\(number)">
            <button type="submit" class="primary" id="\(Self.nextID)" aria-describedby="quiz-verdict"\(focus.attribute(for: Self.nextID))>\
            \(isLast ? "See the score" : "Next question")</button>
            </form>
            """
    }
}
