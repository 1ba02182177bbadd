import CLinuxTCP

/// What the kernel knows about a connection's TCP socket.
extension Connection {
    /// The least round trip the kernel measured on this TCP socket over its window (`TCP_INFO`'s
    /// `tcpi_min_rtt`), nanoseconds; nil when it has none. Taken from the peer's ACKs, which an app that
    /// holds its pongs does not hold; the minimum, so delayed ACKs do not inflate it either.
    var kernelRoundTripNanos: UInt64? {
        let micros = buzzer_tcp_min_rtt_us(fd)
        return micros > 0 ? UInt64(micros) * 1_000 : nil
    }
}
