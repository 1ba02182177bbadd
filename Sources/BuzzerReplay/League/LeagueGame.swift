import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// One finished game of a league, as much of it as standings need: who played under which name
/// (and, for a player, from which device), and the final standings the live room recorded in its
/// `room_ended`. Made by `LeagueGameReader` (below) from the log's lines alone, without replaying answers,
/// so a year of games is read in a fraction of a second (docs/league.md, "Cost").
package struct LeagueGame: Sendable, Equatable, Codable {
    /// A team on the game's final standings.
    package struct Team: Sendable, Equatable, Codable {
        package var name: String
        package var score: Int
        package var rank: Int
        /// The name's two look-alike keys (`NameSkeleton`), worked out once when the game is read;
        /// empty: worked out when needed.
        package var nodes: [String] = []
    }

    /// A player on the game's final standings.
    package struct Player: Sendable, Equatable, Codable {
        package var nickname: String
        /// The id the phone sent with `join` (`player_joined.device_id`); nil when it sent none.
        /// Never shown: it is what "your nights" is keyed on.
        package var device: String?
        /// The team the player ended the game in.
        package var team: String?
        package var score: Int
        package var rank: Int
        /// The place the room gave at the game's end, when a later correction changed it (`rank`
        /// is the corrected one); nil when no correction did. "Your nights" shows the change.
        package var rankBefore: Int? = nil
        /// The player's row key before aliases (`LeagueStandings.playerRowKey`), worked out once
        /// when the game is read; empty: worked out when needed.
        package var key: String = ""
    }

    /// `CODE-STARTMS`: unique across games and archives (a code is used again only after its game
    /// ended, and never twice in the same millisecond).
    package var key: String
    package var code: String
    package var league: RoomLeague
    package var title: String
    package var startedAt: Int64
    package var endedAt: Int64
    /// Best first, as the room ranked them (ties share a rank).
    package var teams: [Team]
    package var players: [Player]
    /// Corrections made after the game (`game_corrected`), oldest first; the standings above are
    /// the last one's. Nil when there are none.
    package var corrections: [Correction]? = nil

    /// When and why the game's standings were corrected.
    package struct Correction: Sendable, Equatable, Codable {
        package var at: Int64
        package var reason: String
    }
}

/// A league game the reader had to leave out, and why (a damaged line of its own, a start it never saw).
package struct LeagueSkip: Sendable, Equatable, Codable {
    package var game: String
    package var league: String?
    package var reason: String
}

