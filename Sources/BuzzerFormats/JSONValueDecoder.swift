/// Decodes a `Decodable` straight from a parsed `JSONValue`: the config file and a `create`'s settings
/// are parsed once, by `JSONParser`, and never printed back to text for `JSONDecoder`.
///
/// It also notes every object member the type never asked for, so a misspelt key can be refused by
/// its path (`unknownKeys`). Numbers follow `JSONDecoder`: an integer type takes only a whole number in
/// its range, anything else is `DecodingError.dataCorrupted` at the member's path.
package struct JSONValueDecoder {
    package var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    package init() {}

    /// The decoded value, and the dotted paths (`rooms.maxPlayer`) of members no decoder asked for,
    /// in document order; a member whose value is null is not counted (it is as good as absent).
    package func decodeReportingUnknownKeys<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> (value: T, unknownKeys: [String]) {
        let tracker = JSONValueKeyTracker()
        let decoder = JSONValueDecoding(value: value, codingPath: [], userInfo: userInfo, tracker: tracker)
        let decoded = try decoder.decodeScalar(T.self)
        return (decoded, tracker.unknownKeys(in: value))
    }

    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try decodeReportingUnknownKeys(type, from: value).value
    }
}

/// The object members a decoding read, by their path; a class because every container shares it.
private final class JSONValueKeyTracker {
    var used: Set<String> = []
    /// Paths decoded as a whole `JSONValue`: what is inside them is the reader's business.
    var opaque: Set<String> = []

    static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue { out += "[\(index)]" } else { out += out.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return out
    }

    func unknownKeys(in value: JSONValue, prefix: String = "") -> [String] {
        if opaque.contains(prefix) { return [] }
        switch value {
        case .object(let members):
            var out: [String] = []
            for member in members {
                let path = prefix.isEmpty ? member.key : prefix + "." + member.key
                if used.contains(path) {
                    out += unknownKeys(in: member.value, prefix: path)
                } else if member.value != .null {
                    out.append(path)
                }
            }
            return out
        case .array(let elements):
            return elements.indices.flatMap { unknownKeys(in: elements[$0], prefix: prefix + "[\($0)]") }
        default:
            return []
        }
    }
}

private struct JSONValueCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

private struct JSONValueDecoding: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    let tracker: JSONValueKeyTracker

    init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any], tracker: JSONValueKeyTracker) {
        self.value = value
        self.codingPath = codingPath
        self.userInfo = userInfo
        self.tracker = tracker
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self, value, codingPath) }
        var byKey: [String: JSONValue] = [:]
        for member in members { byKey[member.key] = member.value }  // the last of a repeated key wins, as in JSONDecoder
        return KeyedDecodingContainer(Keyed<Key>(members: byKey, order: members.map(\.key), decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([Any].self, value, codingPath) }
        return Unkeyed(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    func child(_ value: JSONValue, _ key: any CodingKey) -> JSONValueDecoding {
        JSONValueDecoding(value: value, codingPath: codingPath + [key], userInfo: userInfo, tracker: tracker)
    }

    // MARK: Scalars

    func decodeScalar<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is JSONValue.Type:
            tracker.opaque.insert(JSONValueKeyTracker.path(codingPath))
            return value as! T
        case is Bool.Type:
            guard case .bool(let b) = value else { throw mismatch(type, value, codingPath) }
            return b as! T
        case is String.Type:
            guard case .string(let s) = value else { throw mismatch(type, value, codingPath) }
            return s as! T
        case is Double.Type:
            guard case .number(let n) = value else { throw mismatch(type, value, codingPath) }
            return n as! T
        case is Float.Type:
            guard case .number(let n) = value else { throw mismatch(type, value, codingPath) }
            return Float(n) as! T
        case is Int.Type: return try integer(Int.self) as! T
        case is Int8.Type: return try integer(Int8.self) as! T
        case is Int16.Type: return try integer(Int16.self) as! T
        case is Int32.Type: return try integer(Int32.self) as! T
        case is Int64.Type: return try integer(Int64.self) as! T
        case is UInt.Type: return try integer(UInt.self) as! T
        case is UInt8.Type: return try integer(UInt8.self) as! T
        case is UInt16.Type: return try integer(UInt16.self) as! T
        case is UInt32.Type: return try integer(UInt32.self) as! T
        case is UInt64.Type: return try integer(UInt64.self) as! T
        default: return try T(from: self)
        }
    }

    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let n) = value else { throw mismatch(type, value, codingPath) }
        guard n.rounded(.towardZero) == n, let exact = I(exactly: n) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "Parsed JSON number <\(n)> does not fit in \(type)."))
        }
        return exact
    }

    func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(value.typeName) instead."))
    }

    // MARK: Containers

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [String: JSONValue]
        let order: [String]
        let decoder: JSONValueDecoding
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { order.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool {
            note(key)
            return members[key.stringValue] != nil
        }

        private func note(_ key: Key) {
            decoder.tracker.used.insert(JSONValueKeyTracker.path(codingPath + [key]))
        }

        private func member(_ key: Key) throws -> JSONValue {
            note(key)
            guard let value = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
            }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            let value = try member(key)
            if value == .null, !(T.self is any ExpressibleByNilLiteral.Type) {
                throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [key], debugDescription: "Expected \(type) value but found null instead."))
            }
            return try decoder.child(value, key).decodeScalar(type)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            note(key)
            guard let value = members[key.stringValue], value != .null else { return nil }
            return try decoder.child(value, key).decodeScalar(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.child(try member(key), key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.child(try member(key), key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(try member(key), key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let decoder: JSONValueDecoding
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, any CodingKey) {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [JSONValueCodingKey(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
            }
            defer { currentIndex += 1 }
            return (elements[currentIndex], JSONValueCodingKey(intValue: currentIndex))
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let (value, key) = try next(type)
            return try decoder.child(value, key).decodeScalar(type)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let (value, key) = try next([String: Any].self)
            return try decoder.child(value, key).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            let (value, key) = try next([Any].self)
            return try decoder.child(value, key).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder {
            let (value, key) = try next(Any.self)
            return decoder.child(value, key)
        }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: JSONValueDecoding
        var codingPath: [any CodingKey] { decoder.codingPath }
        func decodeNil() -> Bool { decoder.value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            if decoder.value == .null, !(T.self is any ExpressibleByNilLiteral.Type) {
                throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found null instead."))
            }
            return try decoder.decodeScalar(type)
        }
    }
}
