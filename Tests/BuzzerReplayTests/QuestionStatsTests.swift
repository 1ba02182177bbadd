import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

@Suite struct QuestionFingerprintTests {
    let capital = Question(category: "Geography", text: "Capital of Australia?",
                           content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1))

    @Test func theSameQuestionFromAnotherPackHasTheSameFingerprint() {
        let reordered = Question(category: "Places", text: "  capital of AUSTRALIA ", content: .choice(options: ["Perth", "Canberra", "Sydney", "Melbourne"], answer: 1))
        #expect(QuestionFingerprint(capital) == QuestionFingerprint(reordered))
        let typed = Question(category: "x", text: "Who wrote Hamlet?", content: .text(accepted: ["Shakespeare"]))
        let moreAccepted = Question(category: "y", text: "Who wrote Hamlet?", content: .text(accepted: ["shakespeare", "William Shakespeare"]))
        #expect(QuestionFingerprint(typed) == QuestionFingerprint(moreAccepted))
    }

    @Test func aChangedAnswerOrWordingIsAnotherQuestion() {
        let wrongKey = Question(category: "Geography", text: "Capital of Australia?",
                                content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 0))
        let otherText = Question(category: "Geography", text: "Capital of Austria?",
                                 content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1))
        #expect(QuestionFingerprint(capital) != QuestionFingerprint(wrongKey))
        #expect(QuestionFingerprint(capital) != QuestionFingerprint(otherText))
        let height = Question(category: "c", text: "Height of the Eiffel Tower (m)?", content: .number(answer: 300))
        let corrected = Question(category: "c", text: "Height of the Eiffel Tower (m)?", content: .number(answer: 330))
        #expect(QuestionFingerprint(height) != QuestionFingerprint(corrected))
    }

    /// The fingerprint is kept in exports and compared across seasons: its rule must never drift.
    @Test func theFingerprintOfAKnownQuestionNeverChanges() {
        #expect(QuestionFingerprint(text: "", answer: "").description == "af63d24c8601db8e")
        #expect(QuestionFingerprint(capital).description == "81292e23b66a04b7")
        #expect(QuestionFingerprint(hex: QuestionFingerprint(capital).description) == QuestionFingerprint(capital))
        #expect(QuestionFingerprint(hex: "xyz") == nil)
    }
}

@Suite struct QuestionStatsTests {
    static let crown = RoomLeague(id: "crown", name: "Tuesdays at The Crown")

    /// Two league nights and a one-off, written as the server writes them.
    /// Each player on their own phone in every game (the league's identity: name and device).
    func archive() throws -> (TemporaryDirectory, [PlayedGame]) {
        let directory = TemporaryDirectory()
        let phones = ["phone-ann", "phone-bob", "phone-cid", "phone-dee"]
        let games = [
            try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000, league: Self.crown, devices: phones),
            try PlayedGame.wholeGame(code: "BBBB", at: 1_700_604_800_000, teams: ("Blues", "Reds, Inc."), league: Self.crown, devices: phones),
            try PlayedGame.wholeGame(code: "CCCC", at: 1_701_209_600_000, devices: phones),
        ]
        try writeArchive(games, to: directory.path)
        return (directory, games)
    }

    func stats(_ directory: String, _ selection: GameSelection) throws -> [QuestionStats] {
        var builder = QuestionStatsBuilder()
        _ = try ReplayArchive(paths: [directory]).scan(depth: .replay, now: 1_702_000_000_000) { game in
            if selection.names(game), selection.leftOut(game) == nil { builder.add(game) }
        }
        return builder.finish()
    }

    @Test func eachQuestionIsCountedOncePerGameItWasAskedIn() throws {
        let (directory, _) = try archive()
        let all = try stats(directory.path, GameSelection())
        #expect(all.count == PlayedGame.pack().rounds.flatMap(\.questions).count)
        #expect(all.allSatisfy { $0.timesAsked == 3 && $0.answers == 12 })
        #expect(all[0].games == ["AAAA@1", "BBBB@1", "CCCC@1"])
        #expect(all[0].lastLeague == nil)
        let league = try stats(directory.path, GameSelection(league: "crown"))
        #expect(league.allSatisfy { $0.timesAsked == 2 && $0.lastLeague == "Tuesdays at The Crown" })
        let lastWeek = try stats(directory.path, GameSelection(since: 1_700_604_800_000))
        #expect(lastWeek.allSatisfy { $0.timesAsked == 2 })
    }

    /// The figures are the games' own: they agree with the per-game export's rows.
    @Test func rightAnswersAndResponseTimesAgreeWithTheExport() throws {
        let (directory, _) = try archive()
        let all = try stats(directory.path, GameSelection())
        var rows: [AnswerRow] = []
        _ = try ReplayArchive(paths: [directory.path]).scan(depth: .replay, now: 1_702_000_000_000) { game in
            rows += (try? AnswerExport.rows(of: game)) ?? []
        }
        for question in all {
            let answers = rows.filter { $0.kind == .answer && $0.questionText == question.text && $0.responseMs != nil && $0.reason == nil }
            #expect(question.right == answers.filter { $0.correct == true }.count, "\(question.text)")
            #expect(question.judged == answers.filter { $0.correct != nil }.count, "\(question.text)")
            let times = answers.compactMap(\.responseMs).sorted()
            #expect(question.responseMedianMs == QuestionStats.percentile(times, 50), "\(question.text)")
        }
        let poll = try #require(all.first { $0.kind == "poll" })
        #expect(poll.percentRight == nil)
        #expect(poll.counts.map(\.count) == [3, 9])
        #expect(poll.counts.allSatisfy { $0.right == nil })
        let capital = try #require(all.first { $0.text == "Capital of Australia?" })
        #expect(capital.counts.map(\.answer) == ["Sydney", "Canberra", "Melbourne", "Perth"])
        #expect(capital.counts.map(\.right) == [false, true, false, false])
        #expect(capital.counts.map(\.count).reduce(0, +) == 12)
        let typed = try #require(all.first { $0.kind == "text" })
        #expect(typed.counts.first { $0.right == false } != nil)
    }

    @Test func percentilesAreNearestRank() {
        #expect(QuestionStats.percentile([], 50) == nil)
        #expect(QuestionStats.percentile([7], 90) == 7)
        #expect(QuestionStats.percentile([1, 2, 3, 4], 50) == 2)
        #expect(QuestionStats.percentile(Array(1...10), 90) == 9)
        #expect(QuestionStats.percentile(Array(1...10), 100) == 10)
    }

    @Test func anIncompleteGameIsLeftOutAndNamed() throws {
        let (directory, _) = try archive()
        var log = try LogFile(directory: directory.path)
        let answer = try #require(log.lines.firstIndex { $0.contains(#""room":"BBBB""#) && $0.contains("answer_recorded") })
        log.lines.remove(at: answer)
        try log.save()
        var named: [String] = []
        var taken: [String] = []
        let selection = GameSelection(league: "crown")
        _ = try ReplayArchive(paths: [directory.path]).scan(depth: .replay, now: 1_702_000_000_000) { game in
            guard selection.names(game) else { return }
            if let reason = selection.leftOut(game) { named.append(reason) } else { taken.append(game.id) }
        }
        #expect(taken == ["AAAA@1"])
        #expect(named.count == 1 && named[0].hasPrefix("BBBB@1: "), "\(named)")
    }
}

