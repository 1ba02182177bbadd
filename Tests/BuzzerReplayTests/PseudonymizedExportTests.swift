import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

/// Found by the security review: the pseudonymized export merged two "Ann"s on two phones into one
/// `player-1`, while the league tells them apart by device, and each pseudonym's points per game
/// matched the public league game pages, which name everyone.
@Suite struct PseudonymizedExportTests {
    /// Two games; in the second, another "Ann" plays on another phone, and a third plays with no device id.
    func export(withoutGameTimePoints: Bool = false) throws -> SeasonAnswerExport {
        let directory = TemporaryDirectory()
        let games = [
            try PlayedGame.wholeGame(code: "AAAA", at: 1_700_000_000_000, devices: ["phone-ann", "phone-bob", nil, "phone-dee"]),
            try PlayedGame.wholeGame(code: "BBBB", at: 1_700_604_800_000, devices: ["phone-other-ann", "phone-bob", nil, "phone-dee"]),
        ]
        try writeArchive(games, to: directory.path)
        var export = SeasonAnswerExport(pseudonymize: true, withoutGameTimePoints: withoutGameTimePoints)
        _ = try ReplayArchive(paths: [directory.path]).scan(depth: .replay, now: 1_702_000_000_000) { game in
            try? export.add(game)
        }
        return export
    }

    func rows(_ export: SeasonAnswerExport) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(export.json().utf8)) as? [[String: Any]])
    }

    @Test func pseudonymsFollowTheLeaguesIdentityNameAndDevice() throws {
        let rows = try rows(try export())
        func players(in game: String) -> Set<String> {
            Set(rows.filter { $0["game"] as? String == game }.compactMap { $0["player"] as? String })
        }
        let (first, second) = (players(in: "AAAA@1"), players(in: "BBBB@1"))
        #expect(first.count == 4 && second.count == 4)
        // Bob and Dee kept their phones: the same two pseudonyms in both games. The two Anns are two
        // players, and Cid, with no device id, is a new one in each game (as on the league's table).
        #expect(first.intersection(second).count == 2, "\(first) \(second)")
        #expect(Set(rows.compactMap { $0["player"] as? String }).count == 6)
    }

    @Test func withoutGameTimePointsLeavesOutWhatThePublicPagesMatchAndTheGamesOrder() throws {
        let export = try export(withoutGameTimePoints: true)
        #expect(export.columns == ["league", "fingerprint", "question_text", "player", "team", "answer", "correct", "outcome"])
        let csv = export.csv()
        #expect(csv.hasPrefix("league,fingerprint,question_text,player,team,answer,correct,outcome\r\n"))
        let rows = try rows(export)
        #expect(rows.count == 48, "every answer is still a row")
        for row in rows {
            for gone in ["game", "started_at", "round", "question", "response_ms", "points"] { #expect(row[gone] == nil, "\(gone)") }
        }
        let keys = rows.map { "\($0["fingerprint"] as? String ?? "")|\($0["player"] as? String ?? "")" }
        #expect(keys == keys.sorted(), "sorted by question, then player: not in the games' order")
        #expect(!csv.contains("Ann") && !csv.contains("AAAA"))
    }
}
