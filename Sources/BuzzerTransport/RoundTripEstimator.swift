/// A connection's round trip as the server measured it, for the response-time and buzz corrections
/// (docs/kinds-buzz.md). A value type with no clock and no socket: the session hands it the times,
/// its ping's nonce and, when asked for, the kernel's estimate.
///
/// A phone cannot make its round trip look longer than it is:
/// - a pong counts only if it echoes the one ping outstanding, whose payload is a nonce that discloses
///   nothing (RFC 6455 §5.5.3 lets a pong answer the latest ping only), so an old or unsolicited pong
///   is ignored;
/// - the estimate is the smallest of the last `sampleCount` pongs, so one slow pong changes nothing;
/// - under `RoundTripSource.kernel`, the estimate is never above the least RTT the kernel measured on the TCP
///   socket (`TCP_INFO`), which a client that delays its pongs does not delay.
struct RoundTripEstimator {
    /// The pongs the estimate is the minimum of.
    static let sampleCount = 4

    private var outstanding: (nonce: UInt64, sentAt: UInt64)?
    private var samples: [UInt64] = []
    private var next = 0
    /// The current estimate, nanoseconds; nil until a pong was measured.
    private(set) var estimate: UInt64?

    /// A ping with `nonce` went out at `now`: a pong of any earlier ping no longer counts.
    mutating func pingSent(nonce: UInt64, at now: UInt64) {
        outstanding = (nonce, now)
    }

    /// The eight bytes a ping carries for `nonce`, big-endian.
    static func payload(_ nonce: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: nonce >> (56 - 8 * UInt64($0))) }
    }

    /// A pong arrived at `now`. `kernelBound` is asked only for a pong that counts (a `getsockopt`).
    /// Returns the new estimate, or nil when the pong does not echo the outstanding ping.
    mutating func pongReceived(_ payload: [UInt8], at now: UInt64, kernelBound: () -> UInt64?) -> UInt64? {
        guard let ping = outstanding, payload == Self.payload(ping.nonce), now >= ping.sentAt else { return nil }
        outstanding = nil
        let sample = now - ping.sentAt
        if samples.count < Self.sampleCount {
            samples.append(sample)
        } else {
            samples[next] = sample
            next = (next + 1) % Self.sampleCount
        }
        var best = samples.min() ?? sample
        if let bound = kernelBound() { best = min(best, bound) }
        estimate = best
        return best
    }
}

/// Whose word bounds a connection's round trip (`transport.roundTrip` in config.json).
package enum RoundTripSource: String, Codable, Sendable, Equatable, CaseIterable {
    /// The pongs' round trip, never above the least RTT the kernel measured on the socket. Behind a proxy the
    /// kernel sees only the hop to the proxy, so phones are then compensated by about nothing.
    case kernel
    /// The pongs alone: a client that delays its pongs gains up to `rttCompensationCapMs` on a buzz.
    /// For `buzzer bench buzz`, whose phones simulate their networks in user space.
    case pongs
}
