import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerWebSocket

/// `buzzer bench reveal`: what a reveal costs the room's loop before its first `result` can leave,
/// step by step, for one room of N players in-process (no sockets): the game's `handle(.reveal)`,
/// the publisher's deliveries, encoding them, and the archive line. The send wave that follows is
/// the same as a question's (Benchmarks/game measures both over real sockets).
package enum RevealBenchmark {
    package struct Report: CustomStringConvertible, Sendable {
        package var players: Int
        /// Medians over the measured questions, microseconds.
        package var handle: Int
        package var publish: Int
        package var encode: Int
        package var archiveLine: Int

        package var description: String {
            "reveal to \(players) players, median per question: Room.handle \(handle) µs, RoomPublisher.publish \(publish) µs, "
                + "encode \(encode) µs, archive line \(archiveLine) µs; total before the first send \(handle + publish + encode) µs"
        }
    }

    package static func run(players count: Int, questions: Int) throws -> Report {
        let bench = BenchQuestion()
        let question = bench.question
        let pack = QuestionPack(title: "Bench", questions: Array(repeating: question, count: questions))
        var settings = RoomSettings()
        settings.maxPlayers = count
        settings.readingTimeMs = 0
        var now: GameInstant = 1_700_000_000_000
        var room = try Room.create(code: "BENCH1", pack: pack, settings: settings, seed: 7, hostTokenHash: "h", at: now).room
        var ids: [PlayerID] = []
        for index in 0..<count {
            for event in try room.handle(.join(JoinRequest(nickname: "Player \(index)", resumeTokenHash: "t\(index)")), at: now) {
                if case .playerJoined(let joined) = event { ids.append(joined.player) }
            }
        }
        let encoder = ServerMessageEncoder(compression: WebSocketConfig.gameDefaults.compression)
        var publisher = RoomPublisher()
        var random = SplitMix64(seed: 11)
        var samples: (handle: [Int], publish: [Int], encode: [Int], archive: [Int]) = ([], [], [], [])
        _ = try room.handle(.start, at: now)
        for sequence in 0..<questions {
            if sequence > 0 { _ = try room.handle(.next, at: now) }
            for id in ids {
                now += 1
                let submission = AnswerSubmission(question: sequence, value: bench.answer(&random, permutation: room.currentQuestion?.permutation ?? []), writtenAt: now - Int64(random.next() % 10_000))
                _ = try? room.handle(.answer(id, submission), at: now)
            }
            let attendance = Attendance(players: ids, host: true, displays: 1)
            var clock = Stopwatch()
            let events = try room.handle(.reveal, at: now)
            samples.handle.append(clock.lap())
            let publication = publisher.publish(events, in: room, to: attendance, now: now)
            samples.publish.append(clock.lap())
            var bytes = 0
            for delivery in publication.deliveries { bytes &+= encoder.encode(delivery.message).payloadCount }
            samples.encode.append(clock.lap())
            for event in events { _ = try ArchiveLineEncoder.prepare(room: "BENCH1", time: event.at, encoding: event) }
            samples.archive.append(clock.lap())
            precondition(bytes > 0)
        }
        func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
        return Report(players: count, handle: median(samples.handle), publish: median(samples.publish),
                      encode: median(samples.encode), archiveLine: median(samples.archive))
    }
}
