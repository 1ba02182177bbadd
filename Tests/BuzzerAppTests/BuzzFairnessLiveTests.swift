import BuzzerApp
import BuzzerBench
import BuzzerGame
import BuzzerTestSupport
import BuzzerTransport
import Foundation
import Testing

/// Who was first is decided fairly: three phones with 10, 150 and 400 ms round trips press in a known
/// order over real sockets, and the server's queue is the order they pressed in, not the order their
/// presses arrived in (docs/kinds-buzz.md).
@Suite(.serialized)
struct BuzzFairnessLiveTests {
    @Test func theQueueFollowsThePressOrderWhateverEachPhonesDelay() throws {
        // The phones' networks are simulated in user space, which only the pongs show: trust them here.
        // Pings a second apart, so a 400 ms pong on a loaded machine still answers the ping outstanding.
        let server = try LiveGameServer { config in
            config.timeouts.pingIntervalSeconds = 1
            config.transport.roundTrip = .pongs
        }
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        let pack: [String: Any] = ["title": "Buzzer", "questions": [
            ["kind": "buzz", "category": "Capitals", "text": "Capital of Australia?", "answer": ["Canberra"], "penalty": 100, "openBuzzers": "host"],
        ]]
        // 400 ms round trips are corrected by 200 ms: the cap must be at least that.
        try host.send(type: "create", ["questions": pack, "settings": ["rttCompensationCapMs": 1000, "timeLimitSeconds": 60, "scoring": "flat"]])
        let code = try #require(try host.next("created")["code"] as? String)

        // Far presses first, then Mid, then Near, 40 ms apart: they arrive Near, Mid, Far.
        let phones = [("Far", 400), ("Mid", 150), ("Near", 10)]
        var clients: [DelayedWebSocketClient] = []
        var ids: [String: Int] = [:]
        for (name, rtt) in phones {
            let client = try DelayedWebSocketClient(port: server.port, rttMs: rtt)
            try client.send(type: "join", ["code": code, "nickname": name])
            ids[name] = try #require(try client.next("joined")["player"] as? Int)
            clients.append(client)
        }
        defer { for client in clients { client.stop() } }
        for client in clients { try client.waitForPongs(1) }
        try measured(clients)
        try startAndPress(host: host, clients, offsetsMs: [0, 40, 80])

        let queue = try host.next(after: ["buzz"], timeout: 10) { message in
            (message["queue"] as? [[String: Any]])?.count == 3 && message["floor"] != nil
        }
        let rows = try #require(queue["queue"] as? [[String: Any]])
        #expect(rows.map { $0["nickname"] as? String } == ["Far", "Mid", "Near"], "\(rows)")
        #expect(rows.map { $0["tie"] as? Bool } == [false, false, false], "\(rows)")
        // They arrived the other way round.
        let arrived = rows.compactMap { $0["arrivedMs"] as? Int }
        #expect(arrived == arrived.sorted(by: >), "\(rows)")
        #expect(queue["floor"] as? Int == ids["Far"])
        // The far phone is told it is first.
        let farView = try clients[0].next("buzz", timeout: 10) { ($0["floor"] as? Int) == ids["Far"] }
        #expect(farView["floor"] as? Int == ids["Far"])

        try host.send(type: "mark_buzz", ["right": true])
        let reveal = try #require(try host.next("reveal")["reveal"] as? [String: Any])
        #expect(reveal["rightCount"] as? Int == 1)
        try host.send(type: "end")
        try host.next("ended")

        // Every press is in the log with the RTT the server measured, and the log replays to the same queue.
        #expect(eventually { (try? server.loggedEvents(of: code).last?.type) == "room_ended" })
        let events = try server.loggedEvents(of: code)
        var measured: [Int: GameDuration] = [:]
        for pressed in events.compactMap({ $0.extensionEvent(as: BuzzPressed.self) }) { measured[pressed.player.rawValue] = pressed.rttMs }
        for (name, rtt) in phones {
            let got = try #require(measured[ids[name]!])
            #expect(got >= GameDuration(rtt) - 5 && got < GameDuration(rtt) + 150, "\(name): measured \(got) ms")
        }
        let replayed = try Room.replay(events)
        #expect(replayed.asked[0].buzz.order(tieWindowMs: 20).map { replayed.asked[0].buzz.presses[$0.index].player.rawValue }
            == ["Far", "Mid", "Near"].map { ids[$0]! })
    }
}

/// Nobody buys the buzzer with a round trip the server did not measure (docs/kinds-buzz.md,
/// "Who was first"): a phone that holds every pong 700 ms, and one that echoes an old ping again,
/// press 50 and 150 ms after an honest phone and stay behind it, corrected by nothing.
@Suite(.serialized)
struct BuzzCheatLiveTests {
    struct Played {
        var order: [String]
        /// arrivedMs − pressedMs of each phone's press: what its round trip bought it.
        var gainMs: [String: Double]
        var loggedRttMs: [String: GameDuration]
    }

