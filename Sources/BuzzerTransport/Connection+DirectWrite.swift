import Glibc

/// Direct writes: a broadcast on the loop sends its plain frame to each socket itself
/// (`EventLoop.send(_:to:)`), for the connections the loop's table marks as able to take it.
extension Connection {
    /// True when a broadcast may send its plain frame straight to the socket: open, nothing queued
    /// before it, no TLS, and a handler that sends plain frames (an open WebSocket without
    /// permessage-deflate). `finishDirectWrite` takes over when the kernel took less.
    var takesDirectWrites: Bool {
        guard case .open = state, tls == nil, hasNothingQueued else { return false }
        return handler?.sendsPlainFrames ?? false
    }

    /// Tells the loop's table whether broadcasts may go straight to this socket: after every change
    /// of the state, of the queue between empty and not, and of the handler's send mode.
    func refreshDirect() {
        let direct = takesDirectWrites
        guard direct != markedDirect else { return }
        markedDirect = direct
        loop.setDirect(self, direct)
    }

    /// After a broadcast's own `send` of `bytes` took `sent` of them (or failed with `code`): queues the
    /// rest, or fails the connection, as `writeRaw` does after its first attempt.
    func finishDirectWrite(_ bytes: [UInt8], sent: Int, errno code: Int32) {
        guard case .open = state else { return }
        var offset = sent
        if sent < 0 {
            if code != EAGAIN && code != EWOULDBLOCK && code != EINTR {
                closeNow(reason: Self.reason(for: code))
                return
            }
            offset = 0
        }
        guard offset < bytes.count else { return }
        enqueue(bytes, offset: offset, onWritten: nil)
        afterEnqueue()
    }
}
