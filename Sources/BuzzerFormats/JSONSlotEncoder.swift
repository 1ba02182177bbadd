/// The `Encoder` for one value's place in `OrderedJSONEncoder`'s output. Asking it twice for a
/// keyed container continues the same object (`RoomEvent` writes `type`, then its payload does).
final class JSONSlotEncoder: Encoder {
    let sink: JSONByteSink
    /// How many containers were open where this value goes; its own container is one deeper.
    let level: Int
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private var opened: (id: Int, keyed: Bool)?
    private var wroteSingleValue = false

    init(sink: JSONByteSink, level: Int, codingPath: [any CodingKey]) {
        self.sink = sink
        self.level = level
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedWriter<Key>(sink: sink, id: openOrContinue(keyed: true), level: level + 1, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedWriter(sink: sink, id: openOrContinue(keyed: false), level: level + 1, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueWriter(encoder: self)
    }

    private func openOrContinue(keyed: Bool) -> Int {
        if let opened, opened.keyed == keyed, sink.isOpen(opened.id, level: level + 1) { return opened.id }
        if opened != nil || wroteSingleValue {
            sink.fail(.outOfOrder(path: JSONByteSink.path(codingPath)))
            return -1
        }
        let id = sink.openContainer(at: level, keyed: keyed)
        opened = (id, keyed)
        return id
    }

    /// Claims the slot for a single value; false if something was written there already.
    func claimSingleValue() -> Bool {
        guard opened == nil, !wroteSingleValue else { return false }
        wroteSingleValue = true
        if level == 0, sink.membersOnly { sink.fail(.notAnObject) }
        sink.close(to: level)
        return true
    }

    /// Called once the value's `encode(to:)` returned: closes what it opened. A value that wrote
    /// nothing becomes `{}`, as with `JSONEncoder`.
    func finish() throws(EncodingFailure) {
        if opened == nil, !wroteSingleValue {
            if level == 0, sink.membersOnly { throw .notAnObject }
            _ = sink.openContainer(at: level, keyed: true)
        }
        sink.close(to: level)
    }
}

struct JSONKeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: JSONByteSink
    let id: Int
    let level: Int
    let codingPath: [any CodingKey]

    /// Writes `"key":` and then the value, keeping the top-level bookkeeping.
    private func member(_ key: Key, string: String? = nil, _ write: () throws -> Void) throws {
        let (start, count) = try sink.beginMember(of: id, level: level, codingPath: codingPath + [key])
        sink.writeKey(key.stringValue)
        let valueStart = sink.out.count
        try write()
        if level == 1 {
            sink.close(to: level)
            try sink.endTopLevelMember(key: key.stringValue, start: start, count: count, valueStart: valueStart, string: string)
        }
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key) { sink.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key) { sink.writeBool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key, string: value) { sink.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key) { try sink.writeDouble(value, codingPath: codingPath + [key]) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key) { try sink.writeFloat(value, codingPath: codingPath + [key]) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key) { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key) { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key) { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key) { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key) { sink.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key) { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key) { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key) { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key) { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key) { sink.writeUnsigned(value) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let string = T.self == String.self ? value as? String : nil
        try member(key, string: string) { try sink.encodeValue(value, level: level, codingPath: codingPath + [key]) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(sink: sink, id: nested(key, keyed: true), level: level + 1, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONUnkeyedWriter(sink: sink, id: nested(key, keyed: false), level: level + 1, codingPath: codingPath + [key])
    }

    /// Writes the key and opens the nested container at once; it stays open until this
    /// container writes its next member.
    private func nested(_ key: Key, keyed: Bool) -> Int {
        do {
            _ = try sink.beginMember(of: id, level: level, codingPath: codingPath + [key])
        } catch {
            sink.fail(error)
            return -1
        }
        if level == 1, sink.members.contains(where: { $0.key == key.stringValue }) { sink.fail(.duplicateKey(key.stringValue)) }
        if level == 1 { sink.members.append(OrderedJSONEncoder.TopLevelMember(key: key.stringValue, string: nil)) }
        sink.writeKey(key.stringValue)
        return sink.openContainer(at: level, keyed: keyed)
    }

    mutating func superEncoder() -> any Encoder {
        sink.fail(.unsupported("superEncoder"))
        return JSONSlotEncoder(sink: sink, level: level, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        sink.fail(.unsupported("superEncoder"))
        return JSONSlotEncoder(sink: sink, level: level, codingPath: codingPath + [key])
    }
}

struct JSONUnkeyedWriter: UnkeyedEncodingContainer {
    let sink: JSONByteSink
    let id: Int
    let level: Int
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(sink: JSONByteSink, id: Int, level: Int, codingPath: [any CodingKey]) {
        self.sink = sink
        self.id = id
        self.level = level
        self.codingPath = codingPath
    }

    private mutating func element(_ write: (JSONByteSink, @autoclosure () -> [any CodingKey]) throws -> Void) throws {
        let index = count
        _ = try sink.beginMember(of: id, level: level, codingPath: codingPath + [JSONMemberKey(intValue: index)])
        count += 1
        try write(sink, codingPath + [JSONMemberKey(intValue: index)])
    }

    mutating func encodeNil() throws { try element { s, _ in s.writeNull() } }
    mutating func encode(_ value: Bool) throws { try element { s, _ in s.writeBool(value) } }
    mutating func encode(_ value: String) throws { try element { s, _ in s.writeString(value) } }
    mutating func encode(_ value: Double) throws { try element { s, path in try s.writeDouble(value, codingPath: path()) } }
    mutating func encode(_ value: Float) throws { try element { s, path in try s.writeFloat(value, codingPath: path()) } }
    mutating func encode(_ value: Int) throws { try element { s, _ in s.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { try element { s, _ in s.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { try element { s, _ in s.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { try element { s, _ in s.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { try element { s, _ in s.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { try element { s, _ in s.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { try element { s, _ in s.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { try element { s, _ in s.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { try element { s, _ in s.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { try element { s, _ in s.writeUnsigned(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let level = self.level
        try element { s, path in try s.encodeValue(value, level: level, codingPath: path()) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [JSONMemberKey(intValue: count)]
        return KeyedEncodingContainer(JSONKeyedWriter<NestedKey>(sink: sink, id: nested(keyed: true), level: level + 1, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [JSONMemberKey(intValue: count)]
        return JSONUnkeyedWriter(sink: sink, id: nested(keyed: false), level: level + 1, codingPath: path)
    }

    private mutating func nested(keyed: Bool) -> Int {
        do {
            _ = try sink.beginMember(of: id, level: level, codingPath: codingPath)
        } catch {
            sink.fail(error)
            return -1
        }
        count += 1
        return sink.openContainer(at: level, keyed: keyed)
    }

    mutating func superEncoder() -> any Encoder {
        sink.fail(.unsupported("superEncoder"))
        return JSONSlotEncoder(sink: sink, level: level, codingPath: codingPath)
    }
}

struct JSONSingleValueWriter: SingleValueEncodingContainer {
    let encoder: JSONSlotEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var sink: JSONByteSink { encoder.sink }

    init(encoder: JSONSlotEncoder) {
        self.encoder = encoder
    }

    private func value(_ write: () throws -> Void) throws {
        guard encoder.claimSingleValue() else { throw EncodingFailure.outOfOrder(path: JSONByteSink.path(codingPath)) }
        try write()
    }

    mutating func encodeNil() throws { try value { sink.writeNull() } }
    mutating func encode(_ value: Bool) throws { try self.value { sink.writeBool(value) } }
    mutating func encode(_ value: String) throws { try self.value { sink.writeString(value) } }
    mutating func encode(_ value: Double) throws { try self.value { try sink.writeDouble(value, codingPath: codingPath) } }
    mutating func encode(_ value: Float) throws { try self.value { try sink.writeFloat(value, codingPath: codingPath) } }
    mutating func encode(_ value: Int) throws { try self.value { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { try self.value { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { try self.value { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { try self.value { sink.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { try self.value { sink.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { try self.value { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { try self.value { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { try self.value { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { try self.value { sink.writeUnsigned(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { try self.value { sink.writeUnsigned(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // The value takes this slot itself: a wrapper (`PlayerID`) writes its raw value here.
        guard encoder.claimSingleValue() else { throw EncodingFailure.outOfOrder(path: JSONByteSink.path(codingPath)) }
        try sink.encodeValue(value, level: encoder.level, codingPath: codingPath)
    }
}
