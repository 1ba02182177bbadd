import BuzzerArchive
import BuzzerGame
import BuzzerWebSocket
import CoreMetrics
import Dispatch
import Prometheus
import Synchronization

/// What `GET /metrics` reports, in the Prometheus text format: swift-metrics handles made by a
/// Prometheus factory of this server's own (not the process-wide `MetricsSystem`, so that tests can
/// run several servers in one process). Names and units: docs/operations.md, "Metrics".
///
/// Every update on the per-message path is an atomic add: the counters, the answer and fan-out
/// histograms (`AtomicDurationHistogram`, written into the exposition when it is scraped), and the
/// counters by code (`CountersByCode`, a lock only on a code's first use). swift-prometheus's own
/// histograms lock per record; they are kept for the archive's, recorded once per batch off the loops.
package final class BuzzerMetrics: Sendable {
    package let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    private let connections: CoreMetrics.Meter
    /// Open game connections: the one count of them, read by `/healthz` and set into the gauge when
    /// `/metrics` is scraped.
    private let open = Atomic<Int>(0)
    private let players: CoreMetrics.Meter
    private let messagesReceived: CoreMetrics.Counter
    private let messagesSent: CoreMetrics.Counter
    private let bytesReceived: CoreMetrics.Counter
    private let bytesSent: CoreMetrics.Counter
    /// Host command (`start`, `next`) to the last socket write of the question.
    private let questionFanOut: AtomicDurationHistogram
    /// Answer received to its `answer_ack` handed to the socket (after the fsync).
    private let answerAck: AtomicDurationHistogram
    private let archiveFsync: CoreMetrics.Timer
    private let archiveBatch: CoreMetrics.Recorder
    private let rooms: [RoomPhase: CoreMetrics.Meter]
    private let archiveFreeBytes: CoreMetrics.Meter
    private let archiveDiskLow: CoreMetrics.Meter
    private let refusals: CountersByCode
    private let closes: CountersByCode

    package init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        let latency: [Duration] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500].map { .milliseconds($0) }
        factory.durationHistogramBuckets = [
            "buzzer_archive_fsync_seconds": [0.25, 0.5, 1, 2, 5, 10, 25, 50, 100, 250, 1000].map { .microseconds(Int64($0 * 1000)) },
        ]
        factory.valueHistogramBuckets = ["buzzer_archive_batch_events": [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 5000]]
        self.factory = factory
        connections = CoreMetrics.Meter(label: "buzzer_connections", factory: factory)
        players = CoreMetrics.Meter(label: "buzzer_players", factory: factory)
        messagesReceived = CoreMetrics.Counter(label: "buzzer_messages_received_total", factory: factory)
        messagesSent = CoreMetrics.Counter(label: "buzzer_messages_sent_total", factory: factory)
        bytesReceived = CoreMetrics.Counter(label: "buzzer_received_bytes_total", factory: factory)
        bytesSent = CoreMetrics.Counter(label: "buzzer_sent_bytes_total", factory: factory)
        questionFanOut = AtomicDurationHistogram(name: "buzzer_question_fanout_seconds", buckets: latency)
        answerAck = AtomicDurationHistogram(name: "buzzer_answer_ack_seconds", buckets: latency)
        archiveFsync = CoreMetrics.Timer(label: "buzzer_archive_fsync_seconds", factory: factory)
        archiveBatch = CoreMetrics.Recorder(label: "buzzer_archive_batch_events", factory: factory)
        archiveFreeBytes = CoreMetrics.Meter(label: "buzzer_archive_free_bytes", factory: factory)
        archiveDiskLow = CoreMetrics.Meter(label: "buzzer_archive_disk_low", factory: factory)
        refusals = CountersByCode(label: "buzzer_refusals_total", factory: factory)
        closes = CountersByCode(label: "buzzer_closes_total", factory: factory)
        let phases: [RoomPhase] = [.lobby, .reading, .open, .closed, .revealed, .leaderboard, .onBreak, .ended]
        rooms = Dictionary(uniqueKeysWithValues: phases.map { ($0, CoreMetrics.Meter(label: "buzzer_rooms", dimensions: [("phase", $0.rawValue)], factory: factory)) })
    }

    /// The whole exposition, for `GET /metrics`.
    package func exposition() -> [UInt8] {
        connections.set(openConnections)
        var text = registry.emitToBuffer()
        questionFanOut.emit(into: &text)
        answerAck.emit(into: &text)
        return text
    }

    /// Game connections open now.
    package var openConnections: Int { open.load(ordering: .relaxed) }

    func connectionOpened() {
        open.add(1, ordering: .relaxed)
    }

    /// A connection closed with the closing handshake's `code` (1006: without one).
    func connectionClosed(code: UInt16) {
        open.subtract(1, ordering: .relaxed)
        closes.counter(String(code)).increment()
    }

    func received(bytes: Int) {
        messagesReceived.increment()
        bytesReceived.increment(by: bytes)
    }

    /// A durable archive batch of `events`, whose `fdatasync` took `syncNanoseconds` (0: none).
    func archived(events: Int, syncNanoseconds: UInt64) {
        archiveBatch.record(events)
        if syncNanoseconds > 0 { archiveFsync.recordNanoseconds(Int64(syncNanoseconds)) }
    }

    /// Connected players went up or down by `delta`.
    func playersConnected(changedBy delta: Int) {
        if delta > 0 { players.increment(by: Double(delta)) } else if delta < 0 { players.decrement(by: Double(-delta)) }
    }

    /// `message` went to `recipients` connections (its payload, before any compression).
    func sent(_ message: OutboundMessage, to recipients: Int) {
        sent(messages: recipients, bytes: message.payloadCount * recipients)
    }

    /// `messages` messages of `bytes` payload bytes in all went out (a batch's totals).
    func sent(messages: Int, bytes: Int) {
        guard messages > 0 else { return }
        messagesSent.increment(by: messages)
        bytesSent.increment(by: bytes)
    }

    /// A clock for one question's fan-out to `recipients` connections, started at `started`
    /// (`DispatchTime` nanoseconds: when the room's loop took the host's command).
    func fanOutClock(recipients: Int, started: UInt64) -> FanOutClock {
        FanOutClock(recipients: recipients, started: started, metric: questionFanOut)
    }

    /// An answer taken at `started` (`DispatchTime` nanoseconds) was acknowledged now.
    func answerAcknowledged(started: UInt64) {
        answerAck.record(nanoseconds: Int64(DispatchTime.now().uptimeNanoseconds - started))
    }

    /// A room moved from `old` (nil: it is new) to `new` (nil: it is gone).
    func room(from old: RoomPhase?, to new: RoomPhase?) {
        guard old != new else { return }
        if let old { rooms[old]?.decrement() }
        if let new { rooms[new]?.increment() }
    }

    /// The archive's disk as last measured: free bytes (-1: unknown) and whether it is under the floor.
    func disk(_ space: ArchiveDiskSpace) {
        archiveFreeBytes.set(space.freeBytes ?? -1)
        archiveDiskLow.set(space.isLow ? 1 : 0)
    }

    /// An `error` message went to a client: a refusal, by its code (`rate_limited`, `room_full`, …).
    func refused(_ code: String) {
        refusals.counter(code).increment()
    }

}

