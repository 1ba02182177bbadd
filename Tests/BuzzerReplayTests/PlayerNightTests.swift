import BuzzerGame
import BuzzerGameJSON
import Foundation
import Testing
@testable import BuzzerReplay

/// A player's night (`PlayerNight`, docs/league.md "A night, question by question") read from a
/// replayed team game: a teammate's answer counts for the team and says who gave it, a poll is not
/// judged, a question voided after the game scores nothing, and only a device that played finds a night.
@Suite struct PlayerNightTests {
    static func join(_ game: inout PlayedGame, _ name: String, team: String? = nil, device: String) throws -> PlayerID {
        for event in try game.send(.join(JoinRequest(nickname: name, team: team, deviceID: device, resumeTokenHash: "token-\(name)"))) {
            if case .playerJoined(let joined) = event { return joined.player }
        }
        throw ReplayError.unknownGame(code: "join produced no player")
    }

    @Test func aTeammatesAnswerAPollAndAVoidedQuestionReadAsTheyCounted() throws {
        let pack = QuestionPack(title: "Team night", rounds: [PackRound(title: "One", questions: [
            Question(category: "Geography", text: "Capital of Canada?", content: .choice(options: ["Toronto", "Ottawa", "Montreal"], answer: 1)),
            Question(category: "Fun", text: "Best round tonight?", content: .poll(options: ["One", "Two"])),
            Question(category: "History", text: "Rome was built in a day.", content: .truefalse(answer: false)),
        ])])
        var settings = RoomSettings()
        settings.teamMode = true
        var game = try PlayedGame(code: "TEAM", pack: pack, settings: settings)
        let ann = try Self.join(&game, "Ann", team: "Reds", device: "phone-ann")
        let bob = try Self.join(&game, "Bob", team: "Reds", device: "phone-bob")
        let cid = try Self.join(&game, "Cid", team: "Owls", device: "phone-cid")
        game.now += 10_000
        try game.send(.start)
        // Ann answers for the Reds (Ottawa, right); Cid says Toronto. Displayed positions are shuffled.
        let shown = try #require(game.room.currentQuestion).permutation
        try game.play([(ann, .option(try #require(shown.firstIndex(of: 1))), 800), (cid, .option(try #require(shown.firstIndex(of: 0))), 900)])
        try game.play([(ann, .vote(0), 700), (cid, .vote(1), 800)])
        try game.play([(bob, .bool(true), 600), (cid, .bool(false), 1000)])
        #expect(game.room.phase == .ended)
        try CorrectionTests.correct(&game, .void(sequence: 2), reason: "the question was ambiguous")

        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)
        let replayed = try scan(dir.path, code: "TEAM").game(GameReference(code: "TEAM"))
        let night = try #require(PlayerNight(replayed, device: "phone-bob"))
        #expect(night.nickname == "Bob" && night.team == "Reds" && night.players == 3)
        #expect(night.corrections.map(\.reason) == ["the question was ambiguous"])
        #expect(night.questions.map(\.number) == [1, 2, 3])

        let capital = night.questions[0]
        #expect(capital.answer == "Ottawa" && capital.answeredBy == "Ann" && capital.right == "Ottawa")
        #expect(capital.correct == true && capital.points > 0 && capital.percentRight == 50 && capital.responseMs != nil)
        let poll = night.questions[1]
        #expect(poll.right == nil && poll.correct == nil && poll.percentRight == nil && poll.kind == "poll")
        let rome = night.questions[2]
        #expect(rome.voided && rome.answer == "true" && rome.answeredBy == nil)
        #expect(rome.correct == nil && rome.points == 0 && rome.percentRight == nil)
        #expect(night.score == night.questions.reduce(0) { $0 + $1.points })

        // Ann's own answer is hers; a device that never joined has no night.
        let anns = try #require(PlayerNight(replayed, device: "phone-ann"))
        #expect(anns.questions[0].answeredBy == nil && anns.questions[0].answer == "Ottawa")
        #expect(PlayerNight(replayed, device: "phone-zed") == nil)
        #expect(PlayerNight(replayed, device: "") == nil)

        // Every key is written, an absent value as null: the page tells "none" by `=== null`.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(night.questions[1]), as: UTF8.self)
        #expect(json.contains(#""correct":null"#) && json.contains(#""percentRight":null"#) && json.contains(#""right":null"#), "\(json)")
        #expect(json.contains(#""answer":"One""#) || json.contains(#""answer":"Two""#), "\(json)")
        let whole = String(decoding: try encoder.encode(night), as: UTF8.self)
        #expect(whole.contains(#""team":"Reds""#) && whole.contains(#""teamPlace":"#), "\(whole)")
    }

    /// The page words each answer in the phone's language (issue 41, item 8): a night carries the answer
    /// and the key as the protocol writes them, in pack order, beside the results' text, which stays.
    @Test func aNightCarriesEachAnswerAndKeyAsTheProtocolWritesThem() throws {
        var pin = Question(category: "Maps", text: "Where is Paris?", content: .pin(PinQuestion(target: .point(PinPoint(x: 4_100, y: 3_000), radius: 800))))
        pin.media = QuestionMedia(image: "/media/" + String(repeating: "ab", count: 32) + ".png", alt: "A map")
        let pack = QuestionPack(title: "Maps and capitals", rounds: [PackRound(title: "One", questions: [
            pin, Question(category: "Geography", text: "Capital of Canada?", content: .choice(options: ["Toronto", "Ottawa", "Montreal"], answer: 1)),
        ])])
        var game = try PlayedGame(code: "WORD", pack: pack, settings: RoomSettings())
        let ann = try Self.join(&game, "Ann", device: "phone-ann")
        _ = try Self.join(&game, "Cid", device: "phone-cid")
        game.now += 10_000
        try game.send(.start)
        try game.play([(ann, .point(PinPoint(x: 3_499, y: 5_976)), 900)])
        let shown = try #require(game.room.currentQuestion).permutation
        try game.play([(ann, .option(try #require(shown.firstIndex(of: 0))), 700)])
        let dir = TemporaryDirectory()
        try writeArchive([game], to: dir.path)
        let replayed = try scan(dir.path, code: "WORD").game(GameReference(code: "WORD"))
        let night = try #require(PlayerNight(replayed, device: "phone-ann"))

        let map = night.questions[0]
        #expect(map.answerValue == .point(PinPoint(x: 3_499, y: 5_976)) && map.options.isEmpty && !map.plain && map.figures == nil)
        if case .kind(_, let own as PinRevealed)? = map.rightValue { #expect(own.pin.target == .point(PinPoint(x: 4_100, y: 3_000), radius: 800)) } else { Issue.record("no pin key: \(String(describing: map.rightValue))") }
        // The results' text is as the download writes it; the page words the values instead.
        #expect(map.answer == ReplayFormat.answer(.point(PinPoint(x: 3_499, y: 5_976)), question: pack.rounds[0].questions[0]))
        let capital = night.questions[1]
        #expect(capital.options == ["Toronto", "Ottawa", "Montreal"] && capital.answerValue == .option(0) && capital.rightValue == .options([1]))
        #expect(capital.answer == "Toronto" && capital.right == "Ottawa")
        // Cid answered nothing: both values are null, every key still written.
        let cids = try #require(PlayerNight(replayed, device: "phone-cid"))
        #expect(cids.questions.allSatisfy { $0.answerValue == nil })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(night.questions[0]), as: UTF8.self)
        #expect(json.contains(#""answerValue":{"kind":"pin","pin":{"x":0.3499,"y":0.5976}}"#), "\(json)")
        #expect(json.contains(#""rightValue":{"kind":"pin","pin":{"#) && json.contains(#""options":[]"#) && json.contains(#""figures":null"#), "\(json)")
        let unanswered = String(decoding: try encoder.encode(cids.questions[1]), as: UTF8.self)
        #expect(unanswered.contains(#""answerValue":null"#) && unanswered.contains(#""options":["Toronto","Ottawa","Montreal"]"#), "\(unanswered)")
    }
}
