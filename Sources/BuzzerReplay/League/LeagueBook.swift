import BuzzerGame
import Foundation

/// How a league turns a game's result into standings points (docs/league.md, "Scoring").
package enum LeagueScoring: String, Codable, Sendable, CaseIterable {
    /// Each game's own score (the team standing, or the player's score), summed.
    case points
    /// League points by place in each game: 10, 8, 6, 5, 4, 3, 2, 1, then 0 (`placePoints`).
    /// Competitors sharing a place in a game each get that place's points.
    case places

    /// League points for 1st, 2nd, … 8th place; 9th and below get none.
    package static let placePoints = [10, 8, 6, 5, 4, 3, 2, 1]

    package func points(score: Int, rank: Int) -> Int {
        switch self {
        case .points: score
        case .places: rank >= 1 && rank <= Self.placePoints.count ? Self.placePoints[rank - 1] : 0
        }
    }
}

/// Two names the league owner says are one competitor: "Owls" = "The Owls" (teams, by name), or
/// one player row joined to another (players, by the row `key` the standings show).
package struct LeagueAlias: Codable, Sendable, Equatable, Hashable {
    package var from: String
    package var into: String

    package init(from: String, into: String) {
        self.from = from
        self.into = into
    }
}

/// One league's own settings, kept in the league file (`leagues.json`).
package struct LeagueEntry: Codable, Sendable, Equatable {
    package var id: String
    package var name: String
    package var scoring: LeagueScoring = .points
    /// Where the league plays: days, weeks and months are counted in this time zone (an IANA name).
    package var timeZone: String = "UTC"
    /// The first day of each season, `MM-DD` (a season runs a year from it).
    package var seasonStart: String = "01-01"
    package var teamAliases: [LeagueAlias] = []
    package var playerAliases: [LeagueAlias] = []

    package init(id: String, name: String, scoring: LeagueScoring = .points) {
        self.id = id
        self.name = name
        self.scoring = scoring
    }

    private enum CodingKeys: String, CodingKey { case id, name, scoring, timeZone, seasonStart, teamAliases, playerAliases }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        name = try c.decode(String.self, forKey: .name)
        scoring = try c.decodeIfPresent(LeagueScoring.self, forKey: .scoring) ?? .points
        timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone) ?? "UTC"
        seasonStart = try c.decodeIfPresent(String.self, forKey: .seasonStart) ?? "01-01"
        teamAliases = try c.decodeIfPresent([LeagueAlias].self, forKey: .teamAliases) ?? []
        playerAliases = try c.decodeIfPresent([LeagueAlias].self, forKey: .playerAliases) ?? []
    }

    /// At most this many aliases of each kind per league.
    package static let maxAliases = 1000
    /// An alias's names are 1 to this many characters (a team name, or a player row key).
    package static let aliasLength: ClosedRange<Int> = 1...64
    /// …and at most this many bytes of UTF-8, as a team name may be (`InputBounds.Bytes.name`): one
    /// character can hold any number of combining marks, so 64 characters alone bound nothing.
    package static let aliasMaxBytes = InputBounds.Bytes.name
    /// A league's name, its time zone: at most this many bytes each (the name is also 1 to 60 characters).
    package static let textMaxBytes = InputBounds.Bytes.name

    /// The season's first month and day, when `seasonStart` reads as one.
    package var seasonMonthDay: (month: Int, day: Int)? {
        let parts = seasonStart.split(separator: "-")
        guard seasonStart.utf8.count == 5, parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]),
              (1...12).contains(month), (1...28).contains(day) else { return nil }
        return (month, day)
    }

    /// Why this entry cannot be used; nil when it can.
    package func problem() -> String? {
        if let problem = RoomLeague(id: id, name: name).problem() { return problem }
        guard name.utf8.count <= Self.textMaxBytes else { return "a league name may be at most \(Self.textMaxBytes) bytes of UTF-8" }
        guard timeZone.utf8.count <= Self.textMaxBytes, TimeZone(identifier: timeZone) != nil else { return "timeZone \"\(timeZone.prefix(64))\" is not a time zone name (such as Europe/London)" }
        guard seasonMonthDay != nil else { return "seasonStart must be MM-DD with a day from 01 to 28 (found \"\(seasonStart.prefix(16))\")" }
        for (kind, aliases) in [("teamAliases", teamAliases), ("playerAliases", playerAliases)] {
            guard aliases.count <= Self.maxAliases else { return "\(kind) holds more than \(Self.maxAliases) aliases" }
            for alias in aliases {
                for name in [alias.from, alias.into] where !Self.aliasLength.contains(name.count) || name.utf8.count > Self.aliasMaxBytes
                    || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    return "\(kind): \"\(name.prefix(64))\" must be 1 to \(Self.aliasLength.upperBound) characters (at most \(Self.aliasMaxBytes) bytes) without control characters"
                }
            }
        }
        return nil
    }
}

