import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// A room driven through the game API with a manual clock, its events fed to a `RoomPublisher`:
/// what `LiveRoom` does, minus the sockets, the archive and the timers.
struct PublisherHarness {
    var room: Room
    var publisher = RoomPublisher()
    var now: GameInstant = 1_700_000_000_000
    /// Who is attached, as `LiveRoom.Members` would say.
    var attached: [PlayerID] = []
    var hostAttached = true
    var displays = 0
    /// Every delivery so far, publishes and flushes in order.
    var sent: [Delivery] = []
    /// The events of the last command or join.
    var lastEvents: [RoomEvent] = []

    init(pack: QuestionPack = PublisherHarness.samplePack(), settings: RoomSettings = RoomSettings()) throws {
        room = try Room.create(code: "K7QM2X", pack: pack, settings: settings, seed: 42, hostTokenHash: "host-hash", at: now).room
    }

    var attendance: Attendance<[PlayerID]> { Attendance(players: attached, host: hostAttached, displays: displays) }

    /// Runs a command and publishes its events, as `LiveRoom.perform` does.
    @discardableResult
    mutating func run(_ command: RoomCommand) throws -> RoomPublisher.Publication {
        let events = try room.handle(command, at: now)
        lastEvents = events
        let publication = publisher.publish(events, in: room, to: attendance, now: now)
        sent += publication.deliveries
        return publication
    }

    /// What the flush timer would send now.
    @discardableResult
    mutating func flush() -> [Delivery] {
        let deliveries = publisher.flush(room, to: attendance)
        sent += deliveries
        return deliveries
    }

    mutating func join(_ name: String, team: String? = nil) throws -> PlayerID {
        let events = try room.handle(.join(JoinRequest(nickname: name, team: team, resumeTokenHash: "token-\(name)")), at: now)
        lastEvents = events
        sent += publisher.publish(events, in: room, to: attendance, now: now).deliveries
        guard case .playerJoined(let joined)? = events.first(where: { if case .playerJoined = $0 { true } else { false } }) else {
            throw HarnessError.noPlayer
        }
        attached.append(joined.player)
        return joined.player
    }

    /// Moves the clock to when answers open for the current question, and ticks.
    mutating func openAnswers() throws {
        now = try #require(room.currentQuestion).opensAt
        try run(.tick)
    }

    @discardableResult
    mutating func answer(_ player: PlayerID, _ value: AnswerValue) throws -> RoomPublisher.Publication {
        let current = try #require(room.currentQuestion)
        now += 1000
        return try run(.answer(player, AnswerSubmission(question: current.sequence, value: value, writtenAt: current.shownAt)))
    }

    func state(for role: ClientState.Role) -> StatePayload {
        RoomPublisher.state(of: room, for: role, now: now)
    }

    static func json(_ message: ServerMessage) -> String { ServerMessageEncoder.json(message) }

    /// The message as a client parses it.
    static func object(_ message: ServerMessage) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json(message).utf8)) as? [String: Any])
    }

    static func samplePack() -> QuestionPack {
        QuestionPack(title: "Pub Classics", rounds: [
            PackRound(title: "General", questions: [
                Question(category: "Geography", text: "Capital of Australia?",
                         content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1), explanation: "Canberra was purpose-built."),
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

    enum HarnessError: Error { case noPlayer }
}

extension Delivery {
    var type: String { message.wireName }
}
