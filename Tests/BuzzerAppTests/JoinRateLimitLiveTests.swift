import BuzzerApp
import BuzzerTestSupport
import Foundation
import Synchronization
import Testing

/// Wrong codes over real sockets: a guesser is throttled, and nobody who names a live room is,
/// even from the guesser's own address (every client here is 127.0.0.1, like a bar behind one NAT).
@Suite(.serialized)
struct JoinRateLimitLiveTests {
    /// What a guesser running on another thread got back, one entry per guess.
    final class GuessLog: Sendable {
        let answers = Mutex<[String]>([])
        let stop = Atomic<Bool>(false)
        var count: Int { answers.withLock { $0.count } }
    }

    static func createRoom(_ server: LiveGameServer) throws -> (host: GameClient, code: String, token: String) {
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        let created = try host.next("created")
        return (host, try #require(created["code"] as? String), try #require(created["hostToken"] as? String))
    }

    @Test func aGuesserIsThrottledWhileAHundredPlayersBehindTheSameAddressJoin() throws {
        let server = try LiveGameServer {
            $0.rooms.failedJoinsPerMinute = 5
            $0.rooms.failedJoinDelayMilliseconds = 10
        }
        defer { server.stop() }
        let (host, code, hostToken) = try Self.createRoom(server)
        // Seated before the guessing starts: comes back later with its token.
        let early = try GameClient(port: server.port)
        try early.send(type: "join", ["code": code, "nickname": "Early"])
        let resumeToken = try #require(try early.next("joined")["resumeToken"] as? String)

        // The guesser spends the address's budget of wrong codes...
        let first = try GameClient(port: server.port)
        for guess in 0..<5 {
            #expect(try first.expectError(after: ["type": "join", "code": "NOPE\(guess)", "nickname": "x"]) == "room_not_found")
        }
        // ...and keeps guessing, a new connection for each guess, for as long as the bar is joining.
        let log = GuessLog(), port = server.port
        let guesserDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer { guesserDone.signal() }
            var guess = 5
            while !log.stop.load(ordering: .acquiring) || guess < 10 {
                guess += 1
                let answer: String
                do {
                    let guesser = try GameClient(port: port)
                    try guesser.send(["type": "join", "code": "NOPE\(guess)", "nickname": "x"])
                    answer = try guesser.next("error", timeout: 5)["code"] as? String ?? "?"
                } catch {
                    answer = "\(error)"
                }
                log.answers.withLock { $0.append(answer) }
            }
        }
        // Stopped exactly once, also when the test throws halfway: the guesser must not outlive it.
        let stopGuessing = { () -> Bool in
            guard !log.stop.exchange(true, ordering: .acquiringAndReleasing) else { return true }
            return guesserDone.wait(timeout: .now() + 30) == .success
        }
        defer { _ = stopGuessing() }
        #expect(eventually(timeout: 10) { log.count >= 1 })

        // A hundred players behind the same address join with the right code, none of them held up.
        var players: [GameClient] = []
        for index in 0..<100 {
            let player = try GameClient(port: server.port)
            try player.send(type: "join", ["code": code, "nickname": "Player \(index)"])
            #expect(try player.next("joined", timeout: 5)["nickname"] as? String == "Player \(index)")
            players.append(player)
        }
        // A valid resume (from a new connection, as after a reload), a projector's watch and the
        // host's return are never blocked either.
        let back = try GameClient(port: server.port)
        try back.send(type: "resume", ["code": code, "token": resumeToken])
        #expect(try back.next("joined", timeout: 5)["resumed"] as? Bool == true)
        let display = try GameClient(port: server.port)
        try display.send(type: "watch", ["code": code])
        try display.next("watching", timeout: 5)
        let console = try GameClient(port: server.port)
        try console.send(type: "host", ["code": code, "token": hostToken])
        try console.next("hosting", timeout: 5)
        withExtendedLifetime((host, early, players)) {}

        #expect(stopGuessing())
        let answers = log.answers.withLock { $0 }
        #expect(answers.count >= 5)
        #expect(answers.allSatisfy { $0 == "rate_limited" }, "\(answers)")
    }

