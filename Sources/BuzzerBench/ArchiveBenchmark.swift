import BuzzerArchive
import BuzzerGame
import Dispatch
import Glibc
import Logging
import Synchronization

/// What one archive benchmark run measured.
package struct ArchiveBenchmarkResult: Sendable, CustomStringConvertible {
    package var events: Int
    package var durability: ArchiveDurability
    /// Threads appending at once.
    package var producers: Int
    package var eventsPerSecond: Double
    /// Time from `append` to its `onDurable` callback.
    package var ackLatencyP50: Duration
    package var ackLatencyP99: Duration
    package var ackLatencyMax: Duration
    /// Time a producer spends inside `append`: what an event loop pays per event.
    package var appendP50: Duration
    package var appendP99: Duration
    /// The writer's index at the end: its ranges (one a line when rooms interleave) and the bytes
    /// they take (`ArchiveIndex.bytesHeld`).
    package var indexRanges: Int
    package var indexBytes: Int

    package var description: String {
        func ms(_ d: Duration) -> String {
            let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
            return String(Int((value * 100).rounded())) .withDecimalPoint(2) + " ms"
        }
        func us(_ d: Duration) -> String {
            let value = Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
            return String(Int((value * 100).rounded())) .withDecimalPoint(2) + " µs"
        }
        return "\(events) events, durability \(durability.rawValue), \(producers) producer(s): \(Int(eventsPerSecond)) events/s, ack p50 \(ms(ackLatencyP50)), p99 \(ms(ackLatencyP99)), max \(ms(ackLatencyMax)); append p50 \(us(appendP50)), p99 \(us(appendP99)); index \(indexRanges) ranges in \(indexBytes) bytes"
    }
}

/// What one read benchmark run measured.
package struct ArchiveReadBenchmarkResult: Sendable, CustomStringConvertible {
    package var lines: Int
    package var bytes: Int
    package var problems: Int
    package var linesPerSecond: Double
    package var megabytesPerSecond: Double

    package var description: String {
        "\(lines) lines (\(bytes / 1_000_000) MB, \(problems) problems): \(Int(linesPerSecond)) lines/s, \(Int(megabytesPerSecond)) MB/s"
    }
}