/// Why the league file cannot be used, in words an operator can act on.
package struct LeagueBookError: Error, Sendable, Equatable, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "the league file \(path) cannot be used: \(reason)" }
}

/// The league file: every league's name, scoring, time zone, season and aliases, one JSON document
/// (`{"leagues":[…]}`) beside the archive. The games themselves are in the archive; this file holds
/// only what the owner set.
package struct LeagueBook: Codable, Sendable, Equatable {
    package var leagues: [LeagueEntry] = []

    package init(leagues: [LeagueEntry] = []) {
        self.leagues = leagues
    }

    /// At most this many leagues in one file.
    package static let maxLeagues = 1000
    /// A league file larger than this is refused rather than read. Full alias lists of every league
    /// would not fit (1,000 leagues × 2,000 aliases of up to 512-byte names), so the server never writes
    /// a file past it (`sizeProblem`): the change that would is refused and the file stays readable.
    package static let maxBytes = 16 << 20
    /// What a `create` keeps free before it starts a new league: a new entry is under 1 KiB, and
    /// several creates may add theirs before the file is written.
    package static let newLeagueHeadroom = 64 << 10

    /// Why `bytes`, this book encoded, may not be written; nil when it may.
    package static func sizeProblem(_ bytes: Int) -> String? {
        bytes <= maxBytes ? nil : "the league file would grow past \(maxBytes >> 20) MiB (its read limit): take back aliases or remove unused leagues from it first"
    }

    package func entry(_ id: String) -> LeagueEntry? {
        leagues.first { $0.id == id }
    }

    /// Reads and checks a league file's bytes.
    package static func decode(_ bytes: [UInt8], path: String) throws(LeagueBookError) -> LeagueBook {
        guard bytes.count <= maxBytes else { throw LeagueBookError(path: path, reason: "it is over \(maxBytes >> 20) MiB") }
        let book: LeagueBook
        do { book = try JSONDecoder().decode(LeagueBook.self, from: Data(bytes)) } catch {
            throw LeagueBookError(path: path, reason: "it is not a league file (\(Self.describe(error)))")
        }
        guard book.leagues.count <= maxLeagues else { throw LeagueBookError(path: path, reason: "it holds more than \(maxLeagues) leagues") }
        var seen: Set<String> = []
        for (index, entry) in book.leagues.enumerated() {
            if let problem = entry.problem() { throw LeagueBookError(path: path, reason: "leagues[\(index)]: \(problem)") }
            guard seen.insert(entry.id).inserted else { throw LeagueBookError(path: path, reason: "leagues[\(index)]: the id \(entry.id) is used twice") }
        }
        return book
    }

    /// Reads the file at `path`; a missing file is an empty book (no league has settings yet).
    package static func load(path: String) throws(LeagueBookError) -> LeagueBook {
        guard FileManager.default.fileExists(atPath: path) else { return LeagueBook() }
        guard let data = FileManager.default.contents(atPath: path) else { throw LeagueBookError(path: path, reason: "it cannot be read") }
        return try decode(Array(data), path: path)
    }

    /// The file's bytes: pretty, keys sorted, so an edit by hand diffs cleanly.
    package func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data("{\"leagues\":[]}".utf8)) + [0x0A]
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?: "\(Self.path(context.codingPath + [key])) is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: "\(Self.path(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context)?: context.codingPath.isEmpty ? "not valid JSON" : "\(Self.path(context.codingPath)): \(context.debugDescription)"
        default: "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop(while: { $0 == "." }).description
    }
}
