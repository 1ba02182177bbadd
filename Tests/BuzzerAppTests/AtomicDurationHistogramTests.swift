@testable import BuzzerApp
import Prometheus
import Testing

/// The lock-free histograms must read exactly like swift-prometheus's own in `/metrics`.
struct AtomicDurationHistogramTests {
    @Test func emitsWhatPrometheusHistogramEmits() {
        let buckets: [Duration] = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500].map { .milliseconds($0) }
        let samples: [Int64] = [0, 1, 999_999, 1_000_000, 1_000_001, 7_500_000, 2_500_000_000, 9_000_000_000, 123_456_789]
        for count in [0, 1, samples.count] {
            let registry = PrometheusCollectorRegistry()
            let reference = registry.makeDurationHistogram(
                descriptor: MetricNameDescriptor(metricName: "buzzer_answer_ack", unitName: "seconds", helpText: ""), buckets: buckets)
            let ours = AtomicDurationHistogram(name: "buzzer_answer_ack_seconds", buckets: buckets)
            for nanoseconds in samples.prefix(count) {
                reference.recordNanoseconds(nanoseconds)
                ours.record(nanoseconds: nanoseconds)
            }
            var text: [UInt8] = []
            ours.emit(into: &text)
            #expect(String(decoding: text, as: UTF8.self) == registry.emitToString())
        }
    }
}
