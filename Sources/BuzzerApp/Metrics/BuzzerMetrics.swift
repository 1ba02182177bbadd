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
/// Every update is an atomic add or a histogram bucket: nothing here takes a lock shared by the
/// loops on the per-message path except the first use of a new error or close code.
package final class BuzzerMetrics: Sendable {
    package let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    private let connections: CoreMetrics.Meter
    private let players: CoreMetrics.Meter
    private let messagesReceived: CoreMetrics.Counter
    private let messagesSent: CoreMetrics.Counter
    private let bytesReceived: CoreMetrics.Counter
    private let bytesSent: CoreMetrics.Counter
    /// Host command (`start`, `next`) to the last socket write of the question.
    private let questionFanOut: CoreMetrics.Timer
    /// Answer received to its `answer_ack` handed to the socket (after the fsync).
    private let answerAck: CoreMetrics.Timer
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
            "buzzer_question_fanout_seconds": latency,
            "buzzer_answer_ack_seconds": latency,
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
        questionFanOut = CoreMetrics.Timer(label: "buzzer_question_fanout_seconds", factory: factory)
        answerAck = CoreMetrics.Timer(label: "buzzer_answer_ack_seconds", factory: factory)
        archiveFsync = CoreMetrics.Timer(label: "buzzer_archive_fsync_seconds", factory: factory)
        archiveBatch = CoreMetrics.Recorder(label: "buzzer_archive_batch_events", factory: factory)
        archiveFreeBytes = CoreMetrics.Meter(label: "buzzer_archive_free_bytes", factory: factory)
        archiveDiskLow = CoreMetrics.Meter(label: "buzzer_archive_disk_low", factory: factory)
        refusals = CountersByCode(label: "buzzer_refusals_total", factory: factory)
        closes = CountersByCode(label: "buzzer_closes_total", factory: factory)
        let phases: [RoomPhase] = [.lobby, .reading, .open, .closed, .revealed, .leaderboard, .ended]
        rooms = Dictionary(uniqueKeysWithValues: phases.map { ($0, CoreMetrics.Meter(label: "buzzer_rooms", dimensions: [("phase", $0.rawValue)], factory: factory)) })
    }

    /// The whole exposition, for `GET /metrics`.
    package func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }

    func connectionOpened() {
        connections.increment()
    }

    /// A connection closed with the closing handshake's `code` (1006: without one).
    func connectionClosed(code: UInt16) {
        connections.decrement()
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
        answerAck.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - started))
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

/// One counter per `code` label value, made on first use.
private final class CountersByCode: Sendable {
    private let label: String
    private let factory: PrometheusMetricsFactory
    private let table = Mutex<[String: CoreMetrics.Counter]>([:])

    init(label: String, factory: PrometheusMetricsFactory) {
        self.label = label
        self.factory = factory
    }

    func counter(_ code: String) -> CoreMetrics.Counter {
        table.withLock { table in
            if let counter = table[code] { return counter }
            let counter = CoreMetrics.Counter(label: label, dimensions: [("code", code)], factory: factory)
            table[code] = counter
            return counter
        }
    }
}

/// Times one question's fan-out: started on the room's loop, stopped when the last recipient's
/// write completed. A recipient whose connection closes first never reports, and the round is not
/// sampled: the histogram holds complete rounds only.
final class FanOutClock: Sendable {
    private let started: UInt64
    private let remaining: Atomic<Int>
    private let metric: CoreMetrics.Timer

    init(recipients: Int, started: UInt64, metric: CoreMetrics.Timer) {
        self.started = started
        remaining = Atomic(recipients)
        self.metric = metric
    }

    func written() {
        if remaining.subtract(1, ordering: .relaxed).newValue == 0 {
            metric.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - started))
        }
    }
}