/// Turns archive lines into `LeagueGame`s, one line at a time, so the server can feed it only the
/// lines appended since it last looked (`LeagueArchiveTail`) and the CLI the whole log: the same
/// code either way. It decodes only the lines standings need (`room_created`, the players' and
/// teams' names, `room_ended`) and skips the rest by their envelope's type.
///
/// A game counts when it has its `room_created` with a league and ends with reason `finished` or
/// `host_ended` (as `replay leaderboard` counts games). A game with a damaged line of its own is
/// left out (`skipped`), never guessed at, and nothing in a line can make the reader trap.
package struct LeagueGameReader: Sendable {
    private struct Open: Sendable {
        var code: String
        var startedAt: Int64
        var league: RoomLeague?
        var title = ""
        var damaged: String?
        var names: [Int: String] = [:]
        var devices: [Int: String] = [:]
        var teamOf: [Int: Int] = [:]
        var teamNames: [Int: String] = [:]
        /// Each player's place on the `room_ended` standings, by id, kept for a correction's "before".
        var ranksAtEnd: [Int: Int] = [:]
    }

    private var open: [String: Open] = [:]
    /// The names of every finished league game, by its key, for a correction that comes later.
    private var finished: [String: Open] = [:]
    /// Finished league games, in the order they ended.
    package private(set) var games: [LeagueGame] = []
    package private(set) var skipped: [LeagueSkip] = []
    /// Lines read, all kinds.
    package private(set) var lines = 0
    private let decoder = KnownTypeEventDecoder(types: Self.wanted.values)

    /// The only types read past the envelope, by their wire names: the test on every line of the
    /// log is one hash lookup of its envelope's `type`, which also gives the type.
    private static let wanted: [String: any RoomEventPayload.Type] = Dictionary(uniqueKeysWithValues: ([
        RoomCreated.self, TeamCreated.self, TeamRenamed.self, TeamsMerged.self, PlayerJoined.self, PlayerRenamed.self, PlayerMoved.self,
        RoomEnded.self, GameCorrected.self,
    ] as [any RoomEventPayload.Type]).map { ($0.wireName, $0) })

    package init() {}

    /// Whether a line of this type is read past its envelope; the rest are only counted (`skip`).
    package static func wants(_ type: String) -> Bool { wanted[type] != nil }

    /// A line the caller did not hand over because its type is not wanted.
    package mutating func skip() { lines += 1 }

    package mutating func add(_ item: ArchiveReadItem) {
        switch item {
        case .line(let line): add(line)
        case .problem(let problem):
            // A corrupt line of an open game may have been any of its lines: the game cannot be trusted.
            guard case .corruptLine(let reason) = problem.kind, let room = problem.room, open[room] != nil else { return }
            if open[room]!.damaged == nil { open[room]!.damaged = "\(problem.file):\(problem.lineNumber): \(reason)" }
        }
    }

    package mutating func add(_ line: ArchiveLine) {
        lines += 1
        guard let type = Self.wanted[line.type] else { return }
        if type == RoomCreated.self {
            if let old = open.removeValue(forKey: line.room), let league = old.league {
                skipped.append(LeagueSkip(game: "\(old.code)-\(old.startedAt)", league: league.id, reason: "no room_ended before its code was used again"))
            }
            var game = Open(code: line.room, startedAt: line.time)
            if case .roomCreated(let created)? = try? decoder.decode(line, as: type) {
                game.title = created.pack.title
                game.league = created.league
                // A host's team list is the room's teams 1...n, with no team_created of their own.
                for (index, name) in created.settings.teams.enumerated() { game.teamNames[index + 1] = name }
                if let league = created.league, let problem = league.problem() {
                    game.league = nil
                    skipped.append(LeagueSkip(game: "\(line.room)-\(line.time)", league: league.id, reason: "its league is invalid: \(problem)"))
                }
            } else {
                game.damaged = "\(line.file):\(line.lineNumber): room_created does not decode"
                // Without its room_created nobody knows the league; a league is found only when it decodes.
            }
            open[line.room] = game
            return
        }
        if type == GameCorrected.self {
            correct(line)
            return
        }
        // Lines of one-offs and of games whose start is not in the archive are skipped by their type.
        guard var game = open[line.room], game.league != nil else {
            if type == RoomEnded.self { open[line.room] = nil }
            return
        }
        guard game.damaged == nil || type == RoomEnded.self else { return }
        if type == RoomEnded.self {
            open[line.room] = nil
            finish(game, line: line)
            return
        }
        switch try? decoder.decode(line, as: type) {
        case .teamCreated(let e)?:
            game.teamNames[e.team.rawValue] = e.name
        case .teamRenamed(let e)?:
            game.teamNames[e.team.rawValue] = e.name
        case .teamsMerged(let e)?:
            for (player, team) in game.teamOf where team == e.from.rawValue { game.teamOf[player] = e.into.rawValue }
        case .playerJoined(let e)?:
            game.names[e.player.rawValue] = e.nickname
            if let device = e.deviceID, !device.isEmpty { game.devices[e.player.rawValue] = device }
            game.teamOf[e.player.rawValue] = e.team?.rawValue
        case .playerRenamed(let e)?:
            game.names[e.player.rawValue] = e.nickname
        case .playerMoved(let e)?:
            game.teamOf[e.player.rawValue] = e.team?.rawValue
        default:
            // A wanted line that does not decode as the type its envelope names: the game cannot be trusted.
            game.damaged = "\(line.file):\(line.lineNumber): \(line.type) does not decode"
        }
        open[line.room] = game
    }

    private mutating func finish(_ game: Open, line: ArchiveLine) {
        guard let league = game.league else { return }
        let key = "\(game.code)-\(game.startedAt)"
        if let damaged = game.damaged {
            skipped.append(LeagueSkip(game: key, league: league.id, reason: "a damaged line: \(damaged)"))
            return
        }
        guard case .roomEnded(let ended)? = try? decoder.decode(line, as: RoomEnded.self) else {
            skipped.append(LeagueSkip(game: key, league: league.id, reason: "\(line.file):\(line.lineNumber): room_ended does not decode"))
            return
        }
        guard ended.reason != .hostLeft else { return }
        guard let standings = ended.standings else {
            skipped.append(LeagueSkip(game: key, league: league.id, reason: "its room_ended carries no standings (a log from before they were recorded)"))
            return
        }
        guard let result = build(game, league: league, standings: standings, endedAt: line.time) else { return }
        var kept = game
        for row in standings.players { kept.ranksAtEnd[row.id] = row.rank }
        finished[key] = kept
        games.append(result)
    }

    /// A correction of a finished league game: its standings become the correction's. One of a
    /// one-off, or of a game the reader left out, changes nothing.
    private mutating func correct(_ line: ArchiveLine) {
        guard case .gameCorrected(let corrected)? = try? decoder.decode(line, as: GameCorrected.self) else {
            skipped.append(LeagueSkip(game: "\(line.room)-?", league: nil, reason: "\(line.file):\(line.lineNumber): game_corrected does not decode"))
            return
        }
        let key = "\(line.room)-\(corrected.game)"
        guard let game = finished[key], let league = game.league, let index = games.lastIndex(where: { $0.key == key }),
              let standings = corrected.standings else { return }
        guard var result = build(game, league: league, standings: standings, endedAt: games[index].endedAt) else { return }
        result.corrections = (games[index].corrections ?? []) + [LeagueGame.Correction(at: corrected.at, reason: corrected.reason)]
        // `build` made one player per standings row, in order.
        for (position, row) in standings.players.enumerated() {
            if let before = game.ranksAtEnd[row.id], before != row.rank { result.players[position].rankBefore = before }
        }
        games[index] = result
    }

    /// The game's standings rows under the names its players and teams had; nil (and the game
    /// skipped) when a row names someone who never joined.
    private mutating func build(_ game: Open, league: RoomLeague, standings: RecordedStandings, endedAt: Int64) -> LeagueGame? {
        let key = "\(game.code)-\(game.startedAt)"
        var result = LeagueGame(key: key, code: game.code, league: league, title: game.title, startedAt: game.startedAt, endedAt: endedAt, teams: [], players: [])
        for row in standings.teams {
            guard let name = game.teamNames[row.id] else {
                skipped.append(LeagueSkip(game: key, league: league.id, reason: "team \(row.id) on its final standings never joined"))
                return nil
            }
            result.teams.append(.init(name: name, score: row.score, rank: row.rank, nodes: LeagueStandings.Identity.teamNodes(name)))
        }
        for row in standings.players {
            guard let name = game.names[row.id] else {
                skipped.append(LeagueSkip(game: key, league: league.id, reason: "player \(row.id) on its final standings never joined"))
                return nil
            }
            let device = game.devices[row.id]
            result.players.append(.init(nickname: name, device: device, team: game.teamOf[row.id].flatMap { game.teamNames[$0] },
                                        score: row.score, rank: row.rank,
                                        key: LeagueStandings.Identity.playerKey(device: device, name: name, game: key, index: result.players.count)))
        }
        return result
    }
}
