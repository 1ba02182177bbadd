/// Incremental HTTP/1.1 request-head parser: a value-type state machine fed whatever bytes
/// arrive, split anywhere. It never reads a body; the bytes after the head's empty line are left
/// to the caller (for an upgrade they are the first WebSocket frames).
///
/// Choices (RFC 9112): a bare LF is accepted as a line end (§2.2 allows it; handy for `nc`
/// testing, harmless for an origin server), a CR not followed by LF is rejected, empty lines
/// before the request line are skipped (§2.2), obs-fold is rejected with 400 (§5.2), and the
/// whole head including its final empty line counts against `maxHeaderBytes`. The request line is
/// also checked as its bytes arrive (`HTTPRequestLineScanner`), so bytes that cannot start a
/// request (a TLS ClientHello, binary noise) fail at once instead of waiting for a line end.
package struct HTTPRequestParser: Sendable {
    package enum Result: Sendable, Equatable {
        /// Every byte given was consumed; feed more.
        case needMoreData
        /// The head is complete; `consumed` bytes of the last input belong to it, the rest do not.
        case complete(HTTPRequestHead, consumed: Int)
        /// Answer with `error.response` (if any) and close. The parser stays failed.
        case failed(HTTPParseError)
    }

    private enum State {
        case requestLine
        case headers(method: String, target: String, authority: String?, version: HTTPRequestHead.Version)
        case failed(HTTPParseError)
    }

    package let maxHeaderBytes: Int
    package let maxHeaderCount: Int
    private var state = State.requestLine
    private var line: [UInt8] = []
    private var headBytes = 0
    private var headers = HTTPHeaders()
    private var requestLine = HTTPRequestLineScanner()

    package init(maxHeaderBytes: Int, maxHeaderCount: Int) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
    }

    package init(config: WebSocketConfig) {
        self.init(maxHeaderBytes: config.maxHeaderBytes, maxHeaderCount: config.maxHeaderCount)
    }

    /// Consumes `bytes`. After `.complete` the parser is ready for the next request head.
    package mutating func parse(_ bytes: UnsafeRawBufferPointer) -> Result {
        if case .failed(let error) = state { return .failed(error) }
        let input = bytes.bindMemory(to: UInt8.self)
        var index = 0
        while index < input.count {
            let rest = UnsafeBufferPointer(rebasing: input[index...])
            guard let newline = rest.firstIndex(of: 0x0A) else {
                if let error = scanRequestLine(rest) { return fail(error) }
                headBytes += rest.count
                if headBytes > maxHeaderBytes { return fail(.headerTooLarge(limit: maxHeaderBytes)) }
                line.append(contentsOf: rest)
                return .needMoreData
            }
            if let error = scanRequestLine(UnsafeBufferPointer(rebasing: rest[..<newline])) { return fail(error) }
            requestLine.reset()
            headBytes += newline + 1
            if headBytes > maxHeaderBytes { return fail(.headerTooLarge(limit: maxHeaderBytes)) }
            line.append(contentsOf: UnsafeBufferPointer(rebasing: rest[..<newline]))
            index += newline + 1
            if line.last == 0x0D { line.removeLast() }
            if line.contains(0x0D) { return fail(.bareCarriageReturn) }
            if let result = processLine() {
                return switch result {
                case .complete(let head, _): .complete(head, consumed: index)
                default: result
                }
            }
            line.removeAll(keepingCapacity: true)
        }
        return .needMoreData
    }

    /// Handles one line without its terminator; returns a result when the head is done or broken.
    private mutating func processLine() -> Result? {
        switch state {
        case .failed(let error):
            return .failed(error)
        case .requestLine:
            if line.isEmpty { return nil }  // RFC 9112 §2.2: ignore leading empty lines.
            guard let (method, target, version) = Self.parseRequestLine(line[...]) else {
                return fail(.invalidRequestLine)
            }
            guard version.major == 1 else { return fail(.unsupportedVersion) }
            guard let form = HTTPRequestHead.originForm(of: target[...]) else { return fail(.invalidTarget) }
            state = .headers(method: method, target: form.target, authority: form.authority, version: version)
            return nil
        case .headers(let method, let target, let authority, let version):
            if line.isEmpty {
                let hosts = headers["host"].count
                if hosts > 1 || (hosts == 0 && version >= .http1_1) { return fail(.invalidHost) }
                // RFC 9112 §3.2.2: an absolute-form target's authority is the host, whatever `Host` said.
                if let authority { headers.replaceOrAdd(name: "Host", value: authority) }
                let head = HTTPRequestHead(method: method, target: target, version: version, headers: headers, authority: authority)
                resetForNextRequest()
                return .complete(head, consumed: 0)
            }
            if line[0] == 0x20 || line[0] == 0x09 { return fail(.obsoleteLineFolding) }
            guard headers.count < maxHeaderCount else { return fail(.tooManyHeaders(limit: maxHeaderCount)) }
            guard let field = Self.parseField(line[...]) else { return fail(.invalidHeader) }
            headers.add(name: field.name, value: field.value)
            return nil
        }
    }

    /// Checks the request line's bytes as they come; the header lines wait for their line end.
    private mutating func scanRequestLine(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPParseError? {
        guard case .requestLine = state else { return nil }
        return requestLine.scan(bytes)
    }

    private mutating func fail(_ error: HTTPParseError) -> Result {
        state = .failed(error)
        line = []
        return .failed(error)
    }

    private mutating func resetForNextRequest() {
        state = .requestLine
        headers = HTTPHeaders()
        headBytes = 0
    }

    /// `method SP request-target SP HTTP-version` with single spaces (RFC 9112 §3).
    private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> (String, String, HTTPRequestHead.Version)? {
        let parts = line.split(separator: 0x20, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3,
            WebSocketExtensionOffer.isToken(parts[0]),
            !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
            let version = parseVersion(parts[2])
        else { return nil }
        return (String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), version)
    }

    /// `HTTP/` DIGIT `.` DIGIT (RFC 9112 §2.3).
    private static func parseVersion(_ bytes: ArraySlice<UInt8>) -> HTTPRequestHead.Version? {
        let prefix = Array("HTTP/".utf8)
        guard bytes.count == 8, bytes.prefix(5).elementsEqual(prefix) else { return nil }
        let major = bytes[bytes.startIndex + 5]
        let dot = bytes[bytes.startIndex + 6]
        let minor = bytes[bytes.startIndex + 7]
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard digits.contains(major), dot == UInt8(ascii: "."), digits.contains(minor) else { return nil }
        return HTTPRequestHead.Version(major: Int(major - 0x30), minor: Int(minor - 0x30))
    }

    /// `field-name ":" OWS field-value OWS` (RFC 9112 §5); no whitespace before the colon.
    private static func parseField(_ line: ArraySlice<UInt8>) -> HTTPHeaders.Field? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let name = line[line.startIndex..<colon]
        guard WebSocketExtensionOffer.isToken(name) else { return nil }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value.removeFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value.removeLast() }
        // field-vchar / SP / HTAB / obs-text; no other control characters (RFC 9110 §5.5).
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else { return nil }
        return HTTPHeaders.Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
    }
}
