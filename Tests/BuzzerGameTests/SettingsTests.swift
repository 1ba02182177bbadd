import Foundation
import Testing
@testable import BuzzerGame

@Suite struct SettingsTests {
    @Test func missingSettingsFieldsTakeTheirDefaults() throws {
        let settings = try JSONDecoder().decode(RoomSettings.self, from: Data(#"{"scoring":"flat","answerGraceMs":250}"#.utf8))
        var expected = RoomSettings()
        expected.scoring = .flat
        expected.answerGraceMs = 250
        #expect(settings == expected)
        #expect(settings.readingTimeMs == 3000)
        #expect(settings.timeLimitSeconds == 20)
        #expect(settings.resumeGraceMs == 300_000)
        #expect(settings.maxPlayers == 2000)
        #expect(settings.podiumSize == 3)
        #expect(!settings.autoAdvance)
    }

    @Test func gameConfigDecodesFromAnEmptySection() throws {
        let config = try JSONDecoder().decode(GameConfig.self, from: Data(#"{"packLimits":{"maxOptions":8}}"#.utf8))
        #expect(config.roomDefaults == RoomSettings())
        #expect(config.packLimits.maxOptions == 8)
        #expect(config.packLimits.minOptions == 2)
    }

    @Test func perQuestionTimeLimitOverridesTheRoomDefault() throws {
        var settings = RoomSettings()
        settings.readingTimeMs = 0
        let pack = QuestionPack(title: "T", questions: [Question(category: "c", text: "q", content: .truefalse(answer: true), timeLimit: 45)])
        var game = try GameHarness(pack: pack, settings: settings)
        try game.send(.start)
        let entry = game.room.currentQuestion!
        #expect(entry.opensAt == game.now)
        #expect(entry.deadline == game.now + 45_000)
        #expect(game.room.questionView?.timeLimitMs == 45_000)
    }

    @Test func normaliserFoldsCaseAccentsSpacingAndPunctuation() {
        #expect(TextNormalizer.fold("  Zoë   SMITH ") == "zoe smith")
        #expect(TextNormalizer.answerKey("A.C./D.C.") == TextNormalizer.answerKey("ac dc"))
        #expect(TextNormalizer.answerKey("Motörhead!") == "motorhead")
        #expect(TextNormalizer.answerKey("x²") == "x²")  // superscripts are digits of their own
        #expect(TextNormalizer.answerKey(" + ") == "+")
    }
}

@Suite struct ShuffleQuestionsTests {
    @Test func questionsAreShuffledWithinEachRoundAndTheLogKeepsTheOrderPlayed() throws {
        var settings = RoomSettings()
        settings.shuffleQuestions = true
        let pack = GameHarness.samplePack()
        let orders = try (1...8).map { seed in
            let created = try Room.create(code: "ABCD", pack: pack, settings: settings, seed: UInt64(seed), hostTokenHash: "h", at: 0)
            #expect(try Room.replay([created.event]).pack == created.room.pack, "replay plays the order that was logged")
            for (round, original) in zip(created.room.pack.rounds, pack.rounds) {
                #expect(Set(round.questions.map(\.text)) == Set(original.questions.map(\.text)), "a round keeps its own questions")
            }
            return created.room.pack.rounds.flatMap(\.questions).map(\.text)
        }
        #expect(Set(orders).count > 1, "different seeds give different orders")
        let plain = try Room.create(code: "ABCD", pack: pack, settings: RoomSettings(), seed: 3, hostTokenHash: "h", at: 0)
        #expect(plain.room.pack == pack)
    }
}
