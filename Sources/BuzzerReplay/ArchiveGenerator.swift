import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import Synchronization

/// Plays many plausible games through the real domain and writes them as a live server would,
/// for the `replay verify --all` benchmark (`buzzer replay generate`). Deterministic for a seed.
///
/// Games come in nights of `gamesPerNight` rooms played at the same time, so their lines
/// interleave in the log the way concurrent rooms' do. Room codes come from a small pool, so
/// codes are reused across nights; teams come from a fixed roster, so a season table has
/// regulars. Most games finish; some end with the host gone, a few stop without an end
/// (a server that died) at the very end of the log.
package struct ArchiveGenerator: Sendable {
    package var seed: UInt64
    package var gamesPerNight = 8
    /// 2025-01-06 19:00 UTC, a Monday quiz night.
    package var firstNight: GameInstant = 1_736_190_000_000
    /// From one night to the next (a day; a week for `bench questions`' league nights).
    package var nightSpacingMs: GameInstant = 86_400_000
    /// The league every game counts for (`bench questions`); nil: one-off games.
    package var league: RoomLeague?

    package init(seed: UInt64) {
        self.seed = seed
    }

    package struct Summary: Sendable, Equatable {
        package var events: Int
        package var games: Int
        package var files: Int
    }

    /// Writes games to `directory` until at least `events` events were written.
    /// With `nights`, stops after that many nights even if fewer events were written.
    package func generate(events target: Int, nights: Int? = nil, directory: String, maxFileBytes: Int = ArchiveConfig.defaultMaxFileBytes) throws(ReplayError) -> Summary {
        let config = ArchiveConfig(directory: directory, durability: .none, maxFileBytes: maxFileBytes, rotateAtMidnight: false)
        let writer: ArchiveWriter
        do { writer = try ArchiveWriter(config: config) } catch { throw .archive(error) }
        let failures = Mutex<[ArchiveError]>([])
        var rng = SplitMix64(seed: seed)
        var written = 0
        var games = 0
        var night = 0
        while written < target, night < nights ?? .max {
            let nightStart = firstNight + GameInstant(night) * nightSpacingMs
            var codes = Self.codePool.shuffled(using: &rng)
            var lines: [(at: GameInstant, order: Int, code: String, event: RoomEvent)] = []
            for slot in 0..<gamesPerNight {
                let code = codes.removeLast()
                let start = nightStart + GameInstant(rng.next() % 3_600_000)
                let isLast = nights == nil && written + lines.count > target * 99 / 100
                let events = Self.playGame(code: code, start: start, seed: rng.next(), stopEarly: isLast && slot % 4 == 0, league: league)
                for event in events { lines.append((event.at, lines.count, code, event)) }
                games += 1
            }
            // Concurrent rooms interleave by time; events of one room keep their order.
            lines.sort { $0.at != $1.at ? $0.at < $1.at : $0.order < $1.order }
            for line in lines {
                do {
                    try writer.append(room: line.code, time: line.at, encoding: line.event) { result in
                        if case .failure(let error) = result { failures.withLock { $0.append(error) } }
                    }
                } catch {
                    writer.close()
                    throw .archive(error)
                }
            }
            written += lines.count
            night += 1
        }
        writer.close()
        if let failure = failures.withLock({ $0.first }) { throw .archive(failure) }
        return Summary(events: written, games: games, files: writer.filesCreated)
    }

    static let codePool: [String] = {
        let letters = Array("BCDFGHJKLMNPQRSTVWXZ")
        var rng = SplitMix64(seed: 7)
        var codes: Set<String> = []
        while codes.count < 60 {
            codes.insert(String((0..<4).map { _ in letters[Int(rng.next() % UInt64(letters.count))] }))
        }
        return codes.sorted()
    }()

    static let teamRoster = [
        "Quizzly Bears", "Les Quizérables", "The Know-It-Ales", "Trivia Newton John", "Agatha Quiztie",
        "Universally Challenged", "Pub Crawlers", "The Smarty Pints", "Quiz Khalifa", "Tequila Mockingbird",
        "Ctrl Alt Defeat", "The Mighty Ducks", "Norfolk Enchants", "Spaced Invaders", "The Brainy Bunch",
        "Hop Scholars", "Beer Necessities", "Lord of the Pints", "The Nerd Herd", "Risky Quizness",
    ]

    static let firstNames = [
        "Ann", "Bob", "Cid", "Dee", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea", "Max", "Nia", "Oli",
        "Pia", "Quinn", "Rae", "Sam", "Tess", "Uma", "Vic", "Wes", "Xia", "Yann", "Zoé", "Björn", "Chloé", "Dörte", "Émile",
    ]

    /// A pack of three rounds of seven questions, of every kind that makes examples
    /// (`QuestionKind.examples`), the first (the plainest) three times in seven; the last round is a
    /// wager round in some games.
    package static func pack(number: Int, wager: Bool) -> QuestionPack {
        let kinds = QuestionKind.examples
        let slots = [kinds[0], kinds[0]] + kinds
        func question(_ round: Int, _ index: Int) -> Question {
            let n = round * 7 + index + 1
            return slots[(n + number) % slots.count].example(n, seed: number)
        }
        return QuestionPack(title: "Quiz night #\(number)", rounds: (0..<3).map { round in
            PackRound(title: "Round \(round + 1)", wager: wager && round == 2, questions: (0..<7).map { question(round, $0) })
        })
    }

    /// One game from room creation to its end (or to where it stops), as the server would log it.
    static func playGame(code: String, start: GameInstant, seed: UInt64, stopEarly: Bool, league: RoomLeague? = nil) -> [RoomEvent] {
        var rng = SplitMix64(seed: seed)
        func chance(_ percent: UInt64) -> Bool { rng.next() % 100 < percent }
        func between(_ low: Int64, _ high: Int64) -> Int64 { low + Int64(rng.next() % UInt64(high - low + 1)) }

        var settings = RoomSettings()
        settings.shuffleOptions = true
        settings.teamStanding = chance(50) ? .average : .sum
        let pack = pack(number: Int(seed % 1000), wager: chance(20))
        var now = start
        guard let made = try? Room.create(code: code, pack: pack, settings: settings, seed: seed, hostTokenHash: "host-\(seed)", at: now, league: league) else { return [] }
        var room = made.room
        var log = [made.event]
        func send(_ command: RoomCommand) {
            if let events = try? room.handle(command, at: now) { log += events }
        }

        let playerCount = Int(between(6, 48))
        let teams = teamRoster.shuffled(using: &rng).prefix(max(2, playerCount / 5))
        var skill: [PlayerID: UInt64] = [:]
        for k in 0..<playerCount {
            now += between(200, 20_000)
            let team = chance(92) ? teams.randomElement(using: &rng) : nil
            let name = firstNames[k % firstNames.count] + (k < firstNames.count ? "" : " \(k / firstNames.count + 1)")
            send(.join(JoinRequest(nickname: name, team: team, deviceID: "dev-\(seed)-\(k)", resumeTokenHash: "tok-\(seed)-\(k)")))
            skill[PlayerID(k + 1)] = 30 + rng.next() % 60
        }
        let hostLeavesAt = chance(5) ? Int(between(2, 18)) : nil
        let stopAt = stopEarly ? Int(between(3, 15)) : nil
        now += between(30_000, 180_000)
        send(.start)
        var away: [PlayerID] = []
        while room.phase != .ended {
            guard let current = room.currentQuestion else { break }
            switch room.phase {
            case .reading:
                if stopAt == current.sequence { return log }
                if room.pack.rounds[current.round].wager {
                    for team in room.teams.keys.sorted() {
                        guard let member = room.players.values.filter({ $0.team == team && $0.status == .connected }).map(\.id).min() else { continue }
                        now += between(100, 1500)
                        send(.wager(member, question: current.sequence, amount: Int(between(0, 3000))))
                    }
                }
                now = max(now, current.opensAt)
                send(.tick)
            case .open:
                let question = room.question(current)
                var answers: [(at: GameInstant, player: PlayerID)] = []
                for player in room.players.values where player.status == .connected && chance(93) {
                    answers.append((current.opensAt + between(300, current.deadline - current.opensAt), player.id))
                }
                answers.sort { $0.at != $1.at ? $0.at < $1.at : $0.player < $1.player }
                for (at, id) in answers where room.phase == .open {
                    now = at
                    let value = answer(question, permutation: current.permutation, right: rng.next() % 100 < skill[id]!, rng: &rng)
                    send(.answer(id, AnswerSubmission(question: current.sequence, value: value, writtenAt: current.shownAt, rttMs: between(5, 120))))
                }
                if room.phase == .open, let deadline = room.nextDeadline {
                    now = deadline
                    send(.tick)
                }
            case .closed:
                now += between(1000, 4000)
                send(.reveal)
            case .revealed:
                // The host accepts a wrong answer a player gave: the only kind `accept` takes.
                if room.question(current).content.acceptedAnswers != nil, chance(20),
                   let typed = room.typedAnswers(sequence: current.sequence).first(where: { !$0.accepted }) {
                    send(.accept(question: current.sequence, text: typed.text))
                }
                if chance(4), let id = room.players.keys.randomElement(using: &rng) {
                    send(.adjustScore(.player(id), delta: chance(50) ? 100 : -100, reason: "Host correction"))
                }
                for id in away {
                    now += between(500, 3000)
                    send(.resume(tokenHash: "tok-\(seed)-\(id.rawValue - 1)", newTokenHash: nil))
                }
                away = []
                if chance(10), let id = room.players.values.filter({ $0.status == .connected }).map(\.id).randomElement(using: &rng) {
                    send(.playerDisconnected(id))
                    away.append(id)
                }
                if hostLeavesAt == current.sequence {
                    send(.hostDisconnected)
                    now += settings.hostAwayGraceMs + 1
                    send(.tick)
                    break
                }
                now += between(4000, 9000)
                send(.next)
            case .leaderboard:
                now += between(8000, 15_000)
                send(.next)
            case .tiebreak:
                now += between(5000, 10_000)
                send(.close)
            case .onBreak:
                now += between(30_000, 60_000)
                send(.next)
            case .lobby, .ended:
                break
            }
        }
        return log
    }

    /// A player's answer in displayed positions: right, or a plausible wrong one.
    static func answer(_ question: Question, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        question.kind.module.sampleAnswer(question.content, permutation: permutation, right: right, rng: &rng)
    }
}
