import BuzzerFormats
import BuzzerGame

/// Why a field of a JSON object was refused: a sentence that names the field and its range,
/// which a client sees as a `bad_message` reason.
package struct JSONFieldError: Error, Equatable, CustomStringConvertible {
    package var reason: String
    package var description: String { reason }

    package init(_ reason: String) {
        self.reason = reason
    }
}

/// Typed access to a JSON object's fields, each checked against its documented range
/// (`InputBounds`), with errors that name the field and the range. Duplicate keys: the first wins.
package struct JSONFields {
    package var object: [String: JSONValue]
    /// Written before every field name in errors (`answer.` for the fields of an answer).
    package var prefix: String

    package init(object: [String: JSONValue], prefix: String = "") {
        self.object = object
        self.prefix = prefix
    }

    package init(members: [(key: String, value: JSONValue)], prefix: String = "") {
        self.init(object: Dictionary(members, uniquingKeysWith: { first, _ in first }), prefix: prefix)
    }

    package func string(_ key: String, max bytes: Int) throws(JSONFieldError) -> String {
        guard let value = try optionalString(key, max: bytes) else { throw JSONFieldError("\"\(prefix)\(key)\" is missing") }
        return value
    }

    package func optionalString(_ key: String, max bytes: Int) throws(JSONFieldError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let value)?:
            guard value.utf8.count <= bytes else { throw JSONFieldError("\"\(prefix)\(key)\" is longer than \(bytes) bytes") }
            return value
        default: throw JSONFieldError("\"\(prefix)\(key)\" must be a string")
        }
    }

    package func int(_ key: String, in range: ClosedRange<Int>) throws(JSONFieldError) -> Int {
        guard let value = try optionalInt(key, in: range) else { throw JSONFieldError("\"\(prefix)\(key)\" is missing") }
        return value
    }

    package func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(JSONFieldError) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let value)?: return try Self.whole(value, in: range, name: "\(prefix)\(key)")
        default: throw JSONFieldError("\"\(prefix)\(key)\" must be a number")
        }
    }

    /// The range is compared as a Double first, so no conversion of a client's number can trap.
    package static func whole(_ value: Double, in range: ClosedRange<Int>, name: String) throws(JSONFieldError) -> Int {
        guard value.rounded() == value else { throw JSONFieldError("\"\(name)\" must be a whole number") }
        guard value >= Double(range.lowerBound), value <= Double(range.upperBound), let int = Int(exactly: value) else {
            throw JSONFieldError("\"\(name)\" must be \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }

    /// A finite number within `InputBounds.numberMagnitude` (`playable`), or any number JSON can hold.
    package func number(_ key: String, playable: Bool = true) throws(JSONFieldError) -> Double {
        guard case .number(let value)? = object[key] else { throw JSONFieldError("\"\(prefix)\(key)\" must be a number") }
        guard !playable || InputBounds.isPlayableNumber(value) else {
            throw JSONFieldError("\"\(prefix)\(key)\" must be a number between -10^15 and 10^15")
        }
        return value
    }

    /// A list of whole numbers in `range`; nil when missing.
    package func intArray(_ key: String, in range: ClosedRange<Int>, maxCount: Int) throws(JSONFieldError) -> [Int]? {
        let invalid = JSONFieldError("\"\(prefix)\(key)\" must be an array of whole numbers")
        switch object[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            guard items.count <= maxCount else { throw JSONFieldError("\"\(prefix)\(key)\" has more than \(maxCount) items") }
            var ints: [Int] = []
            ints.reserveCapacity(items.count)
            for item in items {
                guard case .number(let number) = item else { throw invalid }
                ints.append(try Self.whole(number, in: range, name: "\(prefix)\(key)[]"))
            }
            return ints
        default: throw invalid
        }
    }

    /// Player or team ids; missing means empty.
    package func idArray(_ key: String) throws(JSONFieldError) -> [Int] {
        try intArray(key, in: InputBounds.id, maxCount: InputBounds.maxListedIDs) ?? []
    }

    package func bool(_ key: String) throws(JSONFieldError) -> Bool {
        guard let value = try optionalBool(key) else { throw JSONFieldError("\"\(prefix)\(key)\" is missing") }
        return value
    }

    package func optionalBool(_ key: String) throws(JSONFieldError) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw JSONFieldError("\"\(prefix)\(key)\" must be true or false")
        }
    }
}
