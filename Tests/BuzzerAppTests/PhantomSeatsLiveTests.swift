import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// Found by the security review: a guest added 6,700 phantom players to someone else's room in
/// 15 s by joining and leaving, because `maxPlayers` counted only the players still there. Now a
/// seat counts after its player leaves (`maxSeats`), and one address's right-code joins are rationed
/// (`rooms.joinBurst`, then `rooms.joinsPerMinute`), while a player who drops and comes back
/// takes their old seat.
@Suite(.serialized)
struct PhantomSeatsLiveTests {
    static func createRoom(_ server: LiveGameServer, settings: [String: Any] = [:]) throws -> (host: GameClient, code: String) {
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken, "settings": settings])
        return (host, try #require(try host.next("created")["code"] as? String))
    }

    /// Joins as `name` and leaves at once: one phantom.
    static func joinAndLeave(_ server: LiveGameServer, code: String, _ name: String) throws {
        let ghost = try GameClient(port: server.port)
        try ghost.send(type: "join", ["code": code, "nickname": name])
        try ghost.next("joined")
        try ghost.send(type: "leave")
        try ghost.next("ok")
    }

    @Test func joiningAndLeavingStopsAtTheRoomsSeatsWhileADroppedPlayerResumes() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (host, code) = try Self.createRoom(server, settings: ["maxPlayers": 2, "maxSeats": 4])
        let ann = try GameClient(port: server.port)
        try ann.send(type: "join", ["code": code, "nickname": "Ann", "device": "phone-ann"])
        let token = try #require(try ann.next("joined")["resumeToken"] as? String)
        for n in 1...3 { try Self.joinAndLeave(server, code: code, "Ghost \(n)") }
        let refused = try GameClient(port: server.port)
        try refused.send(type: "join", ["code": code, "nickname": "Ghost 4"])
        let error = try refused.next("error")
        #expect(error["code"] as? String == "room_full")
        #expect((error["message"] as? String)?.contains("4 seats") == true, "\(error)")

        // Ann's phone drops; she comes back by her token, on her old seat.
        ann.drop()
        let back = try GameClient(port: server.port)
        try back.send(type: "resume", ["code": code, "token": token])
        let resumed = try back.next("joined")
        #expect(resumed["resumed"] as? Bool == true)
        #expect(resumed["player"] as? Int == 1)
        // The host sees Ann back, and the log holds the four seats, never more.
        #expect(eventually {
            host.drain(quiet: 0.05)
            let list = host.received.last(where: { $0["type"] as? String == "players" })?["players"] as? [[String: Any]]
            return list?.map { "\($0["nickname"] ?? "") \($0["status"] ?? "")" } == ["Ann connected"]
        })
        let seats = try server.loggedEvents(of: code).filter { if case .playerJoined = $0 { true } else { false } }
        #expect(seats.count == 4)
    }

    @Test func oneAddressJoinsAtMostItsBurstAtOnceButResumesAndWatchesStillGetIn() throws {
        let server = try LiveGameServer {
            $0.rooms.joinBurst = 3
            $0.rooms.joinsPerMinute = 1
        }
        defer { server.stop() }
        let (_, code) = try Self.createRoom(server)
        let ann = try GameClient(port: server.port)
        try ann.send(type: "join", ["code": code, "nickname": "Ann"])
        let token = try #require(try ann.next("joined")["resumeToken"] as? String)
        for n in 1...2 { try Self.joinAndLeave(server, code: code, "Ghost \(n)") }
        let past = try GameClient(port: server.port)
        try past.send(type: "join", ["code": code, "nickname": "Ghost 3"])
        let error = try past.next("error")
        #expect(error["code"] as? String == "rate_limited")
        #expect((error["message"] as? String)?.contains("rooms.joinsPerMinute") == true, "\(error)")
        // Another address joins as usual.
        let elsewhere = try GameClient(port: server.port, from: "127.0.0.2")
        try elsewhere.send(type: "join", ["code": code, "nickname": "Bob"])
        try elsewhere.next("joined")
        // A resume and a projector from the limited address are never counted.
        ann.drop()
        let back = try GameClient(port: server.port)
        try back.send(type: "resume", ["code": code, "token": token])
        #expect(try back.next("joined")["resumed"] as? Bool == true)
        let display = try GameClient(port: server.port)
        try display.send(type: "watch", ["code": code])
        try display.next("watching")
    }
}
