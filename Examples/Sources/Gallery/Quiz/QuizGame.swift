/// The rules of the quiz, apart from any page: one question at a time, an answer is checked once,
/// then the next question, and a score at the end.
///
/// Every move names the question it answers, so a form sent from an old page (the Back button, a
/// second tab) is refused instead of answering whichever question happens to be current.
struct QuizGame: Sendable, Hashable {
    /// Where the game is.
    enum Phase: Sendable, Hashable {
        /// The current question waits for an answer.
        case asking
        /// The current question was answered with `choice`.
        case answered(choice: String)
        /// Every question has been answered.
        case finished
    }

    /// Why a move was refused.
    enum MoveError: Error, Sendable, Hashable {
        /// The move names another question than the current one.
        case notCurrentQuestion(sent: Int, current: Int)
        /// The current question already has an answer.
        case alreadyAnswered
        /// "Next" before the current question was answered.
        case notAnswered
        /// The choice is not one of the question's options.
        case notAnOption(String)
        /// The game is over; only starting again is possible.
        case finished
    }

    /// What a player has done, apart from the questions: what a visitor's saved state keeps.
    struct Progress: Codable, Sendable, Hashable {
        /// The index of the current question; the number of questions once finished.
        var questionIndex = 0
        /// How many questions were answered right.
        var score = 0
        /// The answer given to the current question, `nil` while it waits for one.
        var choice: String?
    }

    /// The questions, in order.
    let questions: [Question]
    /// What the player has done.
    private(set) var progress = Progress()

    /// A new game over `questions`; with none it is over before it starts.
    init(questions: [Question]) {
        self.questions = questions
    }

    /// A game over `questions` taken up where `progress` left it. A progress that does not fit the
    /// questions (saved before they changed) is brought within them: the index and score into range, a
    /// choice that is not an option of the current question dropped.
    init(questions: [Question], progress: Progress) {
        self.questions = questions
        let index = min(max(0, progress.questionIndex), questions.count)
        let choice = progress.choice.flatMap { choice in
            questions.indices.contains(index) && questions[index].options.contains(choice) ? choice : nil
        }
        let answered = index + (choice == nil ? 0 : 1)
        self.progress = Progress(
            questionIndex: index, score: min(max(0, progress.score), answered), choice: choice)
    }

    /// The index of the current question; equal to the count once finished.
    var questionIndex: Int { progress.questionIndex }
    /// How many questions were answered right.
    var score: Int { progress.score }

    /// Where the game is.
    var phase: Phase {
        guard questions.indices.contains(questionIndex) else { return .finished }
        return progress.choice.map { .answered(choice: $0) } ?? .asking
    }

    /// The question on screen, or `nil` once finished.
    var currentQuestion: Question? {
        questions.indices.contains(questionIndex) ? questions[questionIndex] : nil
    }

    /// Answers question `number` (its index) with `choice`; returns whether it was right.
    @discardableResult
    mutating func answer(_ choice: String, toQuestion number: Int) throws(MoveError) -> Bool {
        try checkCurrent(number)
        guard case .asking = phase, let question = currentQuestion else { throw .alreadyAnswered }
        guard question.options.contains(choice) else { throw .notAnOption(choice) }
        let isRight = choice == question.answer
        if isRight { progress.score += 1 }
        progress.choice = choice
        return isRight
    }

    /// Moves on from question `number`, which must have been answered.
    mutating func next(fromQuestion number: Int) throws(MoveError) {
        try checkCurrent(number)
        guard case .answered = phase else { throw .notAnswered }
        progress.questionIndex += 1
        progress.choice = nil
    }

    /// Starts again from the first question with no score.
    mutating func restart() {
        progress = Progress()
    }

    private func checkCurrent(_ number: Int) throws(MoveError) {
        if case .finished = phase { throw .finished }
        guard number == questionIndex else { throw .notCurrentQuestion(sent: number, current: questionIndex) }
    }
}