    /// Plays one buzz question: Honest presses first, DelayedPongs 50 ms later, StalePong 150 ms later.
    func play(_ source: RoundTripSource) throws -> Played {
        // Pings a second apart, so the 700 ms pong still answers the ping outstanding and counts.
        let server = try LiveGameServer { config in
            config.timeouts.pingIntervalSeconds = 1
            config.transport.roundTrip = source
        }
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        let pack: [String: Any] = ["title": "Buzzer", "questions": [
            ["kind": "buzz", "category": "Capitals", "text": "Capital of Australia?", "answer": ["Canberra"], "openBuzzers": "host", "tieWindowMs": 20],
        ]]
        try host.send(type: "create", ["questions": pack, "settings": ["rttCompensationCapMs": 250, "timeLimitSeconds": 60]])
        let code = try #require(try host.next("created")["code"] as? String)
        let names = ["Honest", "DelayedPongs", "StalePong"]
        let clients = [
            try DelayedWebSocketClient(port: server.port, rttMs: 0),
            try DelayedWebSocketClient(port: server.port, rttMs: 0, pongDelayMs: 700),
            try DelayedWebSocketClient(port: server.port, rttMs: 0),
        ]
        defer { for client in clients { client.stop() } }
        var ids: [Int: String] = [:]
        for (name, client) in zip(names, clients) {
            try client.send(type: "join", ["code": code, "nickname": name])
            let player = try #require(try client.next("joined")["player"] as? Int)
            ids[player] = name
        }
        try clients[0].waitForPongs(1)
        try clients[1].waitForPongs(2)
        try clients[2].waitForPongs(2)
        // The stale pong echoes the first ping once more, seconds after the server sent it.
        try clients[2].sendStalePong()
        try measured(clients)
        try startAndPress(host: host, clients, offsetsMs: [0, 50, 150])
        let view = try host.next(after: ["buzz"], timeout: 10) { ($0["queue"] as? [[String: Any]])?.count == 3 && $0["floor"] != nil }
        let rows = try #require(view["queue"] as? [[String: Any]])
        var played = Played(order: [], gainMs: [:], loggedRttMs: [:])
        for row in rows {
            let player = try #require(row["player"] as? Int)
            let name = try #require(ids[player])
            played.order.append(name)
            let arrived = try #require(row["arrivedMs"] as? Double)
            let pressed = try #require(row["pressedMs"] as? Double)
            #expect(pressed >= 0, "\(name)'s press corrected before the buzzers opened: \(row)")
            played.gainMs[name] = arrived - pressed
        }
        try host.send(type: "end")
        try host.next("ended")
        #expect(eventually { (try? server.loggedEvents(of: code).last?.type) == "room_ended" })
        for pressed in try server.loggedEvents(of: code).compactMap({ $0.extensionEvent(as: BuzzPressed.self) }) {
            played.loggedRttMs[ids[pressed.player.rawValue] ?? "?"] = pressed.rttMs
        }
        return played
    }

    @Test func delayedOrStalePongsBuyNothingWhenTheKernelBoundsTheRoundTrip() throws {
        let played = try play(.kernel)
        #expect(played.order == ["Honest", "DelayedPongs", "StalePong"])
        // Loopback's round trip is well under a millisecond: the kernel says so, whatever the pongs claim.
        for (name, gain) in played.gainMs { #expect(gain <= 2, "\(name) gained \(gain) ms") }
        for (name, rtt) in played.loggedRttMs { #expect(rtt <= 4, "\(name)'s logged round trip: \(rtt) ms") }
    }

    @Test func aStalePongBuysNothingAndDelayedPongsAtMostTheCapWhenPongsAreTrusted() throws {
        let played = try play(.pongs)
        // The stale pong is ignored: StalePong is measured as the honest phone is.
        #expect((played.loggedRttMs["StalePong"] ?? .max) <= 4)
        #expect((played.gainMs["StalePong"] ?? .infinity) <= 2)
        // Delayed pongs are the documented worst case of `pongs`: they buy the floor, but never more than
        // the cap, and never a press before the buzzers opened (`pressedMs >= 0`, checked in `play`).
        #expect(played.order.first == "DelayedPongs")
        #expect((played.gainMs["DelayedPongs"] ?? .infinity) <= 250)
    }
}

/// Waits out a round trip behind each phone's last pong on the same socket: its RTT is measured by then.
private func measured(_ clients: [DelayedWebSocketClient]) throws {
    for client in clients {
        try client.send(type: "no_such_message")
        try client.next("error")
    }
}

/// Starts the game, opens the buzzers on the host's word, and has each phone press `offsetsMs` after
/// one instant (its own delay then takes it to the server).
private func startAndPress(host: GameClient, _ clients: [DelayedWebSocketClient], offsetsMs: [Int]) throws {
    try host.send(type: "start")
    for client in clients { try client.next("question") }
    try host.send(type: "open_buzzers")
    for client in clients { try client.next("answers_open") }
    let base = DispatchTime.now() + .milliseconds(50)
    for (client, offset) in zip(clients, offsetsMs) {
        try client.send(type: "buzz", ["question": 0], at: base + .milliseconds(offset))
    }
}

/// `buzzer bench buzz` in small: it runs and accounts for every press (its figures are for docs/performance.md, never asserted).
@Suite(.serialized)
struct BuzzFairnessBenchmarkTests {
    @Test func theBenchmarkQueuesEveryPressAndReportsItsError() throws {
        let report = try BuzzFairnessBenchmark.run(teams: 6, rounds: 2, seed: 3)
        #expect(report.queued == [6, 6])
        #expect(report.errors.count == 12)
        #expect(report.pairs == 30)
        #expect(report.description.contains("6 teams × 2 rounds"))
    }
}
