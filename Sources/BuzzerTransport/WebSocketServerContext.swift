import BuzzerWebSocket
import Logging

/// What every session of one server shares; immutable.
struct WebSocketServerContext<Handler: WebSocketHandler>: Sendable {
    let config: WebSocketServerConfig
    /// `server.trustedProxies` and `server.forwardedHeader`, parsed once.
    let proxies: TrustedProxies
    let policy: HandshakePolicy
    let bodyDecision: @Sendable (HTTPRequestHead) -> RequestBodyDecision
    let respond: @Sendable (HTTPRequestHead, [UInt8], String, HTTPResponder) -> Void
    let makeHandler: @Sendable (WebSocketUpgrade<Handler>) -> Handler
    let pingIntervalNanos: UInt64
    /// `transport.roundTrip`: whether the kernel's RTT bounds the pongs'.
    let roundTripSource: RoundTripSource
    let logger: Logger
    /// One no-context-takeover stream per loop, by loop index; none when compression is off.
    let sharedDeflaters: [LoopBound<SharedDeflater>]

    /// This loop's stream. Loop only.
    func sharedDeflater(on loop: EventLoop) -> SharedDeflater? {
        sharedDeflaters.isEmpty ? nil : sharedDeflaters[loop.index].value
    }
}
