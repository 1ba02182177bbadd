import BuzzerArchive
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// Plays games over real WebSockets against `buzzer serve`, SIGKILLs it at random moments (lobby,
/// reading, answers flowing, just after a reveal, just after resumes), restarts it on the same log
/// and checks every promise a client was given: each token it received still works, each
/// acknowledged answer and each reveal it saw is in the log, the scores and ranks it was shown are
/// the ones the log records, and `buzzer replay verify` passes at the end.
///
/// `BUZZER_CHAOS_KILLS` sets the number of kills (20 here; `Benchmarks/chaos/run.sh` runs 500) and
/// `BUZZER_CHAOS_SEED` replays one run (the seed is printed when a check fails).
@Suite(.serialized)
struct ChaosTests {
    static var kills: Int { ProcessInfo.processInfo.environment["BUZZER_CHAOS_KILLS"].flatMap(Int.init) ?? 20 }
    static var seed: UInt64 { ProcessInfo.processInfo.environment["BUZZER_CHAOS_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max) }

    @Test func everyPromiseSurvivesSIGKILLAtRandomMoments() throws {
        let seed = Self.seed
        print("chaos: \(Self.kills) kills, seed \(seed) (BUZZER_CHAOS_SEED=\(seed) replays this run)")
        let chaos = try Chaos(seed: seed)
        defer { chaos.stop() }
        for kill in 0..<Self.kills {
            try chaos.cycle(kill)
        }
        // The moments are random, and a question shown just before a kill may not be in the log yet
        // (questions go at once), so a run can end without a reveal to check: kill after one until
        // there is (bounded), so every run checks answers, tokens and results.
        for extra in 0..<10 where chaos.checked.results == 0 {
            try chaos.cycle(Self.kills + extra, at: .afterReveal)
        }
        try chaos.verifyArchive()
        print("chaos: \(Self.kills) kills, seed \(seed): \(chaos.summary)")
        #expect(chaos.checked.answers > 0 && chaos.checked.tokens > 0 && chaos.checked.results > 0, "\(chaos.summary), seed \(seed)")
    }
}

/// One chaos run: the server process, the game in progress and everything clients were told.
final class Chaos {
    enum Moment: CaseIterable { case lobby, reading, answering, afterReveal, afterResume }

    /// A client and how far its messages have been read for promises.
    final class Member {
        var client: GameClient
        var scanned = 0
        var player: Int?
        var token: String?
        init(_ client: GameClient) { self.client = client }
    }

    /// The room being played.
    final class Game {
        let code: String
        let hostToken: String
        var host: Member
        var players: [Member] = []
        var phase = "lobby"
        /// The sequence of the question on screen; -1 before the first.
        var sequence = -1
        init(code: String, hostToken: String, host: Member) {
            self.code = code
            self.hostToken = hostToken
            self.host = host
        }
    }

    struct Answer: Hashable { var room: String; var question: Int; var player: Int }
    struct Shown: Hashable { var room: String; var question: Int; var player: Int; var score: Int; var rank: Int }

    let directory: String
    let arguments: [String]
    var server: ServerProcess
    var rng: SplitMix64
    let seed: UInt64
    var game: Game?
    /// Hosts of rooms created while the server died, which may or may not have been told `created`.
    var orphans: [Member] = []
    var acked: Set<Answer> = []
    var reveals: Set<Answer> = []
    var results: Set<Shown> = []
    var rooms: Set<String> = []
    var nextName = 0
    var checked = (tokens: 0, answers: 0, reveals: 0, results: 0)

    var summary: String {
        "\(acked.count) acknowledged answers, \(reveals.count) reveals and \(results.count) results in \(rooms.count) rooms, each "
            + "checked after every later kill; \(checked.tokens) tokens tried"
    }

    init(seed: UInt64) throws {
        self.seed = seed
        rng = SplitMix64(seed: seed)
        (directory, arguments) = try CrashRecoveryTests.serverFolder()
        server = try ServerProcess(arguments: arguments)
    }

    func stop() {
        _ = server.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: directory)
    }

    static var pack: [String: Any] { [
        "title": "Chaos Night",
        "rounds": [["title": "All", "questions": (0..<6).map { index in
            ["kind": "choice", "category": "Chaos", "text": "Question \(index + 1)?", "options": ["A", "B", "C", "D"], "answer": index % 4]
        }]],
    ] }

    // MARK: - One cycle

    /// Drives the game to a random moment, kills the server there, restarts it and checks.
    func cycle(_ kill: Int, at chosen: Moment? = nil) throws {
        let drawn = Moment.allCases[Int(rng.next() % UInt64(Moment.allCases.count))]
        let moment = chosen ?? drawn
        if game == nil || game?.phase == "ended" { try newGame(players: 4) }
        if ProcessInfo.processInfo.environment["BUZZER_CHAOS_TRACE"] != nil { print("chaos: kill \(kill) at \(moment), phase \(game?.phase ?? "-")") }
        switch moment {
        case .lobby:
            try newGame(players: 2)
            // Two more joins and a second room in flight as the server dies.
            for _ in 0..<2 { try join(game!, wait: false) }
            let spare = Member(try GameClient(port: server.port))
            try spare.client.send(type: "create", ["questions": Self.pack, "settings": Self.settings])
            orphans.append(spare)
        case .reading:
            try showQuestion()
        case .answering:
            try openAnswers()
            guard let game, game.phase == "open" else { break }
            let answering = game.players.filter { $0.player != nil }
            for member in answering {
                try member.client.send(type: "answer", ["question": game.sequence, "answer": ["kind": "choice", "option": Int(rng.next() % 4)]])
            }
            let waitFor = Int(rng.next() % UInt64(answering.count + 1))
            // (A player who answered before the last kill gets `already_answered`.)
            for member in answering.prefix(waitFor) { try member.client.next(after: ["answer_ack", "error"], timeout: 10) }
        case .afterReveal:
            try openAnswers()
            guard let game, game.phase == "open" else { break }
            for member in game.players where member.player != nil && rng.next() % 3 != 0 {
                try member.client.send(type: "answer", ["question": game.sequence, "answer": ["kind": "choice", "option": Int(rng.next() % 4)]])
                try member.client.next(after: ["answer_ack", "error"], timeout: 10)
            }
            try game.host.client.send(type: "reveal")
            if let member = game.players.first(where: { $0.player != nil }), rng.next() % 2 == 0 {
                try member.client.next("result", timeout: 10)
            }
        case .afterResume:
            guard let game else { break }
            for member in game.players where member.token != nil && rng.next() % 2 == 0 {
                member.client.drop()
                member.client = try GameClient(port: server.port)
                try member.client.send(type: "resume", ["code": game.code, "token": member.token!])
                if rng.next() % 2 == 0 { try member.client.next("joined", timeout: 10) }
                member.scanned = 0
            }
        }
        _ = server.stop(signal: SIGKILL)
        collectPromises()
        server = try ServerProcess(arguments: arguments)
        try checkLog(after: "kill \(kill) at \(moment)")
        try comeBack(after: "kill \(kill) at \(moment)")
    }

    static var settings: [String: Any] {
        ["readingTimeMs": 300, "timeLimitSeconds": 120, "closeWhenAllAnswered": false, "shuffleOptions": false]
    }

    // MARK: - Driving the game

    func newGame(players count: Int) throws {
        let host = Member(try GameClient(port: server.port))
        try host.client.send(type: "create", ["questions": Self.pack, "settings": Self.settings])
        let created = try host.client.next("created", timeout: 10)
        let game = Game(code: try #require(created["code"] as? String), hostToken: try #require(created["hostToken"] as? String), host: host)
        rooms.insert(game.code)
        self.game = game
        for _ in 0..<count { try join(game, wait: true) }
    }

    func join(_ game: Game, wait: Bool) throws {
        let member = Member(try GameClient(port: server.port))
        nextName += 1
        try member.client.send(type: "join", ["code": game.code, "nickname": "P\(nextName)"])
        game.players.append(member)
        if wait { try member.client.next("joined", timeout: 10) }
        scan(member, in: game.code)
    }

    /// Puts a fresh question on screen (a new game when this one has none left).
    func showQuestion() throws {
        guard let game else { return }
        switch game.phase {
        case "lobby":
            try game.host.client.send(type: "start")
        case "reading", "open", "closed":
            try openAnswers()
            try game.host.client.send(type: "reveal")
            try game.host.client.next("reveal", timeout: 10)
            try game.host.client.send(type: "next")
        default:
            try game.host.client.send(type: "next")
        }
        let shown = try game.host.client.next(after: ["question", "leaderboard", "ended"], timeout: 10)
        switch shown["type"] as? String {
        case "question":
            game.phase = "reading"
            game.sequence = (shown["question"] as? [String: Any])?["sequence"] as? Int ?? game.sequence + 1
        case "leaderboard":
            game.phase = "leaderboard"
            try showQuestion()
        default:
            game.phase = "ended"
        }
    }

    /// A question whose answers are open, showing one first if needed.
    func openAnswers() throws {
        guard let game else { return }
        if game.phase != "reading" && game.phase != "open" { try showQuestion() }
        guard game.phase == "reading" || game.phase == "open" else { return }
        if game.phase == "reading" {
            _ = try game.host.client.next(after: ["answers_open"], timeout: 10) { ($0["question"] as? Int) == game.sequence }
            game.phase = "open"
        }
    }

    // MARK: - Promises

    /// Reads what each client got before the server died and records what it was promised.
    func collectPromises() {
        guard let game else { return }
        for member in [game.host] + game.players + orphans {
            member.client.drain(quiet: 0.05)
            scan(member, in: game.code)
        }
    }

    func scan(_ member: Member, in code: String) {
        let received = member.client.received
        for message in received.dropFirst(member.scanned) {
            switch message["type"] as? String {
            case "created":
                if let room = message["code"] as? String { rooms.insert(room) }
                member.token = message["hostToken"] as? String
            case "joined":
                member.player = message["player"] as? Int
                member.token = message["resumeToken"] as? String
            case "answer_ack":
                if message["durable"] as? Bool == true, let question = message["question"] as? Int, let player = member.player {
                    acked.insert(Answer(room: code, question: question, player: player))
                }
            case "reveal":
                if let sequence = (message["reveal"] as? [String: Any])?["sequence"] as? Int {
                    reveals.insert(Answer(room: code, question: sequence, player: 0))
                }
            case "result":
                if let result = message["result"] as? [String: Any], let player = member.player,
                   let sequence = result["sequence"] as? Int, let score = result["score"] as? Int, let rank = result["rank"] as? Int {
                    results.insert(Shown(room: code, question: sequence, player: player, score: score, rank: rank))
                }
            default:
                break
            }
        }
        member.scanned = received.count
    }

    /// Every acknowledged answer, every reveal and every result a client saw is in the log.
    func checkLog(after moment: String) throws {
        // One read of the whole log per check, not one per room: the long form makes hundreds of files.
        var byRoom: [String: [RoomEvent]] = [:]
        _ = try ArchiveReader(path: directory + "/log").read { item in
            if case .line(let line) = item, let event = try? line.decode(RoomEvent.self) { byRoom[line.room, default: []].append(event) }
        }
        for room in rooms {
            let events = byRoom[room] ?? []
            let answers = Set(events.compactMap { event -> Answer? in
                if case .answerRecorded(let e) = event { Answer(room: room, question: e.sequence, player: e.player.rawValue) } else { nil }
            })
            var standings: [Int: RecordedStandings] = [:]
            for case .questionRevealed(let e) in events { standings[e.sequence] = e.standings }
            for answer in acked where answer.room == room {
                #expect(answers.contains(answer), "\(moment): acknowledged \(answer) is not in the log (seed \(seed))")
                checked.answers += 1
            }
            for reveal in reveals where reveal.room == room {
                #expect(standings[reveal.question] != nil, "\(moment): question \(reveal.question) of \(room) was revealed but the log does not say so (seed \(seed))")
                checked.reveals += 1
            }
            for shown in results where shown.room == room {
                let row = standings[shown.question]?.players.first { $0.id == shown.player }
                #expect(row?.score == shown.score && row?.rank == shown.rank,
                        "\(moment): player \(shown.player) was shown \(shown.score) points, rank \(shown.rank) for question \(shown.question); the log has \(String(describing: row)) (seed \(seed))")
                checked.results += 1
            }
        }
    }

    /// Everyone comes back with the last token they were given: each must still work.
    func comeBack(after moment: String) throws {
        for orphan in orphans {
            if let token = orphan.token, let code = orphan.client.received.first(where: { $0["type"] as? String == "created" })?["code"] as? String {
                let client = try GameClient(port: server.port)
                try client.send(type: "host", ["code": code, "token": token])
                let reply = try client.next(after: ["hosting", "error"], timeout: 10)
                #expect(reply["type"] as? String == "hosting", "\(moment): a host token a client received was refused: \(reply) (seed \(seed))")
                checked.tokens += 1
            }
        }
        orphans = []
        guard let game else { return }
        let host = Member(try GameClient(port: server.port))
        try host.client.send(type: "host", ["code": game.code, "token": game.hostToken])
        let reply = try host.client.next(after: ["hosting", "error"], timeout: 10)
        #expect(reply["type"] as? String == "hosting", "\(moment): the host token was refused: \(reply) (seed \(seed))")
        checked.tokens += 1
        let state = try host.client.next("state", timeout: 10)
        game.host = host
        game.phase = state["phase"] as? String ?? "lobby"
        game.sequence = (state["question"] as? [String: Any])?["sequence"] as? Int ?? game.sequence
        host.scanned = host.client.received.count
        var seated: [Member] = []
        for member in game.players {
            guard let token = member.token else { continue }  // never told it had a seat
            member.client = try GameClient(port: server.port)
            member.scanned = 0
            try member.client.send(type: "resume", ["code": game.code, "token": token])
            let reply = try member.client.next(after: ["joined", "error"], timeout: 10)
            #expect(reply["type"] as? String == "joined", "\(moment): player \(member.player ?? 0)'s token was refused: \(reply) (seed \(seed))")
            checked.tokens += 1
            guard reply["type"] as? String == "joined" else { continue }
            try member.client.next("state", timeout: 10)
            scan(member, in: game.code)
            seated.append(member)
        }
        game.players = seated
        if game.phase == "ended" { self.game = nil }
    }

    /// `buzzer replay verify` agrees with every room the run played, across all the kills.
    func verifyArchive() throws {
        _ = server.stop(signal: SIGTERM)
        let verify = try CommandLineTests().run(["replay", "verify", "--all", "--archive", directory + "/log"])
        #expect(verify.status == 0, "replay verify failed (seed \(seed)):\n\(verify.output)")
    }
}
