import BuzzerWebSocket
import Dispatch
import DequeModule
import Glibc

/// Reading: bytes from the socket (through TLS, after a PROXY header) into the codec, on the loop.
extension Connection {

    func readable() {
        let buffer = loop.readBuffer
        // A few reads per event keeps one busy peer from starving the others on this loop.
        for _ in 0..<4 {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 {
                switch state {
                case .open, .closingAfterFlush:
                    let raw = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                    guard proxyHeader != nil ? readProxyHeader(raw) : deliver(raw) else { return }
                    if case .closed = state { return }
                case .draining:
                    break
                case .closed:
                    return
                }
                if count < buffer.count { return }
            } else if count == 0 {
                if case .draining = state {
                    closeNow(reason: .local)
                    return
                }
                // EOF stays readable forever: stop watching before telling the handler.
                setInterest(read: false)
                handler?.connectionDidReadEOF(self)
                return
            } else {
                let code = errno
                if code == EAGAIN || code == EWOULDBLOCK { return }
                if code == EINTR { continue }
                closeNow(reason: Self.reason(for: code))
                return
            }
        }
    }

    /// Bytes as they came off the socket, after any PROXY header: decrypted first on a TLS connection.
    /// False when nothing more is to be read (the TLS handshake failed).
    func deliver(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard !raw.isEmpty else { return true }
        guard let tls else {
            handler?.connection(self, didRead: raw)
            return true
        }
        do {
            let (plaintext, reply) = try tls.receive(raw)
            if !reply.isEmpty { writeRaw(reply) }
            if !plaintext.isEmpty { plaintext.withUnsafeBytes { handler?.connection(self, didRead: $0) } }
            return true
        } catch {
            // A failed handshake (a plain-http client on the https port, say): send the alert, close.
            if let alert = tls.pendingAlert { writeRaw(alert) }
            closeAfterFlush()
            return false
        }
    }

    /// A trusted proxy's first bytes: a PROXY v2 header, which comes before anything else (a TLS
    /// ClientHello included), or none.
    func readProxyHeader(_ raw: UnsafeRawBufferPointer) -> Bool {
        guard var parser = proxyHeader else { return deliver(raw) }
        let result = parser.parse(raw)
        proxyHeader = parser
        switch result {
        case .needMoreData:
            return true
        case .failed(let error):
            proxyHeader = nil
            closeNow(reason: .badProxyHeader(error))
            return false
        case .absent(let held):
            proxyHeader = nil
            return held.isEmpty ? deliver(raw) : (held + Array(raw)).withUnsafeBytes { deliver($0) }
        case .complete(let header, let consumed):
            proxyHeader = nil
            // LOCAL (the proxy's health check), UNSPEC or UNIX: the peer is the client.
            if let source = header.source { remoteAddress = source.address.description }
            return deliver(UnsafeRawBufferPointer(rebasing: raw[consumed...]))
        }
    }

    /// The address this connection reached (`getsockname`): an absolute-form request target naming it names this server.
    var localAddress: String? {
        guard !isClosed else { return nil }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return result == 0 ? TCPServer.describe(storage) : nil
    }
}

extension Connection {
    /// Whose connections may start with a PROXY v2 header (`server.trustedProxies`), and how long
    /// one may be (`websocket.maxHeaderBytes`).
    struct ProxyHeaderPolicy: Sendable {
        var proxies: TrustedProxies
        var maxBytes: Int

        static let none = ProxyHeaderPolicy(proxies: TrustedProxies(), maxBytes: 0)
    }
}
