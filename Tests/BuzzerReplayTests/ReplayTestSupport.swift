import BuzzerArchive
import BuzzerGame
import Foundation
@testable import BuzzerReplay

/// A fresh directory under the system temp dir, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-replay-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func logFiles() throws -> [String] { try ArchiveFileName.logFiles(in: path) }
}

/// Drives one room with a manual clock and keeps its events, as the server would log them.
struct PlayedGame {
    var code: String
    var room: Room
    var now: GameInstant
    var log: [RoomEvent]

    init(
        code: String = "ABCD", pack: QuestionPack = PlayedGame.pack(), settings: RoomSettings = RoomSettings(), at start: GameInstant = 1_700_000_000_000,
        league: RoomLeague? = nil, fromLibrary: Bool = false
    ) throws {
        self.code = code
        now = start
        let created = try Room.create(code: code, pack: pack, settings: settings, seed: 42, hostTokenHash: "host-hash", at: now, league: league, fromLibrary: fromLibrary)
        room = created.room
        log = [created.event]
    }

    @discardableResult
    mutating func send(_ command: RoomCommand) throws -> [RoomEvent] {
        let events = try room.handle(command, at: now)
        log += events
        return events
    }

    func score(_ id: PlayerID) -> Int { room.players[id]!.score }

    mutating func join(_ name: String, team: String? = nil, device: String? = nil) throws -> PlayerID {
        for event in try send(.join(JoinRequest(nickname: name, team: team, deviceID: device, resumeTokenHash: "token-\(name)"))) {
            if case .playerJoined(let joined) = event { return joined.player }
        }
        throw ReplayError.unknownGame(code: "join produced no player")
    }

    /// Plays the current question: every player in `answers` answers (displayed positions for
    /// options) `ms` after the question opens, then the host reveals and moves on.
    mutating func play(_ answers: [(PlayerID, AnswerValue, GameDuration)]) throws {
        let current = room.currentQuestion!
        now = current.opensAt
        try send(.tick)
        for (player, value, ms) in answers.sorted(by: { $0.2 < $1.2 }) where room.phase == .open {
            now = current.opensAt + ms
            try send(.answer(player, AnswerSubmission(question: current.sequence, value: value, writtenAt: current.shownAt)))
        }
        now += 1500
        try send(.reveal)
        now += 5000
        try send(.next)
        if room.phase == .leaderboard {
            now += 8000
            try send(.next)
        }
    }

    /// A pack with every kind of question, and texts that need CSV quoting.
    static func pack() -> QuestionPack {
        QuestionPack(title: "Pub Classics", rounds: [
            PackRound(title: "General", questions: [
                Question(category: "Geography", text: "Capital of Australia?",
                         content: .choice(options: ["Sydney", "Canberra", "Melbourne", "Perth"], answer: 1)),
                Question(category: "Science", text: "Which are noble gases?",
                         content: .multi(options: ["Neon", "Iron", "Argon", "Oxygen"], answers: [0, 2])),
                Question(category: "History", text: "Apollo 11 landed on the Moon.", content: .truefalse(answer: true)),
            ]),
            PackRound(title: "Finale", questions: [
                Question(category: "Music", text: "Who recorded \"Abbey Road\", in 1969?", content: .text(accepted: ["The Beatles"])),
                Question(category: "History", text: "Year of the Moon landing?", content: .number(answer: 1969), points: 2),
                Question(category: "Fun", text: "Best pizza topping?", content: .poll(options: ["Ham", "Pineapple"])),
            ]),
        ])
    }

    /// Four players in two teams (one teamless) play the whole pack to its end, deterministically.
    static func wholeGame(
        code: String = "ABCD", at start: GameInstant = 1_700_000_000_000, teams: (String, String) = ("Reds, Inc.", "Blues"), league: RoomLeague? = nil,
        fromLibrary: Bool = false, devices: [String?] = [nil, nil, nil, nil]
    ) throws -> PlayedGame {
        var game = try PlayedGame(code: code, at: start, league: league, fromLibrary: fromLibrary)
        let ann = try game.join("Ann", team: teams.0, device: devices[0])
        let bob = try game.join("Bob", team: teams.0, device: devices[1])
        let cid = try game.join("Cid", device: devices[2])
        let dee = try game.join("Dee", team: teams.1, device: devices[3])
        game.now += 10_000
        try game.send(.start)
        try game.play([(ann, .option(1), 800), (bob, .option(0), 1200), (cid, .option(1), 2500), (dee, .option(3), 400)])
        try game.play([(ann, .options([0, 2]), 3000), (bob, .options([0]), 1000), (cid, .options([1]), 2000), (dee, .options([0, 2]), 5000)])
        try game.play([(ann, .bool(true), 700), (bob, .bool(true), 650), (cid, .bool(false), 900), (dee, .bool(true), 4000)])
        try game.play([(ann, .text("the beatles"), 4000), (bob, .text("Say \"Beatles\""), 6000), (cid, .text("Beatles"), 3000), (dee, .text("The Beatles"), 9000)])
        try game.play([(ann, .number(1969), 5000), (bob, .number(1970), 2000), (cid, .number(1969), 7000), (dee, .number(1965), 3000)])
        try game.play([(ann, .vote(1), 1000), (bob, .vote(0), 1100), (cid, .vote(1), 1200), (dee, .vote(1), 1300)])
        precondition(game.room.phase == .ended, "the whole game should have ended, not \(game.room.phase)")
        return game
    }
}

/// Writes games to a fresh log the way the live server does: every event of every room with
/// `writer.append(room:time:encoding:)`, in order.
func writeArchive(_ events: [(code: String, event: RoomEvent)], to directory: String) throws {
    let writer = try ArchiveWriter(config: ArchiveConfig(directory: directory, durability: .none))
    for (code, event) in events {
        try writer.append(room: code, time: event.at, encoding: event) { _ in }
    }
    writer.close()
}

func writeArchive(_ games: [PlayedGame], to directory: String) throws {
    try writeArchive(games.flatMap { game in game.log.map { (game.code, $0) } }, to: directory)
}

/// The lines of the only log file in `directory`, and a way to put changed lines back.
struct LogFile {
    let path: String
    var lines: [String]

    init(directory: String) throws {
        let files = try ArchiveFileName.logFiles(in: directory)
        precondition(files.count == 1, "expected one log file, found \(files)")
        path = files[0]
        lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func index(ofFirst type: String) -> Int? { lines.firstIndex { $0.contains(#""type":"\#(type)""#) } }
    func index(ofLast type: String) -> Int? { lines.lastIndex { $0.contains(#""type":"\#(type)""#) } }

    func save() throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}

func scan(_ directory: String, depth: ReplayDepth = .replay, code: String? = nil, now: Int64 = 1_700_000_000_000 + 3_600_000) throws -> ReplayScan {
    try ReplayArchive(paths: [directory]).scan(depth: depth, code: code, keepRooms: true, now: now)
}
