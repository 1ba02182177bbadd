import Foundation

/// Why a configuration file was refused. Each case names the field, so an operator can fix
/// the file without reading source code.
package enum ConfigError: Error, CustomStringConvertible, Equatable {
    case unreadable(path: String, reason: String)
    case malformedJSON(path: String, reason: String)
    case missingField(String)
    case wrongType(field: String, expected: String)
    case unknownField(String)
    case invalidValue(field: String, reason: String)

    package var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read config file \(path): \(reason)"
        case .malformedJSON(let path, let reason):
            "config file \(path) is not valid JSON: \(reason)"
        case .missingField(let field):
            "config field \(field) is missing"
        case .wrongType(let field, let expected):
            "config field \(field) has the wrong type: expected \(expected)"
        case .unknownField(let field):
            "config field \(field) is not a known setting (check the spelling; see docs/configuration.md)"
        case .invalidValue(let field, let reason):
            "config field \(field) is invalid: \(reason)"
        }
    }
}
