import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerTestSupport
import BuzzerTransport
import Foundation

/// `buzzer bench buzz`: how fair the buzzer's order is over real sockets. A server in-process on
/// 127.0.0.1 port 0; `teams` phones, each on its own team, each with a random round trip of 0 to
/// `maxRTTMs` (every frame held for half of it each way, pings and pongs too, so the server measures
/// it as it would over the air); all press within `windowMs` of each other at known instants. The
/// report compares the server's corrected press times and its queue with the true press instants
/// (docs/kinds-buzz.md). The networks are simulated in user space, which only the pongs show, so
/// the server trusts them (`transport.roundTrip: pongs`) unless told `kernel`. The first `cheaters`
/// phones hold each pong 700 ms more: their gain is the correction the server gave their presses. A measurement, never a test.
package enum BuzzFairnessBenchmark {
    package struct Report: CustomStringConvertible, Sendable {
        package var teams: Int
        package var rounds: Int
        /// |corrected press − true press| of every press, ms, sorted.
        package var errors: [Double]
        /// Pairs the queue has in the other order than they pressed, of all pairs.
        package var inversions: Int
        /// Of those, pairs that pressed more than the tie window apart.
        package var inversionsBeyondTie: Int
        /// Pairs whose corrected times alone are in the other order than they pressed (no tie rule).
        package var correctedInversions = 0
        package var pairs: Int
        package var ties: Int
        /// The presses' own order kept by the queue, per round, for a check that nothing was lost.
        package var queued: [Int]
        /// arrival − corrected press of each cheater's press, ms: the correction its delayed pongs bought.
        /// With `--max-rtt-ms 0` every honest phone's is 0, so this is the cheat's gain exactly.
        package var cheatGains: [Double] = []
        package var roundTrip: RoundTripSource = .pongs
        package var maxRTTMs = 400
        package var capMs = 400

        func percentile(_ p: Double) -> Double {
            guard !errors.isEmpty else { return 0 }
            return errors[min(errors.count - 1, Int((Double(errors.count - 1) * p).rounded()))]
        }

        package var description: String {
            func ms(_ value: Double) -> String { String(format: "%.1f ms", value) }
            return "\(teams) teams × \(rounds) rounds, presses within the window, RTT 0-\(maxRTTMs) ms, cap \(capMs) ms: corrected-time error p50 \(ms(percentile(0.5))), "
                + "p99 \(ms(percentile(0.99))), max \(ms(errors.last ?? 0)); pairs out of order \(inversions) of \(pairs) "
                + "(\(inversionsBeyondTie) more than the tie window apart; by corrected time alone \(correctedInversions)); presses shown as ties \(ties)"
                + (cheatGains.isEmpty ? "" : "; round trips from \(roundTrip.rawValue): \(cheatGains.count) presses of phones that hold their pongs 700 ms gained "
                    + "at most \(ms(max(0, cheatGains.max() ?? 0))) (median \(ms(max(0, cheatGains.sorted()[cheatGains.count / 2]))))")
        }
    }

    package enum BenchError: Error, CustomStringConvertible {
        case unexpected(String)
        package var description: String { switch self { case .unexpected(let what): what } }
    }

    package static func run(teams: Int, rounds: Int, windowMs: Int = 50, maxRTTMs: Int = 400, tieWindowMs: Int = 20, seed: UInt64 = 1,
                            cheaters: Int = 0, roundTrip: RoundTripSource = .pongs, capMs: Int? = nil) throws -> Report {
        let capMs = capMs ?? maxRTTMs
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-bench-buzz-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var config = BuzzerConfig()
        config.server.host = "127.0.0.1"
        config.server.port = 0
        config.archive.directory = directory
        config.library.mediaDirectory = directory + "-media"
        // A second apart, so a pong held 700 ms still answers the ping outstanding.
        config.timeouts.pingIntervalSeconds = 1
        config.transport.roundTrip = roundTrip
        let server = try GameServer(config: config)
        let port = try server.start()
        defer {
            let done = DispatchSemaphore(value: 0)
            server.shutdown(within: 2) { done.signal() }
            _ = done.wait(timeout: .now() + 5)
        }

        var random = SplitMix64(seed: seed)
        let host = try DelayedWebSocketClient(port: port, rttMs: 0)
        defer { host.stop() }
        let question: [String: Any] = ["kind": QuestionKind.buzz.rawValue, "category": "Bench", "text": "Who is first?", "openBuzzers": BuzzQuestion.Opening.host.rawValue, "tieWindowMs": tieWindowMs]
        let pack: [String: Any] = ["title": "Buzzer bench", "questions": Array(repeating: question, count: rounds)]
        try host.send(type: ClientMessageType.create.rawValue, ["questions": pack, "settings": [
            "rttCompensationCapMs": capMs, "timeLimitSeconds": 300, "teamMode": true, "maxPlayers": teams + 10, "readingTimeMs": 0,
        ]])
        guard let code = try host.next(CreatedPayload.wireName)["code"] as? String else { throw BenchError.unexpected("no room code") }

        var phones: [(client: DelayedWebSocketClient, player: Int)] = []
        defer { for phone in phones { phone.client.stop() } }
        for index in 0..<teams {
            let client = try DelayedWebSocketClient(port: port, rttMs: Int(random.next() % UInt64(maxRTTMs + 1)), pongDelayMs: index < cheaters ? 700 : 0)
            try client.send(type: ClientMessageType.join.rawValue, ["code": code, "nickname": "Phone \(index + 1)", "team": "Team \(index + 1)"])
            guard let player = try client.next(JoinedPayload.wireName)["player"] as? Int else { throw BenchError.unexpected("no player id") }
            phones.append((client, player))
        }
        // Every RTT measured before the first press: a pong, then a round trip behind it on the same socket.
        for phone in phones {
            try phone.client.waitForPongs(1)
            try phone.client.send(type: "no_such_message")
            try phone.client.next(ErrorPayload.wireName)
        }

        var report = Report(teams: teams, rounds: rounds, errors: [], inversions: 0, inversionsBeyondTie: 0, pairs: 0, ties: 0, queued: [], roundTrip: roundTrip, maxRTTMs: maxRTTMs, capMs: capMs)
        let cheating = Set(phones.prefix(cheaters).map(\.player))
        try host.send(type: StartCommand.wireName)
        for round in 0..<rounds {
            if round > 0 { try host.send(type: SkipCommand.wireName) }
            for phone in phones { try phone.client.next(QuestionPayload.wireName) { ($0[QuestionPayload.wireName] as? [String: Any])?["sequence"] as? Int == round } }
            try host.send(type: OpenBuzzersCommand.wireName)
            let opened = try host.next(AnswersOpenPayload.wireName, where: { $0[ClientField.question.rawValue] as? Int == round })
            guard let opensAt = opened["serverTime"] as? Double else {
                throw BenchError.unexpected("no answers_open")
            }
            for phone in phones { try phone.client.next(AnswersOpenPayload.wireName) { $0[ClientField.question.rawValue] as? Int == round } }
            // The true press instants, on the wall clock the server reads too (same machine).
            let lead = 200.0
            let base = DispatchTime.now() + .milliseconds(Int(lead))
            let wallBase = Date().timeIntervalSince1970 * 1000 + lead
            var truth: [Int: Double] = [:]
            for phone in phones {
                let offset = Double(random.next() % UInt64(windowMs * 1000 + 1)) / 1000
                truth[phone.player] = wallBase + offset
                try phone.client.send(type: BuzzCommand.wireName, [ClientField.question.rawValue: round], at: base + .microseconds(Int(offset * 1000)))
            }
            let view = try host.next(BuzzView.wireName, timeout: 30) { message in
                message[ClientField.question.rawValue] as? Int == round && (message["queue"] as? [[String: Any]])?.count == teams && message["floor"] != nil
            }
            guard let rows = view["queue"] as? [[String: Any]] else { throw BenchError.unexpected("no queue") }
            report.queued.append(rows.count)
            var places: [(player: Int, pressed: Double, corrected: Double)] = []
            for row in rows {
                guard let player = row["player"] as? Int, let pressedMs = row["pressedMs"] as? Double, let real = truth[player] else { continue }
                report.errors.append(abs(opensAt + pressedMs - real))
                if cheating.contains(player), let arrivedMs = row["arrivedMs"] as? Double { report.cheatGains.append(arrivedMs - pressedMs) }
                if row["tie"] as? Bool == true { report.ties += 1 }
                places.append((player, real, pressedMs))
            }
            for i in places.indices {
                for j in places.indices where j > i {
                    report.pairs += 1
                    if (places[i].pressed - places[j].pressed) * (places[i].corrected - places[j].corrected) < 0 { report.correctedInversions += 1 }
                    if places[i].pressed > places[j].pressed {
                        report.inversions += 1
                        if places[i].pressed - places[j].pressed > Double(tieWindowMs) { report.inversionsBeyondTie += 1 }
                    }
                }
            }
        }
        report.errors.sort()
        return report
    }
}
