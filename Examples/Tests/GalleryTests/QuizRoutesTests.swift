import Hummingbird
import Testing

@testable import Gallery

@Suite("Quiz (seed 000)")
struct QuizRoutesTests {
    @Test("The quiz starts at the first question with its picture, its four options and no score")
    func showsFirstQuestion() async throws {
        try await GalleryTestSupport.withGallery { client in
            let page = try await client.get("/quiz").text
            #expect(page.contains("Which animal eats bamboo?"))
            #expect(page.contains("Question 1 of 4"))
            #expect(page.contains("<span class=\"quiz-score\">0</span>"))
            #expect(page.contains("src=\"/assets/question_panda.svg\""))
            for option in ["Panda", "Tiger", "Eagle", "Shark"] {
                #expect(page.contains("name=\"option\" value=\"\(option)\""))
            }
        }
    }

    @Test("A right answer scores and says so; Next moves to the next question")
    func rightAnswerScores() async throws {
        try await GalleryTestSupport.withGallery { client in
            let answer = try await client.post("/quiz/answer", [("question", "0"), ("option", "Panda")])
            #expect(answer.status == .seeOther)
            #expect(answer.location == "/quiz?focus=quiz-next")
            let page = try await client.get("/quiz").text
            #expect(page.contains("Right! It is Panda."))
            #expect(page.contains("<span class=\"quiz-score\">1</span>"))
            #expect(page.contains("Next question"))
            #expect(try await client.post("/quiz/next", [("question", "0")]).status == .seeOther)
            let next = try await client.get("/quiz").text
            #expect(next.contains("Which city has the Eiffel Tower?"))
            #expect(next.contains("Question 2 of 4"))
        }
    }

    @Test("A wrong answer marks the choice and the right option, and does not score")
    func wrongAnswerDoesNotScore() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/quiz/answer", [("question", "0"), ("option", "Shark")])
            let page = try await client.get("/quiz").text
            #expect(page.contains("Not quite: the answer is Panda."))
            #expect(page.contains("class=\"quiz-option wrong chosen\" disabled>Shark"))
            #expect(page.contains("class=\"quiz-option right\" disabled>Panda"))
            #expect(page.contains("<span class=\"quiz-score\">0</span>"))
        }
    }

    @Test("Playing to the end shows the score; Play again starts over")
    func playThrough() async throws {
        try await GalleryTestSupport.withGallery { client in
            let choices = ["Panda", "Rome", "Swift", "Nine"]  // three right, one wrong
            for (number, choice) in choices.enumerated() {
                #expect(
                    try await client.post("/quiz/answer", [("question", "\(number)"), ("option", choice)]).status
                        == .seeOther)
                #expect(try await client.post("/quiz/next", [("question", "\(number)")]).status == .seeOther)
            }
            let end = try await client.get("/quiz").text
            #expect(end.contains("You scored <strong class=\"quiz-score\">3</strong> of 4."))
            expectErrorPage(
                try await client.post("/quiz/answer", [("question", "3"), ("option", "Nine")]), .conflict,
                containing: "The quiz is over")
            #expect(try await client.post("/quiz/restart").status == .seeOther)
            #expect(try await client.get("/quiz").text.contains("Question 1 of 4"))
        }
    }

    @Test("After each move the next thing to press takes the focus: Next, then the first option, then Play again")
    func focusFollowsTheGame() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/quiz/answer", [("question", "0"), ("option", "Panda")])
            let answered = try await client.get("/quiz?focus=quiz-next").text
            // The verdict describes the button, so a screen reader reads it with the focus.
            #expect(answered.contains("id=\"quiz-next\" aria-describedby=\"quiz-verdict\" autofocus>"))
            #expect(answered.contains("id=\"quiz-verdict\">Right! It is Panda.</p>"))
            #expect(try await client.post("/quiz/next", [("question", "0")]).location == "/quiz?focus=quiz-option-0")
            #expect(try await client.get("/quiz?focus=quiz-option-0").text.contains("id=\"quiz-option-0\" autofocus>"))
            for (number, choice) in ["Rome", "Swift", "Nine"].enumerated().map({ ($0 + 1, $1) }) {
                _ = try await client.post("/quiz/answer", [("question", "\(number)"), ("option", choice)])
                let next = try await client.post("/quiz/next", [("question", "\(number)")])
                #expect(next.location == (number == 3 ? "/quiz?focus=quiz-restart" : "/quiz?focus=quiz-option-0"))
            }
            #expect(try await client.post("/quiz/restart").location == "/quiz?focus=quiz-option-0")
        }
    }

    @Test("Bad answers are refused and leave the game as it was")
    func badAnswersAreRefused() async throws {
        try await GalleryTestSupport.withGallery { client in
            expectErrorPage(
                try await client.post("/quiz/answer", [("question", "0"), ("option", "Koala")]),
                .unprocessableContent, containing: "“Koala” is not one of this question&#39;s options.")
            expectErrorPage(
                try await client.post("/quiz/answer", [("question", "2"), ("option", "Swift")]), .conflict,
                containing: "That form was for question 3, but the quiz is at question 1.")
            expectErrorPage(try await client.post("/quiz/answer", [("question", "0")]), .badRequest)
            expectErrorPage(try await client.post("/quiz/answer", [("option", "Panda")]), .badRequest)
            expectErrorPage(
                try await client.post("/quiz/answer", [("question", "zero"), ("option", "Panda")]), .badRequest)
            expectErrorPage(
                try await client.post("/quiz/next", [("question", "0")]), .conflict,
                containing: "Answer this question before moving on.")
            let page = try await client.get("/quiz").text
            #expect(page.contains("Question 1 of 4"))
            #expect(page.contains("name=\"option\" value=\"Panda\""))
        }
    }

    @Test("A question cannot be answered twice, nor skipped twice")
    func answeringTwiceIsRefused() async throws {
        try await GalleryTestSupport.withGallery { client in
            _ = try await client.post("/quiz/answer", [("question", "0"), ("option", "Tiger")])
            expectErrorPage(
                try await client.post("/quiz/answer", [("question", "0"), ("option", "Panda")]), .conflict,
                containing: "already been answered")
            _ = try await client.post("/quiz/next", [("question", "0")])
            expectErrorPage(try await client.post("/quiz/next", [("question", "0")]), .conflict)
            let page = try await client.get("/quiz").text
            #expect(page.contains("Question 2 of 4"))
            #expect(page.contains("<span class=\"quiz-score\">0</span>"))
        }
    }
}

