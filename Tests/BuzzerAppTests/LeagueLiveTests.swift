@testable import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// The league routes and a league `create` over real sockets (docs/league.md): every error code they
/// document, the ETag, a phone's nights by its device id only, and the owner's changes written to the
/// league file.
@Suite struct LeagueLiveTests {
    typealias Reply = LibraryAPILiveTests.Reply

    static func server() throws -> LiveGameServer {
        let dir = ScratchFolder.make("buzzer-league-live", create: false)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(LeagueTests.archive.utf8).write(to: URL(fileURLWithPath: dir + "/buzzer-20250106-190000-000000000001.jsonl"))
        return try LiveGameServer(archiveDirectory: dir)
    }

    func get(_ server: LiveGameServer, _ path: String, headers: [String: String] = [:]) throws -> Reply {
        try LibraryAPILiveTests.request(server.port, "GET", path, headers: headers)
    }

    func teams(_ server: LiveGameServer) throws -> [String] {
        let standings = try get(server, "/api/leagues/crown").json["standings"] as? [String: Any]
        let all = (standings?["tables"] as? [[String: Any]])?.first { $0["period"] as? String == "all" }
        return (all?["teams"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func standingsNightsAndTheOwnersChanges() throws {
        let server = try Self.server()
        defer { server.stop() }
        let token = LiveGameServer.editToken
        #expect(eventually(timeout: 10) { (try? get(server, "/api/leagues").body.contains(#""id":"crown""#)) == true })

        // The standings, with an ETag a poll sends back for a 304.
        let first = try get(server, "/api/leagues/crown")
        #expect(first.status == 200)
        let etag = try #require(first.header("ETag"))
        #expect(try get(server, "/api/leagues/crown", headers: ["If-None-Match": etag]).status == 304)
        #expect(try teams(server).sorted() == ["Owls", "Reds", "The Owls"])

        // Every value from outside is checked where it enters.
        for (path, status, code) in [("/api/leagues/Crown!", 400, "bad_league_id"), ("/api/leagues/nowhere", 404, "unknown_league"),
                                     ("/api/leagues/crown?asOf=-1", 400, "bad_query"), ("/api/leagues/crown/me", 401, "device_required"),
                                     ("/api/leagues/crown/games/nothing", 404, "unknown_game")] {
            let reply = try get(server, path)
            #expect(reply.status == status, "\(path)")
            #expect(reply.json["code"] as? String == code, "\(path): \(reply.body)")
        }

        // A phone's nights, by its own device id only.
        func nights(_ device: String) throws -> Int {
            (try get(server, "/api/leagues/crown/me", headers: ["Authorization": "Bearer \(device)"]).json["nights"] as? [Any])?.count ?? -1
        }
        #expect(try nights("d1") == 2)
        #expect(try nights("d2") == 1)
        #expect(try nights("someone-else") == 0)

        // The owner's changes need the edit token, and land in the league file.
        let alias = #"{"kind":"team","from":"Owls","into":"The Owls"}"#
        #expect(try LibraryAPILiveTests.request(server.port, "POST", "/api/leagues/crown/aliases", body: alias).status == 401)
        #expect(try LibraryAPILiveTests.request(server.port, "POST", "/api/leagues/crown/aliases", body: "{}", token: token).json["code"] as? String == "bad_alias")
        #expect(try LibraryAPILiveTests.request(server.port, "POST", "/api/leagues/crown/aliases", body: alias, token: token).status == 200)
        #expect(try teams(server) == ["The Owls", "Reds"])
        let file = try String(contentsOfFile: server.archiveDirectory + "/leagues.json", encoding: .utf8)
        #expect(file.contains(#""into" : "The Owls""#))
        #expect(try LibraryAPILiveTests.request(server.port, "DELETE", "/api/leagues/crown/aliases?kind=team&from=Owls", body: nil, token: token).status == 200)
        #expect(try teams(server).sorted() == ["Owls", "Reds", "The Owls"])
        let badZone = try LibraryAPILiveTests.request(server.port, "PUT", "/api/leagues/crown", body: #"{"timeZone":"Mars/Olympus"}"#, token: token)
        #expect(badZone.status == 422 && badZone.json["code"] as? String == "invalid_league")
        let places = try LibraryAPILiveTests.request(server.port, "PUT", "/api/leagues/crown", body: #"{"scoring":"places"}"#, token: token)
        #expect(places.status == 200 && places.json["scoring"] as? String == "places")
    }

    /// Scale-out: another instance's archive folder (`league.archives`) is read too, and a game it
    /// ends shows here within `league.refreshMilliseconds`.
    @Test func anotherInstancesGamesCountHere() throws {
        let other = ScratchFolder.make("buzzer-league-other", create: false)
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: other) }
        let server = try LiveGameServer {
            $0.league.archives = [other]
            $0.league.refreshMilliseconds = 100
        }
        defer { server.stop() }
        #expect(try get(server, "/api/leagues/crown").status == 404)
        try Data(LeagueTests.archive.utf8).write(to: URL(fileURLWithPath: other + "/buzzer-20250106-190000-000000000001.jsonl"))
        #expect(eventually(timeout: 10) { (try? teams(server).sorted()) == ["Owls", "Reds", "The Owls"] })
    }

    @Test func aLeagueGameNeedsTheEditTokenAndAKnownLeagueOrAName() throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        let pack = LiveGameServer.pack
        #expect(try host.expectError(after: ["type": "create", "questions": pack, "league": ["id": "crown"]]) == "token_required")
        #expect(try host.expectError(after: ["type": "create", "questions": pack, "token": LiveGameServer.editToken, "league": ["id": "new-one"]]) == "unknown_league")
        try host.send(["type": "create", "questions": pack, "token": LiveGameServer.editToken, "league": ["name": "New One", "scoring": "places"]])
        let created = try host.next("created")
        #expect((created["league"] as? [String: String]) == ["id": "new-one", "name": "New One"])
        // The room's first line records it.
        let events = try server.loggedEvents(of: created["code"] as! String)
        guard case .roomCreated(let first)? = events.first else {
            Issue.record("no room_created")
            return
        }
        #expect(first.league?.id == "new-one")
        #expect(eventually(timeout: 10) { (try? String(contentsOfFile: server.archiveDirectory + "/leagues.json", encoding: .utf8))?.contains("new-one") == true })
    }
}
