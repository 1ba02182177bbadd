import COpenSSL
import Synchronization

/// The server's TLS setup (OpenSSL): TLS 1.2 and 1.3 only, the certificate and key from
/// `server.tls`. `reload()` reads the files again (SIGHUP): new connections get the new
/// certificate, open ones keep theirs, and nothing is dropped. A reload that fails keeps the old one.
package final class TLSContext: Sendable {
    package let config: TLSConfig
    /// The live `SSL_CTX`, swapped whole on reload. OpenSSL counts the references each `SSL` holds,
    /// so freeing ours after a swap never pulls a context from under an open connection.
    private let context: Mutex<UnsafeSendable>

    private struct UnsafeSendable: @unchecked Sendable { var pointer: OpaquePointer }

    package init(config: TLSConfig) throws(TransportError) {
        self.config = config
        context = Mutex(UnsafeSendable(pointer: try Self.makeContext(config)))
    }

    deinit {
        context.withLock { SSL_CTX_free($0.pointer) }
    }

    /// Reads the certificate and key again; throws (and keeps serving the old pair) if they do not load.
    package func reload() throws(TransportError) {
        let fresh = try Self.makeContext(config)
        let old = context.withLock { current in
            let old = current.pointer
            current.pointer = fresh
            return old
        }
        SSL_CTX_free(old)
    }

    /// A server-side TLS state for one new connection.
    func makeSession() -> TLSSession? {
        let ssl: OpaquePointer? = context.withLock { SSL_new($0.pointer) }
        guard let ssl else { return nil }
        return TLSSession(ssl: ssl)
    }

    private static func makeContext(_ config: TLSConfig) throws(TransportError) -> OpaquePointer {
        ERR_clear_error()
        guard let ctx = SSL_CTX_new(TLS_server_method()) else { throw .tls("OpenSSL could not make a TLS context: \(lastError())") }
        guard buzzer_ssl_ctx_limit_versions(ctx) == 1 else {
            SSL_CTX_free(ctx)
            throw .tls("OpenSSL refused TLS 1.2–1.3 only: \(lastError())")
        }
        _ = buzzer_ssl_ctx_set_options(ctx)
        guard SSL_CTX_use_certificate_chain_file(ctx, config.certificateFile) == 1 else {
            SSL_CTX_free(ctx)
            throw .tls("cannot load the certificate \(config.certificateFile): \(lastError())")
        }
        guard SSL_CTX_use_PrivateKey_file(ctx, config.privateKeyFile, SSL_FILETYPE_PEM) == 1 else {
            SSL_CTX_free(ctx)
            throw .tls("cannot load the private key \(config.privateKeyFile): \(lastError())")
        }
        guard SSL_CTX_check_private_key(ctx) == 1 else {
            SSL_CTX_free(ctx)
            throw .tls("the private key \(config.privateKeyFile) does not match the certificate \(config.certificateFile)")
        }
        return ctx
    }

    static func lastError() -> String {
        let code = ERR_get_error()
        guard code != 0 else { return "no detail from OpenSSL" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// One connection's TLS, driven through memory BIOs: the connection keeps reading and writing raw
/// bytes on its non-blocking socket as it always does, and this turns them into plaintext and back.
/// Loop-bound, like its connection.
final class TLSSession {
    private let ssl: OpaquePointer
    private let incoming: OpaquePointer
    private let outgoing: OpaquePointer
    private(set) var handshakeDone = false
    private var scratch = [UInt8](repeating: 0, count: 16 << 10)

    enum Failure: Error { case protocolError(String) }

    init?(ssl: OpaquePointer) {
        guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
            SSL_free(ssl)
            return nil
        }
        self.ssl = ssl
        self.incoming = incoming
        self.outgoing = outgoing
        SSL_set_bio(ssl, incoming, outgoing)  // the SSL owns both BIOs now
        SSL_set_accept_state(ssl)
        _ = buzzer_ssl_set_partial_writes(ssl)
    }

    deinit { SSL_free(ssl) }

    /// Bytes from the socket in; the plaintext they carried out, and raw bytes to send back
    /// (handshake messages, alerts). Throws when the peer broke the protocol.
    func receive(_ raw: UnsafeRawBufferPointer) throws(Failure) -> (plaintext: [UInt8], reply: [UInt8]) {
        var offset = 0
        while offset < raw.count {
            let n = BIO_write(incoming, raw.baseAddress! + offset, Int32(min(raw.count - offset, Int(Int32.max))))
            guard n > 0 else { throw .protocolError("could not buffer TLS input") }
            offset += Int(n)
        }
        var plaintext: [UInt8] = []
        if !handshakeDone {
            ERR_clear_error()
            let result = SSL_do_handshake(ssl)
            if result == 1 {
                handshakeDone = true
            } else {
                let error = SSL_get_error(ssl, result)
                if error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE {
                    let reply = drain()
                    if !reply.isEmpty { pendingAlert = reply }
                    throw .protocolError("TLS handshake failed: \(TLSContext.lastError())")
                }
            }
        }
        if handshakeDone {
            while true {
                ERR_clear_error()
                let n = scratch.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
                if n > 0 {
                    plaintext.append(contentsOf: scratch[0..<Int(n)])
                    continue
                }
                let error = SSL_get_error(ssl, n)
                if error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE { break }
                if error == SSL_ERROR_ZERO_RETURN { break }  // close_notify: the socket's EOF follows
                throw .protocolError("TLS record error: \(TLSContext.lastError())")
            }
        }
        return (plaintext, drain())
    }

    /// An alert the failed handshake left to send before the connection closes.
    var pendingAlert: [UInt8]?

    /// Plaintext in, the TLS records to send out.
    func seal(_ plaintext: UnsafeRawBufferPointer) -> [UInt8] {
        var offset = 0
        while offset < plaintext.count {
            let n = SSL_write(ssl, plaintext.baseAddress! + offset, Int32(min(plaintext.count - offset, 1 << 20)))
            if n <= 0 { break }
            offset += Int(n)
        }
        return drain()
    }

    /// close_notify, to send before our side of the socket shuts down.
    func closeNotify() -> [UInt8] {
        guard handshakeDone else { return [] }
        _ = SSL_shutdown(ssl)
        return drain()
    }

    private func drain() -> [UInt8] {
        var out: [UInt8] = []
        while BIO_ctrl_pending(outgoing) > 0 {
            let n = scratch.withUnsafeMutableBytes { BIO_read(outgoing, $0.baseAddress, Int32($0.count)) }
            if n <= 0 { break }
            out.append(contentsOf: scratch[0..<Int(n)])
        }
        return out
    }
}
