/// The outcome of looking at a request head (RFC 6455 §4.2).
package enum HandshakeDecision: Sendable, Equatable {
    /// Send `response` (the 101), then speak WebSocket with these settings.
    case upgrade(response: [UInt8], subprotocol: String?, deflate: PerMessageDeflateParameters?)
    /// Send the response and close.
    case reject(HTTPResponse)
    /// Not an upgrade request: plain HTTP for the app layer.
    case notWebSocket
}