/// One counter per `code` label value, made on first use. Finding it again takes no lock: the
/// codes sit in a fixed open-addressed table of write-once slots, probed in order and never emptied,
/// so a reader sees either an empty slot or a code that stays. More codes than slots (a client can
/// send any close code) fall back to a locked table.
private final class CountersByCode: Sendable {
    private final class Entry: Sendable {
        let code: String
        let counter: CoreMetrics.Counter
        init(code: String, counter: CoreMetrics.Counter) {
            self.code = code
            self.counter = counter
        }
    }

    private final class Slot: Sendable {
        let entry = AtomicLazyReference<Entry>()
    }

    private let label: String
    private let factory: PrometheusMetricsFactory
    private let slots: [Slot] = (0..<128).map { _ in Slot() }
    private let overflow = Mutex<[String: CoreMetrics.Counter]>([:])

    init(label: String, factory: PrometheusMetricsFactory) {
        self.label = label
        self.factory = factory
    }

    func counter(_ code: String) -> CoreMetrics.Counter {
        var index = Int(UInt(bitPattern: code.hashValue) % UInt(slots.count))
        for _ in slots.indices {
            let slot = slots[index]
            if let entry = slot.entry.load() {
                if entry.code == code { return entry.counter }
            } else {
                // The registry hands every maker of the same code the same underlying counter.
                let stored = slot.entry.storeIfNil(Entry(code: code, counter: make(code)))
                if stored.code == code { return stored.counter }
            }
            index = (index + 1) % slots.count
        }
        return overflow.withLock { table in
            if let counter = table[code] { return counter }
            let counter = make(code)
            table[code] = counter
            return counter
        }
    }

