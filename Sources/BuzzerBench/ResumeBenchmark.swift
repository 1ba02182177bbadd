import BuzzerApp
import BuzzerGame
import BuzzerWebSocket

/// `buzzer bench resume`: what the room's loop spends on each phone when every phone of a big room
/// comes back at once (its instance restarted, the bar's Wi-Fi returned), in-process (no sockets):
/// `Room.handle(.resume)`, then the `state` it answers with, built with the shared parts kept across
/// the resumes (`RoomViewCache`, as `LiveRoom` does) and, for comparison, built afresh for each, and
/// encoded. Once with a question open (a provisional rank each) and once revealed (the standings).
package enum ResumeBenchmark {
    package struct Row: Sendable {
        package var phase: String
        /// Medians per resume, nanoseconds.
        package var handle: Int
        package var stateShared: Int
        package var stateFresh: Int
        package var encode: Int
    }

    package struct Report: CustomStringConvertible, Sendable {
        package var players: Int
        package var rows: [Row]

        package var description: String {
            rows.map { row in
                func us(_ ns: Int) -> String { "\((Double(ns) / 100).rounded() / 10) µs" }
                return "\(players) players resume, \(row.phase), median per resume: Room.handle \(us(row.handle)), "
                    + "state \(us(row.stateShared)) shared (\(us(row.stateFresh)) built afresh), encode \(us(row.encode)); "
                    + "the whole room \(players * (row.handle + row.stateShared + row.encode) / 1_000_000) ms"
            }.joined(separator: "\n")
        }
    }

    package static func run(players count: Int) throws -> Report {
        let bench = BenchQuestion()
        let question = bench.question
        let pack = QuestionPack(title: "Bench", questions: Array(repeating: question, count: 3))
        var settings = RoomSettings()
        settings.maxPlayers = count
        settings.readingTimeMs = 0
        var now: GameInstant = 1_700_000_000_000
        var room = try Room.create(code: "BENCH1", pack: pack, settings: settings, seed: 7, hostTokenHash: "h", at: now).room
        var players: [(id: PlayerID, token: String)] = []
        for index in 0..<count {
            for event in try room.handle(.join(JoinRequest(nickname: "Player \(index)", resumeTokenHash: "t\(index)")), at: now) {
                if case .playerJoined(let joined) = event { players.append((joined.player, "t\(index)")) }
            }
        }
        let encoder = ServerMessageEncoder(compression: WebSocketConfig.gameDefaults.compression)
        var random = SplitMix64(seed: 11)
        // Two questions answered and revealed, so scores differ; then the third open.
        _ = try room.handle(.start, at: now)
        for sequence in 0..<2 {
            if sequence > 0 { _ = try room.handle(.next, at: now) }
            for player in players {
                now += 1
                let submission = AnswerSubmission(question: sequence, value: bench.answer(&random, permutation: room.currentQuestion?.permutation ?? []), writtenAt: now - 500)
                _ = try? room.handle(.answer(player.id, submission), at: now)
            }
            _ = try room.handle(.reveal, at: now)
        }

        func everyoneResumes(_ phase: String) throws -> Row {
            for player in players { _ = try room.handle(.playerDisconnected(player.id), at: now) }
            let cache = RoomViewCache()
            var handle: [Int] = [], shared: [Int] = [], fresh: [Int] = [], encode: [Int] = []
            var bytes = 0
            for index in players.indices {
                let player = players[index], token = player.token + "'"
                var clock = Stopwatch()
                let events = try room.handle(.resume(tokenHash: player.token, newTokenHash: token), at: now)
                handle.append(clock.lapNanoseconds())
                cache.roomChanged(by: events)
                let state = RoomPublisher.state(of: room, for: .player(player.id), now: now, shared: cache)
                shared.append(clock.lapNanoseconds())
                bytes &+= encoder.encode(.state(state)).payloadCount
                encode.append(clock.lapNanoseconds())
                _ = RoomPublisher.state(of: room, for: .player(player.id), now: now)
                fresh.append(clock.lapNanoseconds())
                players[index].token = token
            }
            precondition(bytes > 0)
            func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
            return Row(phase: phase, handle: median(handle), stateShared: median(shared), stateFresh: median(fresh), encode: median(encode))
        }

        _ = try room.handle(.next, at: now)
        let open = try everyoneResumes("question open")
        for player in players {
            now += 1
            _ = try? room.handle(.answer(player.id, AnswerSubmission(question: 2, value: bench.answer(&random, permutation: room.currentQuestion?.permutation ?? []), writtenAt: now - 500)), at: now)
        }
        _ = try room.handle(.reveal, at: now)
        let revealed = try everyoneResumes("revealed")
        return Report(players: count, rows: [open, revealed])
    }
}
