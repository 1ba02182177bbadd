import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// `ProtocolErrorCode` is docs/protocol-errors.md's error table, and every `GameError` a client can get has one of its codes.
struct ProtocolErrorCodesTests {
    /// The codes in the first column of the table under "| code | when |".
    static func documentedCodes() throws -> Set<String> {
        let text = try String(contentsOfFile: LiveGameServer.packageRoot + "/docs/protocol-errors.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("| code | when |") })
        var codes: Set<String> = []
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("|") else { break }
            let cell = line.split(separator: "|")[0]
            for piece in cell.split(separator: "`").enumerated() where piece.offset % 2 == 1 { codes.insert(String(piece.element)) }
        }
        return codes
    }

    @Test func theCodesSentToClientsAreTheDocumentedTable() throws {
        let documented = try Self.documentedCodes()
        let defined = Set(ProtocolErrorCode.sentToClients.map(\.rawValue))
        #expect(defined.subtracting(documented).sorted() == [], "in ProtocolErrorCode, not in docs/protocol-errors.md")
        #expect(documented.subtracting(defined).sorted() == [], "in docs/protocol-errors.md, not in ProtocolErrorCode")
    }

    @Test func everyGameErrorAClientCanGetHasACodeSentToClients() {
        let errors: [GameError] = [
            .invalidPack(QuestionPackErrors([])), .invalidSettings(""), .roomEnded, .roomLocked, .roomFull(max: 1), .noSeatsLeft(max: 1), .tooManyTeams(max: 1), .lateJoinDisabled,
            .nameInvalid(""), .nameTaken, .nameBlocked, .banned, .kicked, .unknownPlayer, .unknownTeam, .teamNotListed([]), .resumeExpired,
            .notHost, .badPhase(command: "", phase: .lobby), .wrongQuestion(expected: nil, got: 0), .answersNotOpen, .paused,
            .invalidTiebreak(""), .notInTiebreak, .cannotChangeClock(""), .questionClosed, .lateAnswer(byMs: 0), .alreadyAnswered,
            .teamAnswered(by: ""), .teamWagerPlaced(amount: 0, by: ""), .invalidAnswer(""), .notWagerRound, .invalidWager(max: 0),
            .unknownQuestion(0), .cannotAccept(""), .invalidScoreAdjustment(""), .invalidReason(""), .onBreak(command: ""), .invalidBreak(""),
        ]
        for error in errors { #expect(error.code.isSentToClients, "\(error.code)") }
        // A damaged log's and a league's (checked by the app before any room sees it) never reach `/ws`.
        #expect(!GameError.notReplayable("").code.isSentToClients)
        #expect(!GameError.invalidLeague("").code.isSentToClients)
    }

    /// The wire format: a code is written as its raw value, whichever way the refusal was made.
    @Test func anErrorMessageCarriesTheCodesRawValue() {
        let json = ServerMessageEncoder.json(.error(AppError.roomNotFound(code: "K7QM2X"), request: ClientMessageType.join.rawValue))
        #expect(json == #"{"code":"room_not_found","message":"No game has the code K7QM2X. Check the code on the screen.","request":"join","type":"error"}"#)
        #expect(ServerMessageEncoder.json(.error(GameError.paused, request: nil)).contains(#""code":"paused""#))
    }
}