    @Test func pastTheAddressLimitAWrongCodeIsRateLimitedAndItsConnectionClosedButTheRightCodeGetsIn() throws {
        let server = try LiveGameServer {
            $0.rooms.failedJoinsPerMinute = 3
            $0.rooms.failedJoinDelayMilliseconds = 10
        }
        defer { server.stop() }
        let (_, code, _) = try Self.createRoom(server)
        let guesser = try GameClient(port: server.port)
        for _ in 0..<3 {
            #expect(try guesser.expectError(after: ["type": "join", "code": "ZZZZZZ", "nickname": "x"]) == "room_not_found")
        }
        #expect(try guesser.expectError(after: ["type": "join", "code": "ZZZZZZ", "nickname": "x"]) == "rate_limited")
        // Every further guess costs a new connection.
        #expect(throws: GameClientError.self) { try guesser.next("error", timeout: 5) }
        #expect(guesser.lastCloseCode == 1008)
        // The right code, from the same address, at the same moment: straight in.
        let player = try GameClient(port: server.port)
        try player.send(type: "join", ["code": code, "nickname": "Ada"])
        try player.next("joined", timeout: 5)
        // While a typo from that address is still told it is rate limited.
        let typo = try GameClient(port: server.port)
        #expect(try typo.expectError(after: ["type": "join", "code": code + "X", "nickname": "Bob"]) == "rate_limited")
    }

    @Test func aConnectionWaitsLongerAfterEachWrongCodeAndIsClosedAtItsLimit() throws {
        let server = try LiveGameServer {
            $0.rooms.failedJoinsPerConnection = 3
            $0.rooms.failedJoinDelayMilliseconds = 200
        }
        defer { server.stop() }
        let client = try GameClient(port: server.port)
        let wrong: [String: Any] = ["type": "join", "code": "ZZZZZZ", "nickname": "x"]
        // A typo is answered at once.
        #expect(try client.expectError(after: wrong) == "room_not_found")
        // The second wrong code waits 200 ms, and the connection can try nothing else meanwhile.
        var sent = Date()
        try client.send(wrong)
        try client.send(["type": "join", "code": "YYYYYY", "nickname": "x"])
        #expect(try client.next("error")["code"] as? String == "busy")
        #expect(try client.next("error")["code"] as? String == "room_not_found")
        #expect(Date().timeIntervalSince(sent) >= 0.2)
        // The third waits 400 ms, and is the connection's last.
        sent = Date()
        #expect(try client.expectError(after: wrong) == "room_not_found")
        #expect(Date().timeIntervalSince(sent) >= 0.4)
        #expect(throws: GameClientError.self) { try client.next("error", timeout: 5) }
        #expect(client.lastCloseCode == 1008)
    }

    /// Found by the security review: `/qr/CODE.svg` (200 or 404) and the results download (401 or
    /// 404) told live codes from dead ones at thousands of guesses a second, and the wrong-code
    /// limiter never saw them. Now a miss over HTTP spends the same budget as a wrong `join`, while
    /// a hundred phones behind the guesser's address still join and the projector loads the QR code.
    @Test func wrongCodesOverHTTPSpendTheSameBudgetAsWrongJoins() throws {
        let server = try LiveGameServer {
            $0.rooms.failedJoinsPerMinute = 5
            $0.rooms.failedJoinDelayMilliseconds = 10
        }
        defer { server.stop() }
        let (_, code, hostToken) = try Self.createRoom(server)
        for guess in 0..<3 {
            #expect(try TestWebSocketClient.httpGet(port: server.port, path: "/qr/ZZZZZ\(guess).svg").status == 404)
        }
        #expect(try TestWebSocketClient.httpGet(port: server.port, path: "/api/rooms/ZZZZZ9/results.csv").status == 404)
        // The fifth miss, over the WebSocket: the same budget.
        let guesser = try GameClient(port: server.port)
        #expect(try guesser.expectError(after: ["type": "watch", "code": "ZZZZZ8"]) == "room_not_found")

        // Past it: every further miss is refused, whichever route it takes.
        let qr = try TestWebSocketClient.httpGetWithHead(port: server.port, path: "/qr/ZZZZZ7.svg")
        #expect(qr.status == 429)
        #expect(qr.head.contains("Retry-After: 60"), "\(qr.head)")
        #expect(try TestWebSocketClient.httpGet(port: server.port, path: "/api/rooms/ZZZZZ6/results.json").status == 429)
        let again = try GameClient(port: server.port)
        #expect(try again.expectError(after: ["type": "join", "code": "ZZZZZ5", "nickname": "x"]) == "rate_limited")

        // The right code is never limited: the projector's QR code, the host's results, a bar's phones.
        #expect(try TestWebSocketClient.httpGet(port: server.port, path: "/qr/\(code).svg").status == 200)
        let results = try TestWebSocketClient.httpGet(port: server.port, path: "/api/rooms/\(code)/results.csv", headers: ["Authorization": "Bearer \(hostToken)"])
        #expect(results.status == 200, "\(results.body)")
        var phones: [GameClient] = []
        for n in 0..<100 {
            let phone = try GameClient(port: server.port)
            try phone.send(type: "join", ["code": code, "nickname": "Table \(n)"])
            phones.append(phone)
            if n % 10 == 0 { #expect(try TestWebSocketClient.httpGet(port: server.port, path: "/qr/\(code).svg").status == 200) }
        }
        for phone in phones { try phone.next("joined") }
    }
}
