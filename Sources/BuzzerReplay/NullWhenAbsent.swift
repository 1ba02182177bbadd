/// An optional that JSON writes as `null` when absent, where synthesized `Encodable` would leave its
/// key out: for answers whose pages read every key (`PlayerNight`: "a page never has to tell
/// missing from none", docs/league.md).
@propertyWrapper
package struct NullWhenAbsent<Value: Encodable & Sendable & Equatable>: Encodable, Sendable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
