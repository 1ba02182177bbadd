import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON

/// Reads one client message's fields as its definition (`ClientCommand.fields`, `ClientMessageType.fields`) gives them: the key and the range
/// come from the definition, so the decoder cannot check a field against another range than the one
/// documented. Asking for a field the definition does not list, or as another shape, is a
/// programming error (`ClientMessageTests` decodes every type).
struct ClientFieldReader {
    /// The message's `type`, for programming errors.
    let type: String
    private let specs: [ClientFieldSpec]
    let object: [String: JSONValue]
    let fields: JSONFields

    init(type: String, specs: [ClientFieldSpec], object: [String: JSONValue], fields: JSONFields) {
        self.type = type
        self.specs = specs
        self.object = object
        self.fields = fields
    }

    func string(_ field: ClientField) throws(JSONFieldError) -> String {
        try fields.string(field.rawValue, max: maxBytes(field))
    }

    func optionalString(_ field: ClientField) throws(JSONFieldError) -> String? {
        try fields.optionalString(field.rawValue, max: maxBytes(field))
    }

    /// One of the field's words; another is refused naming them all.
    func word(_ field: ClientField) throws(JSONFieldError) -> String {
        guard case .word(let words) = spec(field).shape else { preconditionFailure("\(type).\(field) is not a word") }
        let found = try fields.string(field.rawValue, max: 64)
        guard words.contains(found) else {
            throw JSONFieldError("\"\(field.rawValue)\" must be one of \(words.joined(separator: ", ")) (found \"\(found)\")")
        }
        return found
    }

    func int(_ field: ClientField) throws(JSONFieldError) -> Int {
        try fields.int(field.rawValue, in: range(field))
    }

    func optionalInt(_ field: ClientField) throws(JSONFieldError) -> Int? {
        try fields.optionalInt(field.rawValue, in: range(field))
    }

    func number(_ field: ClientField) throws(JSONFieldError) -> Double {
        expect(field, .number)
        return try fields.number(field.rawValue)
    }

    func optionalBool(_ field: ClientField) throws(JSONFieldError) -> Bool? {
        expect(field, .bool)
        return try fields.optionalBool(field.rawValue)
    }

    /// Ids; missing means none.
    func ids(_ field: ClientField) throws(JSONFieldError) -> [Int] {
        expect(field, .ids)
        return try fields.idArray(field.rawValue)
    }

    /// The field's JSON as sent, for the shapes with rules of their own (an answer, a pack, an object).
    func raw(_ field: ClientField) -> JSONValue? {
        _ = spec(field)
        return object[field.rawValue]
    }

    private func spec(_ field: ClientField) -> ClientFieldSpec {
        guard let spec = specs.first(where: { $0.field == field }) else {
            preconditionFailure("\(field) is not a field of \(type) in its definition")
        }
        return spec
    }

    private func expect(_ field: ClientField, _ shape: ClientFieldSpec.Shape) {
        precondition(spec(field).shape == shape, "\(type).\(field) is defined as \(spec(field).shape)")
    }

    private func maxBytes(_ field: ClientField) -> Int {
        guard case .string(let bytes) = spec(field).shape else { preconditionFailure("\(type).\(field) is not a string") }
        return bytes
    }

    private func range(_ field: ClientField) -> ClosedRange<Int> {
        guard case .int(let range) = spec(field).shape else { preconditionFailure("\(type).\(field) is not a whole number") }
        return range
    }
}

/// A command's fields read through the checked reader (`ClientCommand.init(reading:)`), whose
/// refusals become the command's.
struct CommandFieldReader: ClientFieldSource {
    let reader: ClientFieldReader

    private func checked<Value>(_ read: (ClientFieldReader) throws(JSONFieldError) -> Value) throws(ClientFieldError) -> Value {
        do {
            return try read(reader)
        } catch {
            throw ClientFieldError(error.reason)
        }
    }

    func string(_ field: ClientField) throws(ClientFieldError) -> String { try checked { r throws(JSONFieldError) in try r.string(field) } }
    func optionalString(_ field: ClientField) throws(ClientFieldError) -> String? { try checked { r throws(JSONFieldError) in try r.optionalString(field) } }
    func word(_ field: ClientField) throws(ClientFieldError) -> String { try checked { r throws(JSONFieldError) in try r.word(field) } }
    func int(_ field: ClientField) throws(ClientFieldError) -> Int { try checked { r throws(JSONFieldError) in try r.int(field) } }
    func optionalInt(_ field: ClientField) throws(ClientFieldError) -> Int? { try checked { r throws(JSONFieldError) in try r.optionalInt(field) } }
    func number(_ field: ClientField) throws(ClientFieldError) -> Double { try checked { r throws(JSONFieldError) in try r.number(field) } }
    func optionalBool(_ field: ClientField) throws(ClientFieldError) -> Bool? { try checked { r throws(JSONFieldError) in try r.optionalBool(field) } }
    func ids(_ field: ClientField) throws(ClientFieldError) -> [Int] { try checked { r throws(JSONFieldError) in try r.ids(field) } }
}
