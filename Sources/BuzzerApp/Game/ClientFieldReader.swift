import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON

/// Reads one client message's fields as its `ClientMessageType` defines them: the key and the range
/// come from the definition, so the decoder cannot check a field against another range than the one
/// documented. Asking for a field the definition does not list, or as another shape, is a
/// programming error (`ClientMessageTests` decodes every type).
struct ClientFieldReader {
    let type: ClientMessageType
    let object: [String: JSONValue]
    let fields: JSONFields
    private let specs: [ClientFieldSpec]

    init(type: ClientMessageType, object: [String: JSONValue], fields: JSONFields) {
        self.type = type
        self.object = object
        self.fields = fields
        specs = type.fields
    }

    func string(_ field: ClientField) throws(JSONFieldError) -> String {
        try fields.string(field.rawValue, max: maxBytes(field))
    }

    func optionalString(_ field: ClientField) throws(JSONFieldError) -> String? {
        try fields.optionalString(field.rawValue, max: maxBytes(field))
    }

    /// One of the field's words; another is refused naming them all.
    func word(_ field: ClientField) throws(JSONFieldError) -> String {
        guard case .word(let words) = spec(field).shape else { preconditionFailure("\(type.rawValue).\(field) is not a word") }
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
            preconditionFailure("\(field) is not a field of \(type.rawValue) in ClientMessageType")
        }
        return spec
    }

    private func expect(_ field: ClientField, _ shape: ClientFieldSpec.Shape) {
        precondition(spec(field).shape == shape, "\(type.rawValue).\(field) is defined as \(spec(field).shape)")
    }

    private func maxBytes(_ field: ClientField) -> Int {
        guard case .string(let bytes) = spec(field).shape else { preconditionFailure("\(type.rawValue).\(field) is not a string") }
        return bytes
    }

    private func range(_ field: ClientField) -> ClosedRange<Int> {
        guard case .int(let range) = spec(field).shape else { preconditionFailure("\(type.rawValue).\(field) is not a whole number") }
        return range
    }
}
