import BuzzerApp
import BuzzerTestSupport
import Foundation
import Testing

/// Anonymous creates over real sockets: an address has an allowance of rooms, a connection a number
/// of requests, and nobody who joins is held back (every client here is 127.0.0.1, like a bar's NAT).
@Suite(.serialized)
struct CreateRateLimitLiveTests {
    @Test func anAddressPastItsCreatesIsRateLimitedWhileItsPlayersStillJoin() throws {
        let clock = ManualClock()
        let server = try LiveGameServer(clock: { clock.now }) {
            $0.rooms.createBurst = 2
            $0.rooms.createsPerMinute = 1
        }
        defer { server.stop() }
        var hosts: [GameClient] = []
        for _ in 0..<2 {
            let host = try GameClient(port: server.port)
            try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
            try host.next("created")
            hosts.append(host)
        }
        let code = try #require(hosts[0].received.first { $0["type"] as? String == "created" }?["code"] as? String)

        let third = try GameClient(port: server.port)
        #expect(try third.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "rate_limited")
        let refusal = try #require(third.received.last { $0["type"] as? String == "error" })
        #expect(refusal["request"] as? String == "create")
        #expect((refusal["message"] as? String)?.contains("try again in 60 s") == true, "\(refusal)")
        #expect(server.game.service.roomCount == 2)

        // Joins are not creates: thirty players from the same address take their seats.
        for n in 0..<30 {
            let phone = try GameClient(port: server.port)
            try phone.send(type: "join", ["code": code, "nickname": "Player \(n)"])
            try phone.next("joined")
        }

        // A minute later the address has one create again, on the same connection.
        clock.advance(by: 60_000)
        try third.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try third.next("created")
    }

    @Test func aRefusedCreateUsesNoneOfTheAllowance() throws {
        let server = try LiveGameServer {
            $0.rooms.createBurst = 1
            $0.rooms.createsPerMinute = 1
        }
        defer { server.stop() }
        // A host whose pack name is wrong, then whose settings are wrong, fixes both and gets the room.
        let host = try GameClient(port: server.port)
        #expect(try host.expectError(after: ["type": "create", "pack": "no-such-pack", "token": LiveGameServer.editToken]) == "pack_not_found")
        #expect(try host.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken, "settings": ["timeLimitSeconds": 0]]) == "invalid_settings")
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try host.next("created")
        let other = try GameClient(port: server.port)
        #expect(try other.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "rate_limited")
    }

    @Test func aConnectionPastItsCreateRequestsIsRefusedAndClosed() throws {
        let server = try LiveGameServer { $0.rooms.createsPerConnection = 3 }
        defer { server.stop() }
        let client = try GameClient(port: server.port)
        for _ in 0..<3 {
            #expect(try client.expectError(after: ["type": "create", "pack": "no-such-pack", "token": LiveGameServer.editToken]) == "pack_not_found")
        }
        #expect(try client.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "rate_limited")
        #expect(throws: GameClientError.self) { try client.next("created", timeout: 5) }
        #expect(client.lastCloseCode == 1008)
        #expect(server.game.service.roomCount == 0)
        // The address is not limited: a new connection creates.
        let fresh = try GameClient(port: server.port)
        try fresh.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try fresh.next("created")
    }

    /// Found by the security review: creates refused before the entrance (an invalid inline pack,
    /// `already_in_room`) were not counted, although "refused ones included" is the rule.
    @Test func createsRefusedBeforeTheEntranceCountAgainstTheConnection() throws {
        let server = try LiveGameServer { $0.rooms.createsPerConnection = 3 }
        defer { server.stop() }
        let client = try GameClient(port: server.port)
        #expect(try client.expectError(after: ["type": "create", "questions": "not a pack"]) == "bad_message")
        #expect(try client.expectError(after: ["type": "create", "questions": [["text": ""]]]) == "bad_message")
        try client.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try client.next("created")
        // The fourth: in a room already, and past the connection's three.
        #expect(try client.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "rate_limited")
        #expect(throws: GameClientError.self) { try client.next("created", timeout: 5) }
        #expect(client.lastCloseCode == 1008)

        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try host.next("created")
        for _ in 0..<2 {
            #expect(try host.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "already_in_room")
        }
        #expect(try host.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "rate_limited")
    }
}
