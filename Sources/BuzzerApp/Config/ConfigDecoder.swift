import BuzzerFormats
import Foundation

/// Decodes a configuration struct from JSON and turns every failure into a `ConfigError`
/// that names the offending field by its dotted path (`websocket.compression.level`).
///
/// Unknown keys are refused too: a misspelt setting that is silently ignored is worse than
/// a server that will not start.
package enum ConfigDecoder {
    package static func decode<T: Codable>(_ type: T.Type, from data: Data, path: String) throws(ConfigError) -> T {
        // Parsed once, by the project's own parser (its errors name the line and column of a typo),
        // then decoded from the parsed tree, which also names any key no setting reads.
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(Array(data))
        } catch {
            throw .malformedJSON(path: path, reason: error.description)
        }
        let decoded: (value: T, unknownKeys: [String])
        do {
            decoded = try JSONValueDecoder().decodeReportingUnknownKeys(T.self, from: tree)
        } catch let error as DecodingError {
            throw Self.map(error)
        } catch {
            throw .malformedJSON(path: path, reason: "\(error)")
        }
        if let unknown = decoded.unknownKeys.first { throw .unknownField(unknown) }
        return decoded.value
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
}
