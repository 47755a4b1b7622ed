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

    /// The questions, in order.
    let questions: [Question]
    /// The index of the current question; equal to the count once finished.
    private(set) var questionIndex = 0
    /// How many questions were answered right.
    private(set) var score = 0
    /// Where the game is.
    private(set) var phase: Phase

    /// A new game over `questions`; with none it is over before it starts.
    init(questions: [Question]) {
        self.questions = questions
        phase = questions.isEmpty ? .finished : .asking
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
        if isRight { score += 1 }
        phase = .answered(choice: choice)
        return isRight
    }

    /// Moves on from question `number`, which must have been answered.
    mutating func next(fromQuestion number: Int) throws(MoveError) {
        try checkCurrent(number)
        guard case .answered = phase else { throw .notAnswered }
        questionIndex += 1
        phase = questionIndex < questions.count ? .asking : .finished
    }

    /// Starts again from the first question with no score.
    mutating func restart() {
        self = QuizGame(questions: questions)
    }

    private func checkCurrent(_ number: Int) throws(MoveError) {
        if case .finished = phase { throw .finished }
        guard number == questionIndex else { throw .notCurrentQuestion(sent: number, current: questionIndex) }
    }
}
