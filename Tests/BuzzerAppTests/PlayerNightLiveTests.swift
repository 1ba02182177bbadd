@testable import BuzzerApp
import BuzzerArchive
import BuzzerTestSupport
import Foundation
import Testing

/// "Your nights", question by question (`GET /api/leagues/ID/me/games/KEY`, docs/league.md): a
/// league game played by two phones, each phone's night read back with its answers, the right
/// answers, points, times and the room's share; nobody else can open it; a corrected key changes
/// the affected phone's night, and a restart reads the same.
@Suite struct PlayerNightLiveTests {
    typealias Reply = LibraryAPILiveTests.Reply

    /// A test that polls from one address lifts the computed answers' ration (`http.compute*`) out of its way.
    static func unrationed(_ config: inout BuzzerConfig) {
        config.http.computeBurst = 10_000
        config.http.computeRequestsPerMinute = 60_000
    }

    func night(_ server: LiveGameServer, _ league: String, _ key: String, device: String?) throws -> Reply {
        try LibraryAPILiveTests.request(server.port, "GET", "/api/leagues/\(league)/me/games/\(key)",
                                        headers: device.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }

    func questions(_ reply: Reply) throws -> [[String: Any]] {
        #expect(reply.status == 200, "\(reply.body)")
        return try #require(reply.json["questions"] as? [[String: Any]])
    }

    /// A player's answer rows of the results download, by question number: what the night must agree with.
    func resultRows(_ server: LiveGameServer, _ played: CorrectionLiveTests.Played, player: String) throws -> [Int: [String: Any]] {
        let reply = try LibraryAPILiveTests.request(server.port, "GET", "/api/rooms/\(played.code)/results.json", token: played.hostToken)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [[String: Any]])
        var byQuestion: [Int: [String: Any]] = [:]
        for row in rows where row["player"] as? String == player && row["kind"] as? String == "answer" {
            byQuestion[try #require(row["question"] as? Int)] = row
        }
        return byQuestion
    }

    /// The league's key of the one game played.
    func gameKey(_ server: LiveGameServer, _ league: String) throws -> String {
        var key: String?
        #expect(eventually(timeout: 10) {
            let mine = try? LibraryAPILiveTests.request(server.port, "GET", "/api/leagues/\(league)/me", headers: ["Authorization": "Bearer device-bob"]).json
            key = (mine?["nights"] as? [[String: Any]])?.first?["game"] as? String
            return key != nil
        })
        return try #require(key)
    }

    @Test func eachPhoneReadsItsOwnNightWhichFollowsACorrectionAndARestart() throws {
        let directory = ScratchFolder.make("buzzer-night", create: false)
        // The test asks for its nights again and again from one address: past the computed answers' ration.
        var server = try LiveGameServer(archiveDirectory: directory, Self.unrationed)
        defer { server.stop() }
        let played = try CorrectionLiveTests.play(server)
        let key = try gameKey(server, played.league)

        // Bob said 330 to a key of 300; both said true to the second. The night agrees with the results download.
        let bob = try night(server, played.league, key, device: "device-bob")
        #expect(bob.header("Vary") == "Authorization")
        #expect(bob.json["nickname"] as? String == "Bob" && bob.json["code"] as? String == played.code)
        let before = try questions(bob)
        #expect(before.count == 2)
        let rows = try resultRows(server, played, player: "Bob")
        for question in before {
            let number = try #require(question["number"] as? Int)
            let row = try #require(rows[number])
            #expect(question["answer"] as? String == row["answer"] as? String)
            #expect(question["points"] as? Int == row["points"] as? Int)
            #expect((question["responseMs"] as? NSNumber)?.int64Value == (row["response_ms"] as? NSNumber)?.int64Value)
            #expect(question["responseMs"] as? Int != nil)
        }
        #expect(before[0]["text"] as? String == "Height of the Eiffel Tower, in metres?" && before[0]["kind"] as? String == "number")
        #expect(before[0]["answer"] as? String == "330" && before[0]["right"] as? String == "300")
        #expect(before[0]["correct"] as? Bool == false && before[0]["points"] as? Int == 0)
        #expect(before[0]["percentRight"] as? Int == 50 && before[0]["voided"] as? Bool == false)
        #expect(before[1]["correct"] as? Bool == true && before[1]["percentRight"] as? Int == 100)
        #expect((before[1]["points"] as? Int ?? 0) > 0)
        let ada = try questions(night(server, played.league, key, device: "device-ada"))
        #expect(ada[0]["answer"] as? String == "300" && ada[0]["correct"] as? Bool == true)

        // Nobody else opens it: another phone and no phone; a game the league lacks.
        let stranger = try night(server, played.league, key, device: "device-eve")
        #expect(stranger.status == 404 && stranger.json["code"] as? String == "unknown_game", "\(stranger.body)")
        let anonymous = try night(server, played.league, key, device: nil)
        #expect(anonymous.status == 401 && anonymous.json["code"] as? String == "device_required", "\(anonymous.body)")
        #expect(try night(server, played.league, "ZZZZ-1", device: "device-bob").status == 404)
        #expect(try night(server, "no-such-league", key, device: "device-bob").json["code"] as? String == "unknown_league")
        #expect(try night(server, played.league, key, device: String(repeating: "x", count: 129)).status == 400)

        // The key corrected through the API: Bob's night shows the new right answer and his points.
        let correction = #"{"action":"answer_key","question":1,"answer_key":{"kind":"number","answer":330},"reason":"The Eiffel Tower is 330 m, not 300"}"#
        let made = try LibraryAPILiveTests.request(server.port, "POST", "/api/games/\(played.code)/corrections", body: correction, token: played.hostToken)
        #expect(made.status == 200, "\(made.body)")
        func followsTheCorrection(_ server: LiveGameServer) throws {
            var after: [[String: Any]] = []
            #expect(eventually(timeout: 10) {
                after = (try? questions(night(server, played.league, key, device: "device-bob"))) ?? []
                return after.first?["right"] as? String == "330"
            })
            #expect(after.first?["correct"] as? Bool == true)
            let points = try #require(after.first?["points"] as? Int)
            let downloaded = try resultRows(server, played, player: "Bob")[1]?["points"] as? Int
            #expect(points > 0 && points == downloaded)
            let reply = try night(server, played.league, key, device: "device-bob")
            let corrections = try #require(reply.json["corrections"] as? [[String: Any]])
            #expect(corrections.count == 1 && corrections[0]["reason"] as? String == "The Eiffel Tower is 330 m, not 300")
            #expect(reply.json["place"] as? Int == 1)
            let ada = try questions(night(server, played.league, key, device: "device-ada"))
            #expect(ada[0]["correct"] as? Bool == false && ada[0]["points"] as? Int == 0)
        }
        try followsTheCorrection(server)

        // A restart reads the same log: the same corrected night.
        server.stop()
        server = try LiveGameServer(archiveDirectory: directory, Self.unrationed)
        try followsTheCorrection(server)
    }

    /// Another instance's archive (`league.archives`) whose files went away (a folder unmounted)
    /// while this instance's league still lists the game: the night says why it cannot be shown
    /// (409 `unreadable_game`), and the league's own page still answers.
    @Test func aNightWhoseLinesAreGoneSaysSoAndTheLeagueStillAnswers() throws {
        let other = ScratchFolder.make("buzzer-night-other", create: false)
        defer { try? FileManager.default.removeItem(atPath: other) }
        let writer = try LiveGameServer(archiveDirectory: other)
        let played = try CorrectionLiveTests.play(writer)
        writer.stop()
        // Ten minutes between looks at the other archive: the league keeps the game it read first.
        let server = try LiveGameServer { $0.league.archives = [other]; $0.league.refreshMilliseconds = 600_000 }
        defer { server.stop() }
        let key = try gameKey(server, played.league)
        for file in try ArchiveFileName.logFiles(in: other) { try FileManager.default.removeItem(atPath: file) }

        let gone = try night(server, played.league, key, device: "device-bob")
        #expect(gone.status == 409 && gone.json["code"] as? String == "unreadable_game", "\(gone.body)")
        // It says what happened, and nothing of where the server keeps its files.
        let said = try #require(gone.json["error"] as? String)
        #expect(said.contains("cannot read game \(key)") && !said.contains(other) && !said.contains("/"), "\(said)")
        #expect(gone.header("Vary") == "Authorization")
        #expect(try LibraryAPILiveTests.request(server.port, "GET", "/api/leagues/\(played.league)").status == 200)
    }

    /// "Your nights" are answers computed for their caller: rationed per address with the other
    /// computed answers (`http.compute*`, 429), and the nights' queue takes at most
    /// `league.nightsQueued` requests; one more is refused at once with 503 `busy`.
    @Test func yourNightsAreRationedPerAddressAndTheirQueueIsBounded() throws {
        let server = try LiveGameServer { $0.league.nightsQueued = 1 }
        defer { server.stop() }
        let played = try CorrectionLiveTests.play(server)
        let key = try gameKey(server, played.league)
        let nights = server.game.service.context.leagues.nights
        // The nights' queue is held: the first phone's request waits there, the next is refused.
        let hold = DispatchSemaphore(value: 0), answered = DispatchSemaphore(value: 0)
        nights.queue.async { hold.wait() }
        /// Written by the one request's thread before `answered` is signalled, read after the wait: the semaphore orders the two.
        final class Box: @unchecked Sendable { var status: Int? }
        let first = Box()
        let port = server.port, path = "/api/leagues/\(played.league)/me/games/\(key)"
        DispatchQueue.global().async {
            first.status = try? LibraryAPILiveTests.request(port, "GET", path, headers: ["Authorization": "Bearer device-ada"]).status
            answered.signal()
        }
        #expect(eventually(timeout: 10) { nights.admittedCount == 1 })
        let busy = try night(server, played.league, key, device: "device-bob")
        #expect(busy.status == 503 && busy.json["code"] as? String == "busy" && busy.header("Retry-After") == "1", "\(busy.status) \(busy.body)")
        hold.signal()
        #expect(answered.wait(timeout: .now() + 10) == .success)
        #expect(first.status == 200)
        #expect(nights.admittedCount == 0)

        let rationed = try LiveGameServer { $0.http.computeBurst = 2; $0.http.computeRequestsPerMinute = 1 }
        defer { rationed.stop() }
        let device = ["Authorization": "Bearer device-ada"]
        for path in ["/api/leagues/crown/me", "/api/leagues/crown/me/games/ABCD-1"] {
            #expect(try LibraryAPILiveTests.request(rationed.port, "GET", path, headers: device).status == 404)
        }
        let limited = try LibraryAPILiveTests.request(rationed.port, "GET", "/api/leagues/crown/me", headers: device)
        #expect(limited.status == 429 && limited.header("Retry-After") != nil, "\(limited.status) \(limited.body)")
        #expect(try LibraryAPILiveTests.request(rationed.port, "GET", "/api/leagues/crown/me/games/ABCD-1", headers: device).status == 429)
    }
}
