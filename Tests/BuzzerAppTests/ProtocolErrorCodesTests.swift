import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// `ProtocolErrorCodes` is docs/protocol.md's error table, and every `GameError` has a code in it.
struct ProtocolErrorCodesTests {
    /// The codes in the first column of the table under "| code | when |".
    static func documentedCodes() throws -> Set<String> {
        let text = try String(contentsOfFile: LiveGameServer.packageRoot + "/docs/protocol.md", encoding: .utf8)
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

    @Test func theListIsTheDocumentedTable() throws {
        let documented = try Self.documentedCodes()
        #expect(ProtocolErrorCodes.all.subtracting(documented).sorted() == [], "in the list, not in docs/protocol.md")
        #expect(documented.subtracting(ProtocolErrorCodes.all).sorted() == [], "in docs/protocol.md, not in the list")
    }

    @Test func everyGameErrorHasAListedCode() {
        let errors: [GameError] = [
            .invalidPack(QuestionPackErrors([])), .invalidSettings(""), .roomEnded, .roomLocked, .roomFull(max: 1), .lateJoinDisabled,
            .nameInvalid(""), .nameTaken, .nameBlocked, .banned, .kicked, .unknownPlayer, .unknownTeam, .teamNotListed([]), .resumeExpired,
            .notHost, .badPhase(command: "", phase: .lobby), .wrongQuestion(expected: nil, got: 0), .answersNotOpen, .paused,
            .invalidTiebreak(""), .notInTiebreak, .cannotChangeClock(""), .questionClosed, .lateAnswer(byMs: 0), .alreadyAnswered,
            .teamAnswered(by: ""), .teamWagerPlaced(amount: 0, by: ""), .invalidAnswer(""), .notWagerRound, .invalidWager(max: 0),
            .unknownQuestion(0), .cannotAccept(""), .invalidScoreAdjustment(""), .invalidReason(""), .onBreak(command: ""), .invalidBreak(""),
        ]
        for error in errors { #expect(ProtocolErrorCodes.game.contains(error.code), "\(error.code)") }
        #expect(Set(errors.map(\.code)) == ProtocolErrorCodes.game)
    }
}
