/// Checks a request line byte by byte as it arrives, so that input which can never become one is
/// refused at its first impossible byte rather than held until a line end that may never come:
/// a TLS ClientHello or binary noise sent to the plain port fails at once, not at the handshake
/// timeout. It accepts every prefix of what `HTTPRequestParser` accepts at the line end,
/// `token SP 1*VCHAR SP "HTTP/" DIGIT "." DIGIT [CR]` (RFC 9112 §3) with a target starting with `/`
/// or a letter (origin-form or absolute-form), or an empty line; the full check there still decides
/// every line that does end. A PROXY protocol header (v2's signature after the empty lines it looks
/// like, or v1's `PROXY ` method) gets its own error, so a proxy missing from
/// `server.trustedProxies` is named as such.
struct HTTPRequestLineScanner: Sendable {
    private enum Part: Sendable {
        case method
        case target
        /// How many bytes of `HTTP/x.y` have been seen.
        case version(Int)
        /// A CR: only the LF that ends the line may follow (the parser splits lines before we see it).
        case carriageReturn
    }

    private var part = Part.method
    /// Bytes in the current method or target.
    private var count = 0
    /// How many bytes from the start matched the PROXY v2 signature (`ProxyProtocolHeader.signature`;
    /// line ends count as its LFs); nil once one did not.
    private var proxySignature: Int? = 0
    /// How many bytes of this line's method matched `PROXY` (PROXY v1); nil once one did not.
    private var proxyMethod: Int? = 0

    /// The first byte of a TLS record carrying a handshake (RFC 8446 §5.1: ContentType 22), which is
    /// what a browser that tried `https://` sends first. No method can start with it.
    static let tlsHandshakeRecord: UInt8 = 0x16

    /// Scans the next bytes of the current line (never its LF); returns the error at the first
    /// byte that no valid request line can contain there.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPParseError? {
        for byte in bytes {
            if let error = step(byte) { return error }
        }
        return nil
    }

    /// The line ended: the next byte starts a new line (after an empty line, the request line again).
    mutating func reset() {
        part = .method
        count = 0
        proxyMethod = 0
        matchSignature(0x0A)
    }

    private mutating func matchSignature(_ byte: UInt8) {
        guard let matched = proxySignature else { return }
        proxySignature = matched < ProxyProtocolHeader.signature.count && ProxyProtocolHeader.signature[matched] == byte ? matched + 1 : nil
    }

    private static let proxyV1Method = Array("PROXY".utf8)

    private mutating func step(_ byte: UInt8) -> HTTPParseError? {
        matchSignature(byte)
        if case .carriageReturn = part { return .bareCarriageReturn }
        if byte == 0x0D {
            // Whether the line was whole is for the full check at its LF.
            part = .carriageReturn
            return nil
        }
        switch part {
        case .method:
            if count == 0 && byte == Self.tlsHandshakeRecord { return .tlsHandshake }
            if WebSocketExtensionOffer.isTokenCharacter(byte) {
                if let matched = proxyMethod {
                    proxyMethod = matched < 5 && Self.proxyV1Method[matched] == byte ? matched + 1 : nil
                }
                count += 1
            } else if byte == 0x20 && count > 0 {
                if count == 5, proxyMethod == 5 { return .proxyHeader }
                part = .target
                count = 0
            } else {
                // "\r\n\r\n\0": two empty lines, then a NUL no request line can start with.
                return proxySignature == 5 ? .proxyHeader : .invalidRequestLine
            }
        case .target:
            if byte > 0x20 && byte < 0x7F {
                // origin-form starts with `/`, absolute-form with its scheme (RFC 9112 §3.2).
                if count == 0, byte != UInt8(ascii: "/"), !Self.isLetter(byte) { return .invalidTarget }
                count += 1
            } else if byte == 0x20 && count > 0 {
                part = .version(0)
            } else {
                return .invalidRequestLine
            }
        case .version(let seen):
            guard seen < 8, Self.fits(byte, versionPosition: seen) else { return .invalidRequestLine }
            part = .version(seen + 1)
        case .carriageReturn:
            break
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static let versionPrefix = Array("HTTP/".utf8)

    /// `HTTP/` DIGIT `.` DIGIT, position by position (RFC 9112 §2.3).
    private static func fits(_ byte: UInt8, versionPosition position: Int) -> Bool {
        switch position {
        case 0..<5: byte == versionPrefix[position]
        case 5, 7: byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        default: byte == UInt8(ascii: ".")
        }
    }
}