@Suite struct SeasonAnswerExportTests {
    @Test func everyAnswerOfEveryGameIsOneRowWithItsFingerprint() throws {
        let (directory, games) = try QuestionStatsTests().archive()
        var export = SeasonAnswerExport(pseudonymize: false)
        _ = try ReplayArchive(paths: [directory.path]).scan(depth: .replay, now: 1_702_000_000_000) { game in
            try? export.add(game)
        }
        let lines = export.csv().split(separator: "\r\n").map(String.init)
        #expect(lines[0] == SeasonAnswerExport.columns.joined(separator: ","))
        let answers = games.reduce(0) { sum, game in sum + game.room.asked.reduce(0) { $0 + $1.answers.count } }
        #expect(lines.count - 1 == answers)
        let fingerprint = QuestionFingerprint(PlayedGame.pack().rounds[0].questions[0]).description
        #expect(lines.filter { $0.contains(",\(fingerprint),") }.count == 12)
        #expect(lines[1].hasPrefix("AAAA@1,2023-11-14T22:13:20.000Z,crown,1,1,\(fingerprint),"), "\(lines[1])")
        #expect(lines.contains { $0.hasPrefix("CCCC@1,2023-11-28T22:13:20.000Z,,") })
    }

    @Test func pseudonymsHideNamesAndStayTheSameAcrossGames() throws {
        let (directory, _) = try QuestionStatsTests().archive()
        var export = SeasonAnswerExport(pseudonymize: true)
        _ = try ReplayArchive(paths: [directory.path]).scan(depth: .replay, now: 1_702_000_000_000) { game in
            try? export.add(game)
        }
        let json = export.json()
        for name in ["Ann", "Bob", "Cid", "Dee", "Reds", "Blues"] { #expect(!json.contains(name), "\(name)") }
        // Row by row against the export with names: each name has one pseudonym and each pseudonym one name.
        var named = SeasonAnswerExport(pseudonymize: false)
        _ = try ReplayArchive(paths: [directory.path]).scan(depth: .replay, now: 1_702_000_000_000) { game in
            try? named.add(game)
        }
        let hidden = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(named.json().utf8)) as? [[String: Any]])
        #expect(hidden.count == shown.count)
        for field in ["player", "team"] {
            var forward: [String: String] = [:], backward: [String: String] = [:]
            for (row, real) in zip(hidden, shown) {
                guard let name = real[field] as? String, let alias = row[field] as? String else { continue }
                #expect(forward[name, default: alias] == alias && backward[alias, default: name] == name, "\(field) \(name) / \(alias)")
                forward[name] = alias
                backward[alias] = name
            }
            #expect(forward.count == (field == "player" ? 4 : 2), "\(forward)")
        }
        // Ann plays all three games under one pseudonym.
        let ann = shown.indices.filter { shown[$0]["player"] as? String == "Ann" }
        #expect(Set(ann.compactMap { hidden[$0]["game"] as? String }) == ["AAAA@1", "BBBB@1", "CCCC@1"])
    }
}
