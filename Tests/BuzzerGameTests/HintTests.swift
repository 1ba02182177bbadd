import BuzzerFormats
import Foundation
@testable import BuzzerGame
@testable import BuzzerGameJSON
import Testing

/// `hint` (docs/mechanics.md, "Hints"): the pack's hints and their cost, the host's command, what
/// the pages see, the points it costs, and its line in the log.
struct HintTests {
    static func pack(hints: [String] = ["It is in the south", "It starts with C"], cost: Double? = nil) -> QuestionPack {
        var extras: [String: QuestionExtra] = ["hints": .texts(hints)]
        if let cost { extras["hintCost"] = .fraction(cost) }
        return QuestionPack(title: "Hints", questions: [
            Question(category: "Geography", text: "Capital of Australia?",
                     content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1), extras: extras),
            Question(category: "Geography", text: "Capital of Canada?", content: .choice(options: ["Ottawa", "Toronto"], answer: 0)),
        ])
    }

    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func hintsReadBackAsWrittenAndAPackWithoutThemIsUnchanged() throws {
        let json = #"{"title":"T","questions":[{"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"hints":["One","Two"],"hintCost":0.5}]}"#
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        #expect(pack.rounds[0].questions[0].extras == ["hints": .texts(["One", "Two"]), "hintCost": .fraction(0.5)])
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
        let plain = GameHarness.samplePack()
        #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("hint"))
    }

    @Test func badHintsAreRefusedWhereThePackEnters() {
        let six = (1...6).map { "\"H\($0)\"" }.joined(separator: ",")
        #expect(errors(#"{"title":"T","questions":[{"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"hints":[\#(six)]}]}"#)
            .contains { $0.contains("hints") && $0.contains("the limit is 5") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"hints":["  "]}]}"#)
            .contains { $0.contains("hints[0]") && $0.contains("must not be empty") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"hintCost":1.5}]}"#)
            .contains { $0.contains("hintCost") && $0.contains("from 0 to 1") })
        #expect(errors(#"{"title":"T","questions":[{"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"hints":"One"}]}"#)
            .contains { $0.contains("hints") })
        let long = String(repeating: "x", count: 201)
        #expect(errors(#"{"title":"T","questions":[{"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"hints":["\#(long)"]}]}"#)
            .contains { $0.contains("hints[0]") && $0.contains("the limit is 200") })
    }

    @Test func aCSVRowTakesHintsAndTheirCost() throws {
        let csv = "kind,text,options,answer,hints,hintcost\nchoice,Capital?,Sydney|Canberra,B,South | Starts with C,25%\n"
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "T").document)
        #expect(pack.rounds[0].questions[0].extras == ["hints": .texts(["South", "Starts with C"]), "hintCost": .fraction(0.25)])
        #expect(throws: CSVImporter.ImportError.self) {
            try CSVImporter.packDocument(from: Array("text,answer,hintcost\nQ,1,lots\n".utf8), title: "T")
        }
    }

    @Test func theHostShowsHintsOneByOneAndThePagesSeeThem() throws {
        var game = try GameHarness(pack: Self.pack())
        _ = try game.join("Ann")
        game.expectRefused(.host(HintCommand()), code: "bad_phase")
        try game.send(.start)
        #expect(game.room.hostQuestionView?.actions == [MechanicAction(command: "hint", used: 0, total: 2, costPercent: 25)])
        #expect(game.room.questionView?.notes == nil, "no hint is on screen before the host shows one")
        let events = try game.send(.host(HintCommand()))
        #expect(events == [HintShown(at: game.now, sequence: 0, number: 1).event])
        #expect(events[0].type == "hint_shown")
        #expect(game.room.questionView?.notes == [QuestionNote(by: "hint", n: 1, text: "It is in the south")])
        game.openAnswers()
        try game.send(.host(HintCommand()))
        #expect(game.room.questionView?.notes?.map(\.text) == ["It is in the south", "It starts with C"])
        #expect(game.room.hostQuestionView?.actions?.first?.used == 2)
        game.expectRefused(.host(HintCommand()), code: "unavailable")
        try game.send(.close)
        game.expectRefused(.host(HintCommand()), code: "bad_phase")
        #expect(game.room.hostQuestionView?.actions == nil, "no button once answers are closed")
        try game.send(.reveal)
        game.expectRefused(.host(HintCommand()), code: "bad_phase")
        try game.send(.next)
        game.expectRefused(.host(HintCommand()), code: "unavailable")
        #expect(game.room.hostQuestionView?.actions == nil, "a question without hints has no button")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func eachHintCostsItsShareOfThePoints() throws {
        func score(hints: Int, cost: Double?) throws -> Int {
            var game = try GameHarness(pack: Self.pack(hints: ["A", "B", "C"], cost: cost))
            let ann = try game.join("Ann")
            try game.send(.start)
            for _ in 0..<hints { try game.send(.host(HintCommand())) }
            game.openAnswers()
            try game.answer(ann, .option(game.room.currentQuestion!.permutation.firstIndex(of: 1)!), afterOpenMs: 0)
            try game.send(.reveal)
            #expect(try Room.replay(game.log) == game.room)
            return game.score(ann)
        }
        #expect(try score(hints: 0, cost: nil) == 1000)
        #expect(try score(hints: 1, cost: nil) == 750)
        #expect(try score(hints: 2, cost: 0.5) == 0)
        #expect(try score(hints: 3, cost: 0.1) == 700, "0.7 × 1000 is 699.99…: to the nearest point, not down")
    }

    @Test func aHintLineIsCheckedBeforeItIsApplied() throws {
        var game = try GameHarness(pack: Self.pack())
        _ = try game.join("Ann")
        try game.send(.start)
        #expect(HintShown(at: game.now, sequence: 0, number: 2).logProblem(in: game.room) != nil, "hints come in order")
        #expect(HintShown(at: game.now, sequence: 5, number: 1).logProblem(in: game.room) != nil)
        #expect(HintShown(at: game.now, sequence: 0, number: 1).logProblem(in: game.room) == nil)
        let line = try JSONEncoder().encode(HintShown(at: game.now, sequence: 0, number: 1).event)
        #expect(try JSONDecoder().decode(RoomEvent.self, from: line) == HintShown(at: game.now, sequence: 0, number: 1).event)
    }
}
