import Dispatch
import Glibc
import Logging
import Synchronization

/// What one archive benchmark run measured.
package struct ArchiveBenchmarkResult: Sendable, CustomStringConvertible {
    package var events: Int
    package var durability: ArchiveDurability
    package var eventsPerSecond: Double
    /// Time from `append` to its `onDurable` callback.
    package var ackLatencyP50: Duration
    package var ackLatencyP99: Duration
    package var ackLatencyMax: Duration

    package var description: String {
        func ms(_ d: Duration) -> String {
            let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
            return String(Int((value * 100).rounded())) .withDecimalPoint(2) + " ms"
        }
        return "\(events) events, durability \(durability.rawValue): \(Int(eventsPerSecond)) events/s, ack p50 \(ms(ackLatencyP50)), p99 \(ms(ackLatencyP99)), max \(ms(ackLatencyMax))"
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
    /// Appends `events` synthetic answer events into a fresh log in `directory` as fast as one
    /// producer can (or paced at `ratePerSecond`), and measures throughput and ack latency.
    package static func run(
        events: Int,
        durability: ArchiveDurability,
        directory: String,
        groupCommitMilliseconds: Int = ArchiveConfig.defaultGroupCommitMilliseconds,
        ratePerSecond: Double? = nil
    ) throws(ArchiveError) -> ArchiveBenchmarkResult {
        var config = ArchiveConfig(directory: directory, durability: durability, groupCommitMilliseconds: groupCommitMilliseconds)
        config.filePrefix = "bench"
        let writer = try ArchiveWriter(config: config, logger: Logger(label: "buzzer.archive.bench"))
        let latencies = Mutex<[Duration]>([])
        latencies.withLock { $0.reserveCapacity(events) }
        let failures = Mutex(0)
        let done = DispatchGroup()
        let clock = ContinuousClock()
        let start = clock.now
        let baseTime = ArchiveWriter.systemMilliseconds()
        for i in 0..<events {
            if let rate = ratePerSecond, rate > 0 {
                let due = start + .nanoseconds(Int64(Double(i) / rate * 1e9))
                let wait = clock.now.duration(to: due)
                if wait > .zero { blockingSleep(wait) }
            }
            let player = i % 200
            let event = #"{"answer":\#(i % 4),"elapsedMs":\#(i % 20_000),"player":"p\#(player)","question":\#(i % 40),"type":"answer_submitted"}"#
            let sent = clock.now
            done.enter()
            do throws(ArchiveError) {
                try writer.append(room: "R\(i % 50)", time: baseTime + Int64(i), event: event.utf8) { result in
                    let latency = sent.duration(to: clock.now)
                    if case .failure = result { failures.withLock { $0 += 1 } }
                    latencies.withLock { $0.append(latency) }
                    done.leave()
                }
            } catch {
                done.leave()
                writer.close()
                throw error
            }
        }
        done.wait()
        let elapsed = start.duration(to: clock.now)
        writer.close()
        let sorted = latencies.withLock { $0.sorted() }
        func percentile(_ p: Double) -> Duration {
            sorted.isEmpty ? .zero : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return ArchiveBenchmarkResult(
            events: events, durability: durability,
            eventsPerSecond: seconds > 0 ? Double(events) / seconds : 0,
            ackLatencyP50: percentile(0.50), ackLatencyP99: percentile(0.99), ackLatencyMax: sorted.last ?? .zero
        )
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
