import Testing
@testable import BuzzerGame

/// Drives a room with a manual clock and keeps every event it produced, so tests can
/// replay the log and compare.
struct GameHarness {
    var room: Room
    var now: GameInstant
    var log: [RoomEvent]

    static let start: GameInstant = 1_700_000_000_000

    init(pack: QuestionPack = GameHarness.samplePack(), settings: RoomSettings = RoomSettings(), seed: UInt64 = 42) throws {
        now = Self.start
        let created = try Room.create(code: "ABCD", pack: pack, settings: settings, seed: seed, hostTokenHash: "host-hash", at: now)
        room = created.room
        log = [created.event]
    }

    mutating func advance(_ ms: GameDuration) { now += ms }

    @discardableResult
    mutating func send(_ command: RoomCommand) throws(GameError) -> [RoomEvent] {
        let events = try room.handle(command, at: now)
        log += events
        return events
    }

    @discardableResult
    mutating func tick() -> [RoomEvent] {
        (try? send(.tick)) ?? []
    }

    mutating func join(_ name: String, team: String? = nil, device: String? = nil) throws(GameError) -> PlayerID {
        let events = try send(.join(JoinRequest(nickname: name, team: team, deviceID: device, resumeTokenHash: "token-\(name)")))
        for event in events { if case .playerJoined(let joined) = event { return joined.player } }
        fatalError("join produced no player_joined")
    }

    /// Moves to the instant answers open for the current question and ticks.
    mutating func openAnswers() {
        now = room.currentQuestion!.opensAt
        tick()
    }

    @discardableResult
    mutating func answer(_ player: PlayerID, _ value: AnswerValue, afterOpenMs: GameDuration? = nil, rtt: GameDuration = 0) throws(GameError) -> [RoomEvent] {
        let current = room.currentQuestion!
        if let afterOpenMs { now = current.opensAt + afterOpenMs }
        return try send(.answer(player, AnswerSubmission(question: current.sequence, value: value, writtenAt: current.shownAt, rttMs: rtt)))
    }

    /// Every error a command is refused with must leave the room exactly as it was.
    mutating func expectRefused(_ command: RoomCommand, code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let before = room
        do {
            _ = try room.handle(command, at: now)
            Issue.record("expected \(code), but the command was accepted", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code.rawValue == code, sourceLocation: sourceLocation)
        }
        #expect(room == before, sourceLocation: sourceLocation)
    }

    func score(_ id: PlayerID) -> Int { room.players[id]!.score }

    static func samplePack() -> QuestionPack {
        QuestionPack(title: "Pub Classics", rounds: [
            PackRound(title: "General", questions: [
                Question(category: "Geography", text: "Capital of Australia?",
                         content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1), explanation: "Since 1913."),
                Question(category: "Science", text: "Which are noble gases?",
                         content: .multi(options: ["Neon", "Iron", "Argon", "Oxygen"], answers: [0, 2])),
                Question(category: "History", text: "Apollo 11 landed on the Moon.", content: .truefalse(answer: true)),
            ]),
            PackRound(title: "Finale", questions: [
                Question(category: "Music", text: "Who recorded Abbey Road?", content: .text(accepted: ["The Beatles"])),
                Question(category: "History", text: "Year of the Moon landing?", content: .number(answer: 1969), points: 2),
                Question(category: "Fun", text: "Best pizza topping?", content: .poll(options: ["Ham", "Pineapple"])),
            ]),
        ])
    }

    static func singleQuestionPack(_ content: QuestionContent, points: Int = 1, wager: Bool = false, count: Int = 1) -> QuestionPack {
        QuestionPack(title: "Test", rounds: [
            PackRound(title: "Only", wager: wager, questions: Array(
                repeating: Question(category: "Test", text: "Question?", content: content, points: points), count: count)),
        ])
    }
}
