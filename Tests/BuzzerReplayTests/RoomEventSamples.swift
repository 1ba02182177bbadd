import BuzzerGame
import BuzzerGameJSON
import Foundation
import Testing

/// One event of every type, with every optional field set, so a test sees each field an event
/// can write. A switch over `RoomEventType`: a new event type does not compile here until it has
/// its sample.
enum RoomEventSamples {
    static let at: GameInstant = 1_795_416_062_339

    /// Read from its file form, as a host's pack is (the kinds own their Swift shapes).
    static let pack = try! JSONDecoder().decode(QuestionPack.self, from: Data(#"""
        {"title":"Doc Night","questions":[{"kind":"text","category":"Music","text":"Who recorded Abbey Road?","answer":["The Beatles"]}]}
        """#.utf8))

    static var all: [RoomEvent] { RoomEventType.allCases.flatMap(variants) }

    /// The sample, and for an event whose fields depend on what it says (a correction's action),
    /// one of each form, so together they write every field the type can.
    static func variants(_ type: RoomEventType) -> [RoomEvent] {
        guard type == .gameCorrected else { return [sample(type)] }
        let forms: [GameCorrection] = [
            .answerKey(sequence: 0, content: .text(accepted: ["The Beatles", "Beatles"])),
            .ruling(sequence: 0, player: PlayerID(1), right: true),
            .void(sequence: 0),
            .adjust(player: PlayerID(1), team: TeamID(1), delta: -2),
        ]
        let standings = RecordedStandings(players: [RecordedScore(id: 1, score: 1, rank: 1)], teams: [])
        return forms.map { .gameCorrected(GameCorrected(at: at, game: at - 3_600_000, correction: $0, reason: "key was wrong", by: .editor, standings: standings)) }
    }

    static func sample(_ type: RoomEventType) -> RoomEvent {
        let standings = RecordedStandings(players: [RecordedScore(id: 1, score: 3, rank: 1)], teams: [RecordedScore(id: 1, score: 3, rank: 1)])
        switch type {
        case .roomCreated:
            return .roomCreated(RoomCreated(at: at, code: "AVJKT8", seed: 7, hostTokenHash: "h", settings: RoomSettings(),
                                            pack: pack, league: RoomLeague(id: "crown", name: "The Crown"), fromLibrary: true))
        case .hostDisconnected: return .hostDisconnected(HostDisconnected(at: at))
        case .hostReconnected: return .hostReconnected(HostReconnected(at: at))
        case .roomLockChanged: return .roomLockChanged(RoomLockChanged(at: at, locked: true))
        case .displayConnected: return .displayConnected(DisplayConnected(at: at))
        case .displayDisconnected: return .displayDisconnected(DisplayDisconnected(at: at))
        case .joinAddressSet:
            return .joinAddressSet(JoinAddressSet(at: at, address: RoomJoinAddress(url: "https://quiz.example", offered: ["https://quiz.example"])))
        case .teamCreated: return .teamCreated(TeamCreated(at: at, team: TeamID(1), name: "Owls"))
        case .playerJoined:
            return .playerJoined(PlayerJoined(at: at, player: PlayerID(1), nickname: "Ada", team: TeamID(1), deviceID: "dev-ada", resumeTokenHash: "r", firstQuestion: 0))
        case .playerDisconnected: return .playerDisconnected(PlayerDisconnected(at: at, player: PlayerID(1)))
        case .playerReconnected: return .playerReconnected(PlayerReconnected(at: at, player: PlayerID(1), resumeTokenHash: "r2"))
        case .playerLeft: return .playerLeft(PlayerLeft(at: at, player: PlayerID(1)))
        case .playerKicked: return .playerKicked(PlayerKicked(at: at, player: PlayerID(1), ban: true, reason: "rude"))
        case .playerRenamed: return .playerRenamed(PlayerRenamed(at: at, player: PlayerID(1), nickname: "Ada L"))
        case .teamRenamed: return .teamRenamed(TeamRenamed(at: at, team: TeamID(1), name: "Larks"))
        case .teamsMerged: return .teamsMerged(TeamsMerged(at: at, from: TeamID(2), into: TeamID(1)))
        case .playerMoved: return .playerMoved(PlayerMoved(at: at, player: PlayerID(1), team: TeamID(2)))
        case .questionShown:
            return .questionShown(QuestionShown(at: at, sequence: 0, round: 0, index: 0, opensAt: at + 50, deadline: at + 20_050, closesAt: at + 20_550, permutation: [1, 0]))
        case .answersOpened: return .answersOpened(AnswersOpened(at: at, sequence: 0))
        case .buzzPressed: return .buzzPressed(BuzzPressed(at: at, sequence: 0, player: PlayerID(1), team: TeamID(1), rttMs: 120, pressedAt: at - 60))
        case .buzzFalseStart: return .buzzFalseStart(BuzzFalseStart(at: at, sequence: 0, player: PlayerID(1), team: TeamID(1), lockedOut: true))
        case .buzzFloor: return .buzzFloor(BuzzFloor(at: at, sequence: 0, player: PlayerID(1)))
        case .buzzMarked: return .buzzMarked(BuzzMarked(at: at, sequence: 0, player: PlayerID(1), right: false, text: "Lyon"))
        case .wagerPlaced: return .wagerPlaced(WagerPlaced(at: at, sequence: 0, player: PlayerID(1), team: TeamID(1), amount: 2))
        case .answerRecorded:
            let answer = try! JSONDecoder().decode(AnswerValue.self, from: Data(#"{"kind":"text","text":"the beatles"}"#.utf8))
            return .answerRecorded(AnswerRecorded(at: at, sequence: 0, player: PlayerID(1), answer: answer, responseMs: 7))
        case .answersClosed: return .answersClosed(AnswersClosed(at: at, sequence: 0, reason: .allAnswered))
        case .clockPaused: return .clockPaused(ClockPaused(at: at, sequence: 0))
        case .clockResumed: return .clockResumed(ClockResumed(at: at, sequence: 0))
        case .timeAdded: return .timeAdded(TimeAdded(at: at, sequence: 0, ms: 5_000))
        case .questionSkipped: return .questionSkipped(QuestionSkipped(at: at, sequence: 0))
        case .answersReopened: return .answersReopened(AnswersReopened(at: at, sequence: 0, deadline: at + 10_000, closesAt: at + 10_500))
        case .revealUndone: return .revealUndone(RevealUndone(at: at, sequence: 0))
        case .questionRevealed: return .questionRevealed(QuestionRevealed(at: at, sequence: 0, standings: standings))
        case .answerAccepted: return .answerAccepted(AnswerAccepted(at: at, sequence: 0, text: "Beatles"))
        case .answerRejected: return .answerRejected(AnswerRejected(at: at, sequence: 0, text: "Beatles"))
        case .answersMerged: return .answersMerged(AnswersMerged(at: at, sequence: 0, from: "paris", into: "rome"))
        case .scoreAdjusted: return .scoreAdjusted(ScoreAdjusted(at: at, player: PlayerID(1), team: TeamID(1), delta: 2, reason: "best name"))
        case .leaderboardShown: return .leaderboardShown(LeaderboardShown(at: at, final: false))
        case .tiebreakStarted:
            return .tiebreakStarted(TiebreakStarted(at: at, number: 1, text: "How tall?", answer: 330, players: [PlayerID(1)], teams: [TeamID(1)],
                                                    deadline: at + 20_000, closesAt: at + 20_500))
        case .tiebreakAnswered:
            return .tiebreakAnswered(TiebreakAnswered(at: at, number: 1, player: PlayerID(1), team: TeamID(1), value: 320, responseMs: 900))
        case .tiebreakEnded: return .tiebreakEnded(TiebreakEnded(at: at, number: 1, reason: .allAnswered))
        case .breakStarted:
            return .breakStarted(BreakStarted(at: at, round: 1, title: "Half time", text: "Drinks", upNext: "Music", endsAt: at + 60_000))
        case .breakCountdownChanged: return .breakCountdownChanged(BreakCountdownChanged(at: at, endsAt: at + 90_000))
        case .roomEnded: return .roomEnded(RoomEnded(at: at, reason: .finished, standings: standings))
        case .gameCorrected:
            return .gameCorrected(GameCorrected(at: at, game: at - 3_600_000, correction: .ruling(sequence: 0, player: PlayerID(1), right: true),
                                                reason: "typed answer was right", by: .host, standings: standings))
        }
    }

    /// The top-level members the event writes, its `type` and `at` included.
    static func members(of event: RoomEvent) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as? [String: Any]
        return Set(try #require(object).keys)
    }
}
