/// Encodes an `Encodable` value as compact JSON straight into a byte buffer, with object members
/// in the order the type encodes them (for synthesized `Codable`, declaration order).
///
/// One pass, no tree and no re-scan: the archive builds each event line with it, on the room's
/// loop, for every event. `JSONEncoder` can only give a stable order by sorting keys, which is why
/// lines used to be encoded and then re-scanned to move `type` to the front. Dictionaries with
/// string keys are the one place without a declared order, so their keys are sorted.
///
/// Containers must be used in order, as every synthesized and hand-written `encode(to:)` in
/// Buzzer does: once a container has moved on to its next member, an older nested container
/// can no longer be written, and doing so throws `EncodingFailure.outOfOrder`.
///
/// With `sortingKeys`, each object's members are put in the order of their keys' UTF-8 bytes as
/// it closes: the server messages' wire form, byte for byte what `JSONEncoder` writes with
/// `.sortedKeys` and `.withoutEscapingSlashes`, at a fraction of its cost (no tree of boxed values).
package struct OrderedJSONEncoder {
    /// A top-level member that is left out of the output when its encoded value is exactly
    /// `value` (the archive's `at`, which the envelope's `time` already carries). Any other value
    /// throws `EncodingFailure.omittedMemberDiffers`, so nothing is ever dropped silently.
    package struct OmittedMember: Sendable {
        package var key: String
        package var value: [UInt8]

        package init(key: String, value: [UInt8]) {
            self.key = key
            self.value = value
        }
    }

    /// A top-level member as written: its key, and its value when that was a string.
    package struct TopLevelMember: Sendable, Equatable {
        package var key: String
        package var string: String?
    }

    package var omitting: OmittedMember?
    package var sortingKeys: Bool

    package init(omitting: OmittedMember? = nil, sortingKeys: Bool = false) {
        self.omitting = omitting
        self.sortingKeys = sortingKeys
    }

    /// The whole value as one JSON text.
    package func encode(_ value: some Encodable) throws(EncodingFailure) -> [UInt8] {
        var out: [UInt8] = []
        _ = try encode(value, into: &out, membersOnly: false)
        return out
    }

    /// Appends the members of `value`'s top-level object to `out`, each preceded by a comma, and
    /// then the closing `}`: for splicing an object's members after fields already written. The
    /// value must encode as an object. Returns the top-level members in order (omitted one excluded).
    package func appendMembers(of value: some Encodable, to out: inout [UInt8]) throws(EncodingFailure) -> [TopLevelMember] {
        try encode(value, into: &out, membersOnly: true)
    }

    private func encode(_ value: some Encodable, into out: inout [UInt8], membersOnly: Bool) throws(EncodingFailure) -> [TopLevelMember] {
        let sink = JSONByteSink(out: out, membersOnly: membersOnly, omitting: omitting, sortingKeys: sortingKeys)
        out = []  // the sink owns the buffer while it writes; no copy
        defer { out = sink.takeBytes() }
        do {
            try sink.encodeValue(value, level: 0, codingPath: [])
        } catch let failure as EncodingFailure {
            throw failure
        } catch {
            throw .valueFailed(String(describing: error))
        }
        if let failure = sink.failure { throw failure }
        if membersOnly, !sink.wroteTopLevelObject { throw .notAnObject }
        return sink.members
    }
}

/// Why a value could not be encoded by `OrderedJSONEncoder`.
package enum EncodingFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The value did not encode as a JSON object where one was required.
    case notAnObject
    /// JSON has no NaN or infinity.
    case nonFiniteNumber(path: String)
    /// The same key twice in the top-level object.
    case duplicateKey(String)
    /// A container written to after its parent had moved on.
    case outOfOrder(path: String)
    /// `superEncoder`, which no Buzzer type uses.
    case unsupported(String)
    /// The member that is carried elsewhere had a different value, so leaving it out would lose it.
    case omittedMemberDiffers(key: String, expected: String, found: String)
    /// The value's own `encode(to:)` threw.
    case valueFailed(String)

    package var description: String {
        switch self {
        case .notAnObject: "the value does not encode as a JSON object"
        case .nonFiniteNumber(let path): "\(path.isEmpty ? "value" : path): NaN and infinity are not JSON numbers"
        case .duplicateKey(let key): "the key \"\(key)\" is encoded twice"
        case .outOfOrder(let path): "\(path): a container was written after its parent moved on"
        case .unsupported(let what): "\(what) is not supported"
        case let .omittedMemberDiffers(key, expected, found): "\"\(key)\" is \(found), not \(expected) as the line says"
        case .valueFailed(let reason): reason
        }
    }
}

