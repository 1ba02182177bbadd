import Glibc

/// libFuzzer target "handshake": request bytes into `HTTPRequestParser`, every complete head into
/// `WebSocketHandshake.evaluate` (which also parses Sec-WebSocket-Extensions and negotiates
/// permessage-deflate). Pipelined heads after the first are parsed too.
///
/// Flags: bit 0 tight header limits, bits 1-2 compression (game, conformance, disabled), bit 3 only path
/// "/ws", bit 4 an origin allowlist, bit 5 a subprotocol.
///
/// Oracles besides the sanitizers: whole and split feeding give the same results, `consumed` stays inside
/// the chunk, a 101 carries a valid accept value, and negotiated window bits are within 8...15.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHandshake(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = FuzzInput(data, size) else { return 0 }
    let flags = input.flags
    var whole = HandshakeFuzzer(flags: flags)
    whole.feed(input.payload)
    var split = HandshakeFuzzer(flags: flags)
    input.forEachChunk { split.feed($0) }
    if whole.outcomes != split.outcomes {
        print("fed whole: \(whole.outcomes)\nfed split: \(split.outcomes)")
        fflush(nil)
        preconditionFailure("results depend on how the input was split")
    }
    return 0
}

struct HandshakeFuzzer {
    private var parser: HTTPRequestParser
    private let policy: HandshakePolicy
    private var failed = false
    /// What each complete or failed head led to, in order.
    private(set) var outcomes: [String] = []

    init(flags: UInt8) {
        parser = flags & 0x01 != 0
            ? HTTPRequestParser(maxHeaderBytes: 200, maxHeaderCount: 6)
            : HTTPRequestParser(maxHeaderBytes: 8192, maxHeaderCount: 64)
        let compression: PerMessageDeflateConfig = switch (flags >> 1) & 0x03 {
        case 0: .gameDefaults
        case 1: .conformance
        default: .disabled
        }
        policy = HandshakePolicy(
            paths: flags & 0x08 != 0 ? ["/ws"] : nil,
            allowedOrigins: flags & 0x10 != 0 ? ["https://buzzer.example", "http://localhost:8080"] : [],
            subprotocols: flags & 0x20 != 0 ? ["buzzer.v1"] : [],
            compression: compression)
    }

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !failed, !rest.isEmpty {
            switch parser.parse(rest) {
            case .needMoreData:
                return
            case .failed(let error):
                failed = true
                outcomes.append("failed \(error)")
            case .complete(let head, let consumed):
                precondition(consumed > 0 && consumed <= rest.count, "consumed \(consumed) of \(rest.count)")
                outcomes.append(evaluate(head))
                rest = UnsafeRawBufferPointer(rebasing: rest[consumed...])
            }
        }
    }

    private func evaluate(_ head: HTTPRequestHead) -> String {
        let decision = WebSocketHandshake.evaluate(head, policy: policy)
        switch decision {
        case .upgrade(let response, _, let deflate):
            let text = String(decoding: response, as: UTF8.self)
            precondition(text.hasPrefix("HTTP/1.1 101 "), "upgrade without 101")
            let key = head.headers["Sec-WebSocket-Key"][0]
            precondition(text.contains("Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(forKey: key))\r\n"))
            if let deflate {
                precondition(policy.compression.enabled, "deflate negotiated while disabled")
                precondition((8...15).contains(deflate.serverMaxWindowBits) && (8...15).contains(deflate.clientMaxWindowBits))
            }
        case .reject(let response):
            precondition((400...499).contains(response.status), "rejected with \(response.status)")
        case .notWebSocket:
            break
        }
        // Keep-alive only where the next request can start right after this head.
        if head.allowsKeepAlive {
            precondition(head.version >= .http1_1 && !head.headers.contains(name: "Transfer-Encoding"), "keep-alive for \(head.version)")
        }
        let stripped = HTTPResponse(status: 200, body: Array(head.target.utf8)).withoutBody
        precondition(stripped.body.isEmpty && stripped.headers.first(name: "Content-Length") == "\(head.target.utf8.count)")
        return "\(head.method) \(head.target) \(decision) keepAlive=\(head.allowsKeepAlive)"
    }
}
