import BuzzerGame

/// A question kind's live view as `state` carries it (`QuestionKindModule.liveView`): the message the
/// kind sends it as, written under that message's name, so a page finds a buzz queue at `state.buzz`
/// as in the `buzz` message, and `StatePayload` names no kind.
package struct KindLiveView: Sendable, Equatable {
    package let body: any ServerMessageBody

    package init(_ body: any ServerMessageBody) { self.body = body }

    /// Writes the view as the member named after its message into the object `encoder` is writing.
    func encode(into encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NameKey.self)
        try container.encode(body, forKey: NameKey(stringValue: type(of: body).wireName))
    }

    package static func == (lhs: KindLiveView, rhs: KindLiveView) -> Bool { lhs.body.isSame(as: rhs.body) }

    private struct NameKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