/// The shared output of one encoding: the bytes and the stack of open containers.
///
/// One encoding runs on one thread and no access to these overlaps another (each write is one
/// call), so their runtime exclusivity checks are off: they were a quarter of an encoding's time.
final class JSONByteSink {
    @exclusivity(unchecked) private(set) var out: [UInt8]
    let membersOnly: Bool
    let omitting: OrderedJSONEncoder.OmittedMember?
    let sortingKeys: Bool
    var failure: EncodingFailure?
    var members: [OrderedJSONEncoder.TopLevelMember] = []
    var wroteTopLevelObject = false

    /// One entry per open container, innermost last: its id, closing byte and members so far.
    @exclusivity(unchecked) private var open: [(id: Int, closer: UInt8, count: Int)] = []
    private var nextID = 0
    /// With `sortingKeys`: the members of every open object, innermost last (a closed object's
    /// are gone before its parent writes again), each with its key and where its key starts.
    @exclusivity(unchecked) private var keyedMembers: [KeyedMember] = []

    private struct KeyedMember {
        var depth: Int
        var key: String
        var start: Int
    }

    init(out: [UInt8], membersOnly: Bool, omitting: OrderedJSONEncoder.OmittedMember?, sortingKeys: Bool = false) {
        self.out = out
        self.membersOnly = membersOnly
        self.omitting = omitting
        self.sortingKeys = sortingKeys
    }

    func takeBytes() -> [UInt8] {
        let bytes = out
        out = []
        return bytes
    }

    func fail(_ failure: EncodingFailure) {
        if self.failure == nil { self.failure = failure }
    }

    // MARK: Containers