/// Measurements for `buzzer bench archive`; not a test (no assertions, real disk, real time).
package enum ArchiveBenchmark {
    /// Appends `events` synthetic answer events into a fresh log in `directory` as fast as the
    /// producers can (or paced at `ratePerSecond` in all), and measures throughput and ack latency.
    /// Each producer is its own serial queue, like a room's event loop, appending its share of the
    /// events for its own rooms; several producers show what appends from many loops cost.
    package static func run(
        events: Int,
        durability: ArchiveDurability,
        directory: String,
        groupCommitMilliseconds: Int = ArchiveConfig.defaultGroupCommitMilliseconds,
        ratePerSecond: Double? = nil,
        producers: Int = 1
    ) throws(ArchiveError) -> ArchiveBenchmarkResult {
        var config = ArchiveConfig(directory: directory, durability: durability, groupCommitMilliseconds: groupCommitMilliseconds)
        config.filePrefix = "bench"
        let writer = try ArchiveWriter(config: config, logger: Logger(label: "buzzer.archive.bench"))
        let producers = max(1, producers)
        let latencies = Mutex<[Duration]>([])
        latencies.withLock { $0.reserveCapacity(events) }
        let appendTimes = Mutex<[Duration]>([])
        appendTimes.withLock { $0.reserveCapacity(events) }
        let failures = Mutex(0)
        let refusal = Mutex<ArchiveError?>(nil)
        let done = DispatchGroup()
        let finished = DispatchGroup()
        let clock = ContinuousClock()
        let start = clock.now
        let baseTime = ArchiveWriter.systemMilliseconds()
        let perProducerRate = ratePerSecond.map { $0 / Double(producers) }
        for producer in 0..<producers {
            let queue = DispatchQueue(label: "buzzer.archive.bench.\(producer)")
            finished.enter()
            queue.async {
                defer { finished.leave() }
                var n = 0
                var spent: [Duration] = []
                spent.reserveCapacity(events / producers + 1)
                defer { appendTimes.withLock { $0.append(contentsOf: spent) } }
                for i in stride(from: producer, to: events, by: producers) {
                    if let rate = perProducerRate, rate > 0 {
                        let due = start + .nanoseconds(Int64(Double(n) / rate * 1e9))
                        let wait = clock.now.duration(to: due)
                        if wait > .zero { blockingSleep(wait) }
                    }
                    n += 1
                    let event = BenchmarkAnswer(at: baseTime + Int64(i), sequence: i % 40, player: i % 200, option: i % 4, responseMs: i % 20_000)
                    let sent = clock.now
                    done.enter()
                    do throws(ArchiveError) {
                        try writer.append(room: "R\(producer)-\(i % 50 / producers)", time: event.at, encoding: event) { result in
                            let latency = sent.duration(to: clock.now)
                            if case .failure = result { failures.withLock { $0 += 1 } }
                            latencies.withLock { $0.append(latency) }
                            done.leave()
                        }
                        spent.append(sent.duration(to: clock.now))
                    } catch {
                        done.leave()
                        refusal.withLock { $0 = $0 ?? error }
                        return
                    }
                }
            }
        }
        finished.wait()
        done.wait()
        let elapsed = start.duration(to: clock.now)
        writer.close()
        let index = writer.currentIndex
        if let error = refusal.withLock({ $0 }) { throw error }
        let sorted = latencies.withLock { $0.sorted() }
        let appends = appendTimes.withLock { $0.sorted() }
        func percentile(_ p: Double, of sorted: [Duration]) -> Duration {
            sorted.isEmpty ? .zero : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return ArchiveBenchmarkResult(
            events: events, durability: durability, producers: producers,
            eventsPerSecond: seconds > 0 ? Double(events) / seconds : 0,
            ackLatencyP50: percentile(0.50, of: sorted), ackLatencyP99: percentile(0.99, of: sorted), ackLatencyMax: sorted.last ?? .zero,
            appendP50: percentile(0.50, of: appends), appendP99: percentile(0.99, of: appends),
            indexRanges: index.rangeCount, indexBytes: index.bytesHeld
        )
    }

    /// The shape of the game's `answer_recorded` (about 140 bytes a line), without the game's
    /// encoding (the figures measure the writer); its name is the game's own.
    struct BenchmarkAnswer: Encodable {
        struct Answer: Encodable { var kind = AnswerShape.option.name; var option: Int }
        var type = AnswerRecorded.wireName
        var at: Int64
        var sequence: Int
        var player: Int
        var answer: Answer
        var responseMs: Int
        enum CodingKeys: String, CodingKey { case type, at, sequence, player, answer, responseMs = "response_ms" }

        init(at: Int64, sequence: Int, player: Int, option: Int, responseMs: Int) {
            self.at = at
            self.sequence = sequence
            self.player = player
            self.answer = Answer(option: option)
            self.responseMs = responseMs
        }
    }

    /// Reads every line of a file or directory through `ArchiveReader` (envelope parse and a
    /// copy of each line, as recovery does) and measures the rate.
    package static func read(path: String) throws(ArchiveError) -> ArchiveReadBenchmarkResult {
        let clock = ContinuousClock()
        let start = clock.now
        let summary = try ArchiveReader(path: path).read { _ in }
        let elapsed = start.duration(to: clock.now)
        let seconds = max(1e-9, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        return ArchiveReadBenchmarkResult(
            lines: summary.lines, bytes: summary.bytes, problems: summary.problems,
            linesPerSecond: Double(summary.lines) / seconds,
            megabytesPerSecond: Double(summary.bytes) / 1e6 / seconds
        )
    }

    private static func blockingSleep(_ duration: Duration) {
        let nanos = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        var request = timespec(tv_sec: Int(nanos / 1_000_000_000), tv_nsec: Int(nanos % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 { request = remaining }
    }
}

extension String {
    /// "12345" with 2 -> "123.45"
    fileprivate func withDecimalPoint(_ places: Int) -> String {
        let padded = count <= places ? String(repeating: "0", count: places - count + 1) + self : self
        return String(padded.dropLast(places)) + "." + String(padded.suffix(places))
    }
}
