import BuzzerGame
import BuzzerWebSocket
import Foundation

/// Turns a `ServerMessage` into the transport's `OutboundMessage`, once per message: a broadcast
/// encodes (and frames) its JSON one time and every recipient shares the bytes.
package struct ServerMessageEncoder: Sendable {
    package let compression: PerMessageDeflateConfig
    /// Counts the refusals (`error` messages) by code.
    package let metrics: BuzzerMetrics?

    package init(compression: PerMessageDeflateConfig, metrics: BuzzerMetrics? = nil) {
        self.compression = compression
        self.metrics = metrics
    }

    package func encode(_ message: ServerMessage) -> OutboundMessage {
        if let metrics, let error = message.body(as: ErrorPayload.self) { metrics.refused(error.code) }
        if let personal = Self.personalJSON(message) {
            return OutboundMessage(opcode: .text, payload: personal, compression: compression)
        }
        return Self.frame(message, compression: compression)
    }

    /// The hand-written bytes of a message sent to every player separately (`result`, `answer_ack`,
    /// `standing`): see PersonalMessageJSON for why these skip `JSONEncoder`. Nil for any other message.
    package static func personalJSON(_ message: ServerMessage) -> [UInt8]? {
        if let payload = message.body(as: ResultPayload.self) {
            return PersonalMessageJSON.result(payload.result, players: payload.players)
        }
        if let payload = message.body(as: AnswerAckPayload.self) {
            return PersonalMessageJSON.answerAck(question: payload.question, durable: payload.durable, lockedIn: payload.lockedIn)
        }
        if let payload = message.body(as: StandingPayload.self) {
            return PersonalMessageJSON.standing(rank: payload.rank, score: payload.score, players: payload.players, teamRank: payload.teamRank)
        }
        return nil
    }

    /// `JSONEncoder`'s bytes straight into the frame: one copy, not Data → String → [UInt8] → frame.
    private static func frame(_ message: ServerMessage, compression: PerMessageDeflateConfig) -> OutboundMessage {
        do {
            return try encoder.encode(message).withUnsafeBytes { OutboundMessage(opcode: .text, payload: $0, compression: compression) }
        } catch {
            return OutboundMessage.text(json(message), compression: compression)
        }
    }

    /// One encoder for every message: its options never change after this, so sharing it across
    /// loops is safe, and a reveal's 2,000 `result` messages do not build 2,000 encoders.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The message's wire text: sorted keys, `/` unescaped (docs/protocol.md).
    package static func json(_ message: ServerMessage) -> String {
        do {
            return try encoded(message)
        } catch {
            // Only non-finite numbers can fail here; the game never produces them.
            let refusal = AppError.unencodable(type: message.wireName).definition
            return "{\"type\":\"\(ErrorPayload.wireName)\",\"code\":\"\(refusal.code.rawValue)\",\"message\":\"\(refusal.message)\"}"
        }
    }

    /// The wire text, or `JSONEncoder`'s error: what `json` falls back from (the protocol fuzzer checks it never does).
    package static func encoded(_ message: ServerMessage) throws -> String {
        String(decoding: try encoder.encode(message), as: UTF8.self)
    }
}