    /// Opens an object or array one level below `level`, closing anything deeper first.
    func openContainer(at level: Int, keyed: Bool) -> Int {
        close(to: level)
        nextID += 1
        if level == 0, membersOnly {
            guard keyed else {
                fail(.notAnObject)
                open.append((nextID, UInt8(ascii: "]"), 0))
                return nextID
            }
            // The members follow fields already written: every member, the first too, takes a comma.
            wroteTopLevelObject = true
            open.append((nextID, UInt8(ascii: "}"), 1))
            return nextID
        }
        out.append(keyed ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append((nextID, keyed ? UInt8(ascii: "}") : UInt8(ascii: "]"), 0))
        return nextID
    }

    func isOpen(_ id: Int, level: Int) -> Bool {
        open.count >= level && level > 0 && open[level - 1].id == id
    }

    func close(to level: Int) {
        while open.count > level {
            let depth = open.count
            let closer = open.removeLast().closer
            if sortingKeys, closer == UInt8(ascii: "}") { sortMembers(atDepth: depth) }
            out.append(closer)
        }
    }

    /// Puts the closing object's members in key order (UTF-8 bytes, as `JSONEncoder` sorts), moving
    /// each member's bytes whole; nested objects were sorted as they closed. A key twice fails: the
    /// encoder would keep only the last.
    private func sortMembers(atDepth depth: Int) {
        var first = keyedMembers.count
        while first > 0, keyedMembers[first - 1].depth == depth { first -= 1 }
        let count = keyedMembers.count - first
        defer { keyedMembers.removeLast(count) }
        guard count > 1 else { return }
        var sorted = true
        for i in first..<(keyedMembers.count - 1) where !keyedMembers[i].key.utf8.lexicographicallyPrecedes(keyedMembers[i + 1].key.utf8) {
            if keyedMembers[i].key == keyedMembers[i + 1].key { return fail(.duplicateKey(keyedMembers[i].key)) }
            sorted = false
        }
        guard !sorted else { return }
        let base = keyedMembers[first].start
        let region = Array(out[base...])
        // A member runs from its key to the comma before the next one's.
        var spans: [(key: String, range: Range<Int>)] = []
        spans.reserveCapacity(count)
        for i in first..<keyedMembers.count {
            let end = i + 1 < keyedMembers.count ? keyedMembers[i + 1].start - base - 1 : region.count
            spans.append((keyedMembers[i].key, (keyedMembers[i].start - base)..<end))
        }
        spans.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for i in 1..<spans.count where spans[i - 1].key == spans[i].key { return fail(.duplicateKey(spans[i].key)) }
        out.removeSubrange(base...)
        for (index, span) in spans.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: region[span.range])
        }
    }

    /// Readies the container `id` at `level` for its next member: closes deeper containers and
    /// writes the separating comma. Returns where the member starts.
    func beginMember(of id: Int, level: Int, codingPath: @autoclosure () -> [any CodingKey]) throws(EncodingFailure) -> (start: Int, count: Int) {
        guard isOpen(id, level: level) else { throw .outOfOrder(path: Self.path(codingPath())) }
        close(to: level)
        let start = out.count
        let count = open[level - 1].count
        if count > 0 { out.append(UInt8(ascii: ",")) }
        open[level - 1].count = count + 1
        return (start, count)
    }

    func writeKey(_ key: String) {
        if sortingKeys { keyedMembers.append(KeyedMember(depth: open.count, key: key, start: out.count)) }
        JSONStringLiteral.append(key, to: &out)
        out.append(UInt8(ascii: ":"))
    }

    /// Finishes a top-level member: drops it if it is the omitted one, records it otherwise.
    func endTopLevelMember(key: String, start: Int, count: Int, valueStart: Int, string: String?) throws(EncodingFailure) {
        if let omitting, key == omitting.key {
            let value = Array(out[valueStart...])
            guard value == omitting.value else {
                throw .omittedMemberDiffers(
                    key: key, expected: String(decoding: omitting.value, as: UTF8.self), found: String(decoding: value, as: UTF8.self))
            }
            out.removeSubrange(start...)
            open[0].count = count
            return
        }
        if members.contains(where: { $0.key == key }) { throw .duplicateKey(key) }
        members.append(OrderedJSONEncoder.TopLevelMember(key: key, string: string))
    }

    // MARK: Values

    func encodeValue<T: Encodable>(_ value: T, level: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        // Metatype comparisons are cheap; a failing `as?` cast per value is not.
        if T.self == String.self, let string = value as? String { return writeString(string) }
        if T.self == Int.self, let number = value as? Int { return writeInteger(Int64(number)) }
        if T.self == Int64.self, let number = value as? Int64 { return writeInteger(number) }
        if T.self == Bool.self, let flag = value as? Bool { return writeBool(flag) }
        if T.self == Double.self, let number = value as? Double { return try writeDouble(number, codingPath: codingPath()) }
        if T.self == UInt64.self, let number = value as? UInt64 { return writeUnsigned(number) }
        try encodeComposite(value, level: level, codingPath: codingPath())
    }

    private func encodeComposite<T: Encodable>(_ value: T, level: Int, codingPath: [any CodingKey]) throws {
        if sortingKeys, !(T.self is any StringKeyedEncodableDictionary.Type) {
            // Sorted output needs each object's keys: only a value that writes them sorted itself
            // writes its own bytes here.
            if level > 0, let raw = value as? any JSONSortedBytesEncodable {
                close(to: level)
                raw.appendSortedJSON(to: &out)
                return
            }
            let encoder = JSONSlotEncoder(sink: self, level: level, codingPath: codingPath)
            try value.encode(to: encoder)
            return try encoder.finish()
        }
        switch value {
        case let dictionary as any StringKeyedEncodableDictionary:
            let id = openContainer(at: level, keyed: true)
            for (key, element) in dictionary.membersSortedByKey {
                let path = codingPath + [JSONMemberKey(key)]
                _ = try beginMember(of: id, level: level + 1, codingPath: path)
                writeKey(key)
                try encodeValue(element, level: level + 1, codingPath: path)
            }
            close(to: level)
        case let raw as any JSONBytesEncodable where level > 0:
            // A nested value that writes its own bytes; at level 0 the members must be tracked.
            close(to: level)
            raw.appendJSON(to: &out)
        default:
            let encoder = JSONSlotEncoder(sink: self, level: level, codingPath: codingPath)
            try value.encode(to: encoder)
            try encoder.finish()
        }
    }

    func writeNull() { out.append(contentsOf: "null".utf8) }
    func writeBool(_ flag: Bool) { out.append(contentsOf: flag ? "true".utf8 : "false".utf8) }
    func writeString(_ string: String) { JSONStringLiteral.append(string, to: &out) }

    func writeInteger(_ value: Int64) { JSONNumberText.append(value, to: &out) }
    func writeUnsigned(_ value: UInt64) { JSONNumberText.append(value, to: &out) }

    func writeDouble(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws(EncodingFailure) {
        guard value.isFinite else { throw .nonFiniteNumber(path: Self.path(codingPath())) }
        JSONNumberText.append(value, to: &out)
    }

    func writeFloat(_ value: Float, codingPath: @autoclosure () -> [any CodingKey]) throws(EncodingFailure) {
        guard value.isFinite else { throw .nonFiniteNumber(path: Self.path(codingPath())) }
        JSONNumberText.append(value, to: &out)
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}

/// A `[String: Encodable]` dictionary, whose members are written sorted by key.
protocol StringKeyedEncodableDictionary {
    var membersSortedByKey: [(String, any Encodable)] { get }
}

extension Dictionary: StringKeyedEncodableDictionary where Key == String, Value: Encodable {
    var membersSortedByKey: [(String, any Encodable)] {
        sorted { $0.key < $1.key }.map { ($0.key, $0.value as any Encodable) }
    }
}

struct JSONMemberKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
