/// One server-to-client message of `buzzer.v1`, as one type that holds its facts: the conforming
/// struct is its payload (its fields are the protocol's, docs/protocol-server.md) and `wireName` is
/// its `type`, spelled in that type's file and no other Swift file (`WireNameTests`). The app's
/// `ServerMessages.all` lists every type by metatype, with those a question kind declares
/// (`QuestionKindModule.serverMessages`); `ProtocolDocTests`, `WireNameTests` and
/// `ReducerRegistryTests` iterate it. Declared here, in the game module, so that a kind can own a message.
package protocol ServerMessageBody: Encodable, Sendable, Equatable {
    /// The message's `type` on the wire.
    static var wireName: String { get }
}

extension ServerMessageBody {
    /// Whether `other` is this body with the same values.
    package func isSame(as other: any ServerMessageBody) -> Bool { (other as? Self) == self }
}
