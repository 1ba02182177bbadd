import BuzzerGame

/// One server-to-client message: any `ServerMessageBody`, with its `type`.
///
/// On the wire each is one flat JSON object: `type` beside the body's own fields, keys sorted
/// (docs/protocol-server.md). The app's `ServerMessageEncoder` turns a message into frame bytes once,
/// so a broadcast shares them across every recipient.
///
/// One pointer to one allocation holding the body: a reveal to 10,000 players builds 10,000
/// deliveries, and with the payloads inline (or in a five-word existential) each delivery was as
/// large as a `state`; copying them cost the publisher 76 ms (measured, docs/performance-history.md).
/// Each message type adds a factory (`.question(payload)`) in its own file. Here, in the module that
/// builds and encodes messages, so that both are specialised per type with no generic metadata
/// looked up per message (measured: from BuzzerGame, not inlined, it cost the 10,000-player reveal
/// 12% more instructions in publish and encode).
package struct ServerMessage: Encodable, Sendable, Equatable {
    private let storage: ServerMessageStorage

    package init<Body: ServerMessageBody>(_ body: Body) {
        storage = StoredServerMessage(body)
    }

    /// The protocol's `type`: the body's `wireName`.
    package var wireName: String { storage.wireName }

    /// The body, whatever its type (boxed: for checks and tests, not the broadcast path).
    package var body: any ServerMessageBody { storage.anyBody }

    /// The body when it is a `Body`, else nil: a typed look at one kind of message
    /// (`message.body(as: RevealPayload.self)`).
    package func body<Body: ServerMessageBody>(as _: Body.Type) -> Body? {
        (storage as? StoredServerMessage<Body>)?.body
    }

    /// `type` and the body's fields in one object (the body writes into the same container).
    package func encode(to encoder: any Encoder) throws { try storage.encode(to: encoder) }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.isSame(as: rhs.storage)
    }
}

/// The one allocation behind a `ServerMessage`: a class so the message is one pointer and the body
/// sits inline in it, with no existential box besides. Never mutated after `init`.
private class ServerMessageStorage: @unchecked Sendable {
    var wireName: String { fatalError("abstract") }
    var anyBody: any ServerMessageBody { fatalError("abstract") }
    func encode(to encoder: any Encoder) throws { fatalError("abstract") }
    func isSame(as other: ServerMessageStorage) -> Bool { fatalError("abstract") }
}

private final class StoredServerMessage<Body: ServerMessageBody>: ServerMessageStorage, @unchecked Sendable {
    let body: Body

    init(_ body: Body) { self.body = body }

    override var wireName: String { Body.wireName }
    override var anyBody: any ServerMessageBody { body }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ServerMessageKey.self)
        try container.encode(Body.wireName, forKey: .type)
        try body.encode(to: encoder)
    }

    override func isSame(as other: ServerMessageStorage) -> Bool {
        (other as? StoredServerMessage<Body>)?.body == body
    }
}

/// The key every message writes beside its body's fields; outside the generic class, so it is one type.
private enum ServerMessageKey: String, CodingKey { case type }
