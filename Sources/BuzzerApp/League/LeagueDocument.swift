import BuzzerReplay

/// `GET /api/leagues`: one league, for the console's create form.
struct LeagueSummary: Codable, Sendable {
    var id: String
    var name: String
    var scoring: LeagueScoring
    var games: Int
    var lastPlayed: Int64?
}

/// `GET /api/leagues/ID`: the standings of every period, and the league's games, newest first.
struct LeagueDocument: Codable, Sendable {
    struct Game: Codable, Sendable {
        var key: String
        var code: String
        var title: String
        var startedAt: Int64
    }
    var standings: LeagueStandings
    var games: [Game]
    /// League games left out for a damaged log (`buzzer replay leaderboard --league` names them).
    var skipped: Int
    var seasonStart: String
    var timeZone: String
    /// The owner's aliases (names, and opaque row keys): the page lists them to take one back.
    var teamAliases: [LeagueAlias]
    var playerAliases: [LeagueAlias]
}

/// `GET /api/leagues/ID/games/KEY`: one game's final tables, without device ids.
struct LeagueGameView: Codable, Sendable {
    struct Row: Codable, Sendable {
        var name: String
        var team: String?
        var score: Int
        var rank: Int
    }
    var key: String
    var code: String
    var title: String
    var startedAt: Int64
    var teams: [Row]
    var players: [Row]

    init(_ game: LeagueGame) {
        key = game.key
        code = game.code
        title = game.title
        startedAt = game.startedAt
        teams = game.teams.map { Row(name: $0.name, team: nil, score: $0.score, rank: $0.rank) }
        players = game.players.map { Row(name: $0.nickname, team: $0.team, score: $0.score, rank: $0.rank) }
    }
}

/// `GET /api/leagues/ID/me`: the asking phone's rows and nights.
package struct LeagueMine: Codable, Sendable {
    struct Night: Codable, Sendable {
        var game: String
        var code: String
        var title: String
        var startedAt: Int64
        var nickname: String
        var place: Int
        /// The place before the game's corrections, present only when a correction changed it.
        var placeBefore: Int?
        var score: Int
        /// What the night brought in the league's scoring.
        var points: Int
        var players: Int
        var team: String?
        var teamPlace: Int?
        /// Corrections made to the game after the night, oldest first; absent when none.
        var corrections: [LeagueGame.Correction]?
    }
    var players: [String]
    var teams: [String]
    var nights: [Night]
}
