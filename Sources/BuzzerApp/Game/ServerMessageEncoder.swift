import BuzzerGame
import BuzzerWebSocket
import BuzzerFormats
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

    /// The wire bytes straight into the frame.
    private static func frame(_ message: ServerMessage, compression: PerMessageDeflateConfig) -> OutboundMessage {
        do {
            return OutboundMessage(opcode: .text, payload: try wireBytes(message), compression: compression)
        } catch {
            return OutboundMessage.text(json(message), compression: compression)
        }
    }

    /// Sorted keys, `/` unescaped: what `JSONEncoder` writes with `.sortedKeys` and
    /// `.withoutEscapingSlashes` (`referenceJSON`), byte for byte, in one pass with no tree of
    /// boxed values; `JSONEncoder` took a fifth of the server's user time in a 500 × 20 game.
    private static let wireEncoder = OrderedJSONEncoder(sortingKeys: true)

    /// The message's wire bytes; throws only for what JSON cannot hold (NaN, infinity).
    package static func wireBytes(_ message: ServerMessage) throws -> [UInt8] {
        do {
            return try wireEncoder.encode(message)
        } catch {
            // A shape the one-pass encoder refuses (a key twice, a container used out of order):
            // the reference encoder's bytes, so the message still goes; it throws for NaN too.
            return Array(try referenceEncoder.encode(message))
        }
    }

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

    /// The wire text, or the error: what `json` falls back from (the protocol fuzzer checks it never does).
    package static func encoded(_ message: ServerMessage) throws -> String {
        String(decoding: try wireBytes(message), as: UTF8.self)
    }

    /// `JSONEncoder`'s text for the message: the oracle the wire bytes are held to (tests, the protocol fuzzer).
    package static func referenceJSON(_ message: ServerMessage) throws -> String {
        String(decoding: try referenceEncoder.encode(message), as: UTF8.self)
    }

    private static let referenceEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
