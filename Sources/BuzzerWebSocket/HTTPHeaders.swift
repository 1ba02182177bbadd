/// HTTP header fields in arrival order. Names compare case-insensitively (RFC 9110 §5.1);
/// repeated fields are kept separately so list-valued headers can be combined by the reader.
package struct HTTPHeaders: Sendable, Equatable, Sequence {
    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    package init() {
        fields = []
    }

    package init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    package var count: Int { fields.count }

    package func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    package mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field called `name` with one field.
    package mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    package mutating func remove(name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Every value of the fields called `name`, in order.
    package subscript(name: String) -> [String] {
        fields.compactMap { Self.namesMatch($0.name, name) ? $0.value : nil }
    }

    package func first(name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    package func contains(name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// The comma-separated list elements of all fields called `name` (RFC 9110 §5.6.1),
    /// trimmed, empty elements dropped. Use for `Connection`, `Upgrade`, `Sec-WebSocket-Protocol`.
    package func listElements(name: String) -> [String] {
        self[name].flatMap { value in
            value.split(separator: ",", omittingEmptySubsequences: true).compactMap { element in
                let trimmed = element.trimmingHTTPWhitespace()
                return trimmed.isEmpty ? nil : trimmed
            }
        }
    }

    /// True if the list-valued header `name` contains `token`, ignoring ASCII case
    /// (e.g. `Connection: keep-alive, Upgrade` contains "upgrade").
    package func containsToken(_ token: String, inHeader name: String) -> Bool {
        listElements(name: name).contains { Self.equalIgnoringASCIICase($0, token) }
    }

    private static func namesMatch(_ lhs: String, _ rhs: String) -> Bool {
        equalIgnoringASCIICase(lhs, rhs)
    }

    /// Names and tokens are ASCII (RFC 9110 §5.1, §5.6.2), so only A–Z fold: Unicode lowercasing would
    /// also let a look-alike through (the Kelvin sign, U+212A, lowercases to "k": "websoc\u{212A}et"
    /// would pass for "websocket"), and it allocated two strings per compare.
    static func equalIgnoringASCIICase(_ lhs: String, _ rhs: String) -> Bool {
        lhs.utf8.count == rhs.utf8.count && zip(lhs.utf8, rhs.utf8).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
        }
    }
}

extension Substring {
    /// Strips optional whitespace (SP / HTAB, RFC 9110 §5.6.3) from both ends.
    func trimmingHTTPWhitespace() -> String {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
