import BuzzerFormats
import Foundation

/// Decodes a configuration struct from JSON and turns every failure into a `ConfigError`
/// that names the offending field by its dotted path (`websocket.compression.level`).
///
/// Unknown keys are refused too: a misspelt setting that is silently ignored is worse than
/// a server that will not start.
package enum ConfigDecoder {
    package static func decode<T: Codable>(_ type: T.Type, from data: Data, path: String) throws(ConfigError) -> T {
        // The project's own parser first: its errors name the line and column of a typo.
        do {
            _ = try JSONParser.parse(Array(data))
        } catch {
            throw .malformedJSON(path: path, reason: error.description)
        }
        let tree: Any
        do {
            tree = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .malformedJSON(path: path, reason: "\(error)")
        }
        let value: T
        do {
            value = try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Self.map(error)
        } catch {
            throw .malformedJSON(path: path, reason: "\(error)")
        }
        // Round-trip the decoded value: any key the input has that the encoded form lacks is unknown.
        if let encoded = try? JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) {
            if let unknown = firstUnknownKey(input: tree, known: encoded, prefix: "") {
                throw .unknownField(unknown)
            }
        }
        return value
    }

    package static func load<T: Codable>(_ type: T.Type, path: String) throws(ConfigError) -> T {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        return try decode(type, from: data, path: path)
    }

    static func fieldPath(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return out.isEmpty ? "(top level)" : out
    }

    static func map(_ error: DecodingError) -> ConfigError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingField(fieldPath(context.codingPath + [key]))
        case .typeMismatch(let type, let context):
            return .wrongType(field: fieldPath(context.codingPath), expected: expectedName(type))
        case .valueNotFound(let type, let context):
            return .wrongType(field: fieldPath(context.codingPath), expected: expectedName(type))
        case .dataCorrupted(let context):
            return .invalidValue(field: fieldPath(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .invalidValue(field: "(unknown)", reason: "\(error)")
        }
    }

    private static func expectedName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is UInt16.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        default: "\(type)"
        }
    }

    /// Walks both trees; keys whose input value is null are fine (they decode to a default).
    private static func firstUnknownKey(input: Any, known: Any, prefix: String) -> String? {
        if let object = input as? [String: Any] {
            let knownObject = known as? [String: Any] ?? [:]
            for key in object.keys.sorted() {
                let path = prefix.isEmpty ? key : prefix + "." + key
                guard let knownValue = knownObject[key] else {
                    if object[key] is NSNull { continue }
                    return path
                }
                if let found = firstUnknownKey(input: object[key]!, known: knownValue, prefix: path) {
                    return found
                }
            }
        } else if let array = input as? [Any], let knownArray = known as? [Any] {
            for (index, element) in array.enumerated() where index < knownArray.count {
                if let found = firstUnknownKey(input: element, known: knownArray[index], prefix: prefix + "[\(index)]") {
                    return found
                }
            }
        }
        return nil
    }
}
