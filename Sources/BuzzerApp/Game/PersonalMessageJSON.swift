import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON

/// Hand-written JSON for the messages every player gets separately, many at once (`result` and
/// `standing` in a reveal or a leaderboard, `answer_ack` while a question is open), byte for byte
/// what `JSONEncoder` with `.sortedKeys` writes.
///
/// The one hand-written encoder in the app, kept because the benchmark showed it matters: in a
/// 10,000-player room `JSONEncoder` took about 25 µs per `result`, so the first player got theirs
/// 215–274 ms after `reveal` (Benchmarks/game, 1 × 10,000; docs/performance.md). These messages hold
/// only integers (a number question's `place` too), booleans, enums, an answer (whose own codec escapes its text) and a survey's group,
/// whose texts `JSONStringLiteral` escapes as `JSONEncoder` does.
package enum PersonalMessageJSON {
    /// `{"players":N,"result":{…},"type":"result"}`.
    package static func result(_ result: PlayerResult, players: Int) -> [UInt8] {
        var out = JSONBytes()
        out.raw(Piece.openWithPlayers)
        out.int(players)
        out.raw(Piece.resultAnswered)
        out.raw(result.answered ? "true" : "false")
        if let group = result.group {
            out.raw(#","group":{"#)
            out.raw(#""count":"#)
            out.int(group.count)
            out.raw(#","key":"#)
            JSONStringLiteral.append(group.key, to: &out.bytes)
            if let scored = group.scored {
                out.raw(#","scored":"#)
                out.raw(scored ? "true" : "false")
            }
            out.raw(#","text":"#)
            JSONStringLiteral.append(group.text, to: &out.bytes)
            out.raw("}")
        }
        if let outcome = result.outcome {
            out.raw(#","outcome":""#)
            out.raw(outcome.rawValue)
            out.raw("\"")
        }
        if let place = result.place {
            out.raw(#","place":"#)
            out.int(place)
        }
        out.raw(#","points":"#)
        out.int(result.points)
        if let rank = result.rank {
            out.raw(#","rank":"#)
            out.int(rank)
        }
        out.raw(#","score":"#)
        out.int(result.score)
        out.raw(#","sequence":"#)
        out.int(result.sequence)
        out.raw(#","streak":"#)
        out.int(result.streak)
        out.raw(#","streakBonus":"#)
        out.int(result.streakBonus)
        if let teamPoints = result.teamPoints {
            out.raw(#","teamPoints":"#)
            out.int(teamPoints)
        }
        out.raw(Piece.resultEnd)
        return out.bytes
    }

    /// `{"durable":B,"lockedIn":{…},"question":N,"type":"answer_ack"}`: one per answer, so 10,000
    /// of them in each question of a big room, all on the archive's callback path. The answer is
    /// written by its one codec (`AnswerValue+JSON`), as in the log.
    package static func answerAck(question: Int, durable: Bool, lockedIn answer: AnswerValue?) -> [UInt8] {
        var out = JSONBytes()
        out.raw(#"{"durable":"#)
        out.raw(durable ? "true" : "false")
        if let answer {
            out.raw(#","lockedIn":"#)
            answer.appendJSON(to: &out.bytes)
        }
        out.raw(Piece.question)
        out.int(question)
        out.raw(Piece.answerAckEnd)
        return out.bytes
    }

    /// `{"players":N,"rank":N,"score":N,"teamRank":N,"type":"standing"}`, absent ranks left out.
    package static func standing(rank: Int?, score: Int, players: Int, teamRank: Int?) -> [UInt8] {
        var out = JSONBytes()
        out.raw(Piece.openWithPlayers)
        out.int(players)
        if let rank {
            out.raw(#","rank":"#)
            out.int(rank)
        }
        out.raw(#","score":"#)
        out.int(score)
        if let teamRank {
            out.raw(#","teamRank":"#)
            out.int(teamRank)
        }
        out.raw(Piece.standingEnd)
        return out.bytes
    }

    /// The pieces spelled like a message type, from their one definition (built once).
    private enum Piece {
        static let openWithPlayers = #"{""# + ServerMessageField.players.rawValue + #"":"#
        static let resultAnswered = #",""# + ServerMessageField.result.rawValue + #"":{"answered":"#
        static let resultEnd = #"},"type":""# + ResultPayload.wireName + #""}"#
        static let question = #",""# + ServerMessageField.question.rawValue + #"":"#
        static let answerAckEnd = #","type":""# + AnswerAckPayload.wireName + #""}"#
        static let standingEnd = #","type":""# + StandingPayload.wireName + #""}"#
    }
}

/// A growing UTF-8 buffer for the encoders above.
private struct JSONBytes {
    package var bytes: [UInt8] = []

    package init() {
        bytes.reserveCapacity(192)
    }

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    package mutating func int(_ value: Int) {
        JSONNumberText.append(value, to: &bytes)
    }
}
