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
    /// Called exactly once, after which the connection is gone.
    func connectionDidClose(_ connection: Connection, reason: ConnectionCloseReason)
}
