import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// Issue 40, part 3: a server message is one type (`ServerMessageBody`) with its name and payload,
/// `ServerMessages.all` lists each once, and `ServerMessage` is one pointer that compares and reads
/// through its body.
@Suite struct ServerMessageRegistryTests {
    @Test func theRegistryListsEachMessageTypeOnceUnderADistinctSnakeCaseName() {
        let names = ServerMessages.all.map { $0.wireName }
        #expect(names.count >= 38)
        #expect(Set(names).count == names.count, "a name twice: \(names)")
        #expect(Set(ServerMessages.all.map { ObjectIdentifier($0) }).count == names.count, "a type twice")
        for name in names {
            #expect(!name.isEmpty && name.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }, "\(name)")
        }
    }

    @Test func aKindsOwnMessagesAreInTheRegistry() {
        let registered = Set(ServerMessages.all.map { ObjectIdentifier($0) })
        for kind in QuestionKind.allCases {
            for type in kind.module.serverMessages {
                #expect(registered.contains(ObjectIdentifier(type)), "\(kind.rawValue)'s \(type.wireName)")
            }
        }
    }

    /// A reveal to 10,000 players builds 10,000 deliveries: each message must stay one pointer.
    @Test func aMessageIsOnePointerWhateverItsBody() {
        #expect(MemoryLayout<ServerMessage>.size == MemoryLayout<UnsafeRawPointer>.size)
    }

    @Test func aMessageNamesItsBodysType() {
        #expect(ServerMessage.ok(OKPayload(request: "lock")).wireName == OKPayload.wireName)
        #expect(ServerMessage.breakShown(BreakPayload(serverTime: 1, break: RoomBreak(round: 1, title: "Half time", text: nil, upNext: nil, startedAt: 0, endsAt: nil))).wireName == BreakPayload.wireName)
        #expect(ServerMessage(BuzzView(question: 0, open: true, floor: nil, queue: [], lockedOut: [], falseStarts: [])).wireName == BuzzView.wireName)
    }

    @Test func equalityComparesTheBodysTypeAndValues() {
        #expect(ServerMessage.ok(OKPayload(request: "lock")) == .ok(OKPayload(request: "lock")))
        #expect(ServerMessage.ok(OKPayload(request: "lock")) != .ok(OKPayload(request: "kick")))
        // Same fields, another message.
        #expect(ServerMessage.renamed(RenamedPayload(nickname: "Ada")) != .teamChanged(TeamChangedPayload(team: "Ada")))
        #expect(ServerMessage.skipped(SkippedPayload(question: 2)) != .answerCount(AnswerCountPayload(question: 2, answered: 0, connected: 0)))
    }

    @Test func theTypedAccessorReadsOnlyItsOwnType() throws {
        let message = ServerMessage.answerAck(AnswerAckPayload(question: 3, durable: false))
        #expect(try #require(message.body(as: AnswerAckPayload.self)).question == 3)
        #expect(message.body(as: StandingPayload.self) == nil)
        #expect(message.body.isSame(as: AnswerAckPayload(question: 3, durable: false)))
    }

    /// The hand-written encoders' bytes are `JSONEncoder`'s, `type` from the types' `wireName`.
    @Test func personalMessagesEncodeAsJSONEncoderDoes() throws {
        let messages: [ServerMessage] = [
            .answerAck(AnswerAckPayload(question: 3, durable: true, lockedIn: .option(1))),
            .standing(StandingPayload(rank: 2, score: 900, players: 40, teamRank: nil)),
        ]
        for message in messages {
            let personal = try #require(ServerMessageEncoder.personalJSON(message), "\(message.wireName)")
            #expect(String(decoding: personal, as: UTF8.self) == (try ServerMessageEncoder.encoded(message)))
        }
        #expect(ServerMessageEncoder.personalJSON(.ok(OKPayload(request: "lock"))) == nil)
    }
}
