/// One element of a Sec-WebSocket-Extensions header (RFC 6455 §9.1):
/// `extension-token *( ";" token [ "=" ( token / quoted-string ) ] )`.
package struct WebSocketExtensionOffer: Sendable, Equatable {
    package struct Parameter: Sendable, Equatable {
        /// Lowercased parameter name.
        package var name: String
        /// The value with quotes and escapes removed; nil when the parameter had no `=`.
        package var value: String?

        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// Lowercased extension name.
    package var name: String
    package var parameters: [Parameter]

    package init(name: String, parameters: [Parameter]) {
        self.name = name
        self.parameters = parameters
    }

    /// Parses every offer in every header value, in order. Syntactically broken elements come back
    /// as nil so a caller can skip exactly that offer and still consider the ones after it.
    package static func parse(headerValues: [String]) -> [WebSocketExtensionOffer?] {
        var offers: [WebSocketExtensionOffer?] = []
        for value in headerValues {
            for element in split(Array(value.utf8), on: UInt8(ascii: ",")) {
                let trimmed = trim(element)
                if trimmed.isEmpty { continue }  // HTTP list rule: empty elements are ignored.
                offers.append(parseOffer(trimmed))
            }
        }
        return offers
    }

    private static func parseOffer(_ bytes: ArraySlice<UInt8>) -> WebSocketExtensionOffer? {
        let parts = split(Array(bytes), on: UInt8(ascii: ";"))
        let name = trim(parts[0])
        guard isToken(name) else { return nil }
        var parameters: [Parameter] = []
        for part in parts.dropFirst() {
            let part = trim(part)
            guard !part.isEmpty else { return nil }
            if let equals = part.firstIndex(of: UInt8(ascii: "=")) {
                let key = trim(part[part.startIndex..<equals])
                let rawValue = trim(part[(equals + 1)...])
                guard isToken(key), let value = parseValue(rawValue) else { return nil }
                parameters.append(Parameter(name: lowercased(key), value: value))
            } else {
                guard isToken(part) else { return nil }
                parameters.append(Parameter(name: lowercased(part), value: nil))
            }
        }
        return WebSocketExtensionOffer(name: lowercased(name), parameters: parameters)
    }

    /// `token / quoted-string`, returning the unescaped content.
    private static func parseValue(_ bytes: ArraySlice<UInt8>) -> String? {
        guard let first = bytes.first else { return nil }
        guard first == UInt8(ascii: "\"") else {
            return isToken(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
        }
        var content: [UInt8] = []
        var index = bytes.startIndex + 1
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.endIndex else { return nil }
                content.append(bytes[index])
            } else if byte == UInt8(ascii: "\"") {
                // The closing quote must end the value.
                return index == bytes.endIndex - 1 ? String(decoding: content, as: UTF8.self) : nil
            } else {
                content.append(byte)
            }
            index += 1
        }
        return nil
    }

    /// Splits on `separator` outside quoted strings.
    private static func split(_ bytes: [UInt8], on separator: UInt8) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = 0
        var inQuotes = false
        var escaped = false
        for (index, byte) in bytes.enumerated() {
            if escaped {
                escaped = false
            } else if inQuotes && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes && byte == separator {
                pieces.append(bytes[start..<index])
                start = index + 1
            }
        }
        pieces.append(bytes[start...])
        return pieces
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
        return slice
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).lowercased()
    }

    /// RFC 9110 §5.6.2 token.
    static func isToken(_ bytes: ArraySlice<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