    private func make(_ code: String) -> CoreMetrics.Counter {
        CoreMetrics.Counter(label: label, dimensions: [("code", code)], factory: factory)
    }
}

/// A Prometheus histogram of durations whose `record` is lock-free: one atomic add per bucket hit,
/// count and sum. swift-prometheus's `Histogram` takes a lock per record, and every `answer_ack`
/// records one. Written into the exposition in the same text as that `Histogram` (a family of its
/// own, without labels), read bucket by bucket when scraped.
final class AtomicDurationHistogram: Sendable {
    private final class Cell: Sendable {
        let value = Atomic<Int64>(0)
    }

    private let name: String
    private let bounds: [Duration]
    private let boundNanoseconds: [Int64]
    /// One cell per bound, then one for values above the last: not cumulative until emitted.
    private let cells: [Cell]
    private let sumNanoseconds = Atomic<Int64>(0)

    init(name: String, buckets: [Duration]) {
        self.name = name
        bounds = buckets
        boundNanoseconds = buckets.map { $0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000 }
        cells = (0...buckets.count).map { _ in Cell() }
    }

    func record(nanoseconds: Int64) {
        let index = boundNanoseconds.firstIndex { nanoseconds <= $0 } ?? boundNanoseconds.count
        cells[index].value.wrappingAdd(1, ordering: .relaxed)
        sumNanoseconds.wrappingAdd(nanoseconds, ordering: .relaxed)
    }

    func emit(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: "# TYPE \(name) histogram\n".utf8)
        var cumulative: Int64 = 0
        for (index, bound) in bounds.enumerated() {
            cumulative += cells[index].value.load(ordering: .relaxed)
            buffer.append(contentsOf: "\(name)_bucket{le=\"\(bound.bucketRepresentation)\"} \(cumulative)\n".utf8)
        }
        cumulative += cells[bounds.count].value.load(ordering: .relaxed)
        buffer.append(contentsOf: "\(name)_bucket{le=\"+Inf\"} \(cumulative)\n".utf8)
        let sum = Duration.nanoseconds(sumNanoseconds.load(ordering: .relaxed))
        buffer.append(contentsOf: "\(name)_sum \(sum.bucketRepresentation)\n".utf8)
        buffer.append(contentsOf: "\(name)_count \(cumulative)\n".utf8)
    }
}

/// Times one question's fan-out: started on the room's loop, stopped when the last recipient's
/// write completed. A recipient whose connection closes first never reports, and the round is not
/// sampled: the histogram holds complete rounds only.
final class FanOutClock: Sendable {
    private let started: UInt64
    private let remaining: Atomic<Int>
    private let metric: AtomicDurationHistogram

    init(recipients: Int, started: UInt64, metric: AtomicDurationHistogram) {
        self.started = started
        remaining = Atomic(recipients)
        self.metric = metric
    }

    func written() {
        if remaining.subtract(1, ordering: .relaxed).newValue == 0 {
            metric.record(nanoseconds: Int64(DispatchTime.now().uptimeNanoseconds - started))
        }
    }
}
