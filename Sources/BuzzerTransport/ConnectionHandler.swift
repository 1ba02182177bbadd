import BuzzerWebSocket

/// What a protocol layer does with one connection's events. Every call happens on the connection's loop,
/// so implementations keep plain mutable state and are not Sendable.
protocol ConnectionHandler: AnyObject {
    /// The connection is registered with its loop and may write.
    func connectionDidOpen(_ connection: Connection)
    /// Bytes arrived. The buffer is the loop's and is reused after the call returns: copy what you keep.
    func connection(_ connection: Connection, didRead bytes: UnsafeRawBufferPointer)
    /// The peer shut down its sending side (or closed). The connection stays open until the handler closes it.
    func connectionDidReadEOF(_ connection: Connection)
    /// Called about four times a second on every open connection, for deadlines and keepalive.
    func connection(_ connection: Connection, tick now: UInt64)
    /// The server is stopping: say goodbye (e.g. WebSocket close 1001) and close after flushing.
    func connectionShouldShutDown(_ connection: Connection)
    /// True when a message's plain frame is what this connection sends (an open WebSocket without
    /// permessage-deflate, not closing): a broadcast may then write that frame itself.
    var sendsPlainFrames: Bool { get }
    /// Frames and writes one of a broadcast's messages (`message` keeps what every recipient on the loop
    /// shares, such as a compressed frame). A protocol requirement, not a generic call: a broadcast
    /// reaches each recipient through its witness table, with no type metadata looked up per recipient.
    func sendShared(_ message: inout OutboundMessage)
    /// Frames the messages of a batch recipient's chain (`BatchPlan.chain(from: first, in: links)`) and
    /// writes them in one `writev`, then starts the close handshake if `closeAfter` says so. Concrete
    /// arguments, not a generic sequence: a generic requirement would pass type metadata per recipient.
    func sendShared(chainFrom first: Int, in links: [BatchPlan.Link], of messages: inout [OutboundMessage],
                    onWritten: (@Sendable (AnyObject, UInt64) -> Void)?, closeAfter: (code: UInt16, reason: String)?)
    /// Called exactly once, after which the connection is gone.
    func connectionDidClose(_ connection: Connection, reason: ConnectionCloseReason)
}
