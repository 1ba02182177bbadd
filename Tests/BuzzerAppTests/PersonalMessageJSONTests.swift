@testable import BuzzerApp
import BuzzerGame
import BuzzerWebSocket
import Foundation
import Testing

/// The hand-written `result` and `standing` bodies must be exactly what `JSONEncoder` writes.
struct PersonalMessageJSONTests {
    private struct Reference<Payload: Encodable>: Encodable {
        var type: String
        var payload: Payload
        enum Key: String, CodingKey { case type }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(type, forKey: .type)
            try payload.encode(to: encoder)
        }
    }

    private struct ResultBody: Encodable { var result: PlayerResult; var players: Int }
    private struct StandingBody: Encodable { var rank: Int?; var score: Int; var players: Int; var teamRank: Int? }

    private static func reference(_ type: String, _ payload: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Reference(type: type, payload: payload)), as: UTF8.self)
    }

    /// Results as the game would make them; decoded because the game keeps its initializer to itself.
    static let results: [String] = [
        #"{"sequence":0,"answered":true,"outcome":"correct","points":1000,"streakBonus":0,"score":1000,"rank":1,"streak":1}"#,
        #"{"sequence":12,"answered":false,"points":0,"streakBonus":0,"score":4250,"streak":0}"#,
        #"{"sequence":3,"answered":true,"outcome":"wrong","points":-250,"streakBonus":0,"score":-250,"rank":9999,"streak":0}"#,
        #"{"sequence":7,"answered":true,"outcome":"partial","points":333,"streakBonus":100,"score":9223372036854775807,"rank":2,"streak":4}"#,
        #"{"sequence":1,"answered":true,"outcome":"counted","points":0,"streakBonus":0,"score":-9223372036854775807,"rank":10,"streak":0}"#,
        #"{"sequence":5,"answered":true,"outcome":"correct","points":0,"streakBonus":0,"score":1200,"rank":2,"streak":1,"teamPoints":-500}"#,
        // A number question's place among the guesses.
        #"{"sequence":2,"answered":true,"outcome":"wrong","points":0,"streakBonus":0,"score":500,"rank":4,"streak":0,"place":3}"#,
    ]

    @Test(arguments: results)
    func resultMatchesJSONEncoder(_ json: String) throws {
        let result = try JSONDecoder().decode(PlayerResult.self, from: Data(json.utf8))
        let expected = try Self.reference("result", ResultBody(result: result, players: 10_000))
        #expect(String(decoding: PersonalMessageJSON.result(result, players: 10_000), as: UTF8.self) == expected)
    }

    @Test func answerAckMatchesJSONEncoderForEveryAnswerItWrites() throws {
        let answers: [AnswerValue?] = [
            nil, .option(0), .vote(3), .options([0, 2, 5]), .options([]), .bool(true), .bool(false),
            .text("Beatles"), .text("The \"Beatles\" / Wings\\ ünïcode"), .number(1969.5), .number(-1e15), .number(42), .number(0.1),
        ]
        for (question, durable) in [(0, true), (4, false), (999, true)] {
            for answer in answers {
                let expected = try Self.reference("answer_ack", AnswerAckPayload(question: question, durable: durable, lockedIn: answer))
                let written = PersonalMessageJSON.answerAck(question: question, durable: durable, lockedIn: answer)
                #expect(String(decoding: written, as: UTF8.self) == expected)
            }
        }
    }

    /// The encoder takes the hand-written path, so a field added to the payload must be added there.
    @Test func answerAckGoesThroughTheEncoderUnchanged() throws {
        for answer: AnswerValue in [.option(2), .text("The \"Beatles\""), .number(1969.5)] {
            let payload = AnswerAckPayload(question: 3, durable: true, lockedIn: answer)
            let message = ServerMessageEncoder(compression: WebSocketConfig.gameDefaults.compression).encode(.answerAck(payload))
            let sent = message.withPayload { String(decoding: $0, as: UTF8.self) }
            #expect(sent == ServerMessageEncoder.json(.answerAck(payload)))
        }
    }

    @Test func standingMatchesJSONEncoderWithAndWithoutRanks() throws {
        for (rank, teamRank) in [(Int?(3), Int?(1)), (nil, nil), (1, nil), (nil, 7)] {
            for score in [0, 42, -17, 1_000_000] {
                let expected = try Self.reference("standing", StandingBody(rank: rank, score: score, players: 2_000, teamRank: teamRank))
                let written = PersonalMessageJSON.standing(rank: rank, score: score, players: 2_000, teamRank: teamRank)
                #expect(String(decoding: written, as: UTF8.self) == expected)
            }
        }
    }
}