@Suite("QuizGame")
struct QuizGameTests {
    let questions = [
        Question(answer: "A", title: "First?", icon: "q1", options: ["A", "B"]),
        Question(answer: "D", title: "Second?", icon: "q2", options: ["C", "D"]),
    ]

    @Test("Answers are checked once, the score counts right ones, and the game ends after the last")
    func scoring() throws {
        var game = QuizGame(questions: questions)
        #expect(try game.answer("A", toQuestion: 0))
        try game.next(fromQuestion: 0)
        #expect(try !game.answer("C", toQuestion: 1))
        try game.next(fromQuestion: 1)
        #expect(game.phase == .finished)
        #expect(game.score == 1)
        #expect(game.currentQuestion == nil)
        #expect(throws: QuizGame.MoveError.finished) { try game.next(fromQuestion: 2) }
        game.restart()
        #expect(game.phase == .asking)
        #expect(game.score == 0)
    }

    @Test(
        "A saved progress is taken up within the questions: index and score in range, a choice that is no option dropped",
        arguments: [
            (QuizGame.Progress(questionIndex: 1, score: 1, choice: "D"), 1, 1, "D"),
            (QuizGame.Progress(questionIndex: 1, score: 1, choice: "A"), 1, 1, nil),
            (QuizGame.Progress(questionIndex: 0, score: 5, choice: nil), 0, 0, nil),
            (QuizGame.Progress(questionIndex: 0, score: 5, choice: "B"), 0, 1, "B"),
            (QuizGame.Progress(questionIndex: 9, score: 9, choice: "C"), 2, 2, nil),
            (QuizGame.Progress(questionIndex: -4, score: -1, choice: nil), 0, 0, nil),
        ])
    func savedProgressIsClamped(saved: QuizGame.Progress, index: Int, score: Int, choice: String?) {
        let game = QuizGame(questions: questions, progress: saved)
        #expect(game.questionIndex == index)
        #expect(game.score == score)
        #expect(game.progress.choice == choice)
    }

    @Test("A game without questions is over at once")
    func emptyGame() {
        let game = QuizGame(questions: [])
        #expect(game.phase == .finished)
    }
}
