/// The header a reverse proxy writes the client's address into, `server.forwardedHeader`. Only one is
/// read: a proxy writes one and passes the other on as the client sent it, so reading both would let a
/// client behind nginx (which appends to `X-Forwarded-For`) name itself in a `Forwarded` of its own.
package enum ForwardedHeader: String, Sendable, CaseIterable {
    /// `X-Forwarded-For: client, proxy1, proxy2` (de facto; nginx's `$proxy_add_x_forwarded_for`).
    case xForwardedFor = "X-Forwarded-For"
    /// `Forwarded: for=client;proto=https, for="[2001:db8::1]:4711"` (RFC 7239).
    case forwarded = "Forwarded"

    /// The addresses the header lists, nearest the client first, across all its fields in order
    /// (RFC 9110 §5.3). nil for a hop that names no address: `unknown`, an obfuscated `_name`
    /// (RFC 7239 §6), a `Forwarded` element without `for`, or anything malformed.
    package func hops(in headers: HTTPHeaders) -> [IPAddress?] {
        let values = headers[rawValue]
        guard !values.isEmpty else { return [] }
        let text = Substring(values.joined(separator: ","))
        switch self {
        case .xForwardedFor:
            return text.split(separator: ",", omittingEmptySubsequences: false).map { Self.node($0.trimmingHTTPWhitespace()[...]) }
        case .forwarded:
            return Self.split(text, at: ",").map(Self.forwardedFor)
        }
    }

    /// One RFC 7239 element's `for=` node (`for=192.0.2.43`, `for="[2001:db8::1]:4711"`, `FOR=…`).
    private static func forwardedFor(_ element: Substring) -> IPAddress? {
        for pair in split(element, at: ";") {
            let pair = pair.trimmingHTTPWhitespace()[...]
            guard let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == "for" else { continue }
            guard let value = unquoted(pair[pair.index(after: equals)...]) else { return nil }
            return node(value)
        }
        return nil
    }

    /// A node: `192.0.2.7`, `192.0.2.7:4711`, `2001:db8::1` (X-Forwarded-For writes it bare),
    /// `[2001:db8::1]` or `[2001:db8::1]:4711`. A port, if any, is dropped.
    static func node(_ text: Substring) -> IPAddress? {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return nil }
            return IPAddress(text[text.index(after: text.startIndex)..<close])
        }
        if let address = IPAddress(text) { return address }
        guard let colon = text.lastIndex(of: ":"), isPort(text[colon...]) else { return nil }
        let host = text[..<colon]
        // Only IPv4 takes a port without brackets: `2001:db8::1:80` is an IPv6 address.
        guard !host.contains(":"), let address = IPAddress(host), address.isIPv4 else { return nil }
        return address
    }

    /// `:` and 1 to 5 digits.
    private static func isPort(_ text: Substring) -> Bool {
        let digits = text.dropFirst()
        return text.first == ":" && (1...5).contains(digits.count) && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `value` as a token or a quoted-string with its escapes undone (RFC 9110 §5.6.4); nil if the quotes do not close.
    private static func unquoted(_ value: Substring) -> Substring? {
        guard value.first == "\"" else { return value }
        var out = ""
        var escaped = false
        var index = value.index(after: value.startIndex)
        while index < value.endIndex {
            let character = value[index]
            if escaped {
                out.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                // The closing quote must end the value.
                return value.index(after: index) == value.endIndex ? Substring(out) : nil
            } else {
                out.append(character)
            }
            index = value.index(after: index)
        }
        return nil
    }

    /// Splits at `separator` outside quoted-strings.
    private static func split(_ text: Substring, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex, quoted = false, escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                escaped = false
            } else if quoted, character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if !quoted, character == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }
}
