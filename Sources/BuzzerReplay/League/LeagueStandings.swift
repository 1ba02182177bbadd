import BuzzerGame
import Foundation

/// The standings of one league: for each period (tonight, this week, this month, the season, all
/// time) a table of teams and one of players, with ranks, games played, points, wins and average
/// place, and each row's move since a week ago. The one computation behind both the page's JSON
/// (`GET /api/leagues/ID`) and `buzzer replay leaderboard --league ID`: pure, from the games and the
/// league's entry, with the time (`asOf`) given from outside.
///
/// Identity (docs/league.md, "Who is who"): a team is its name, compared the way a room compares
/// names (`NameSkeleton`: case, accents, width, spacing and look-alike letters), joined further by
/// the owner's team aliases; a player is their name (compared the same way) on one device, so two
/// different "Sam"s on two phones stay two rows, joined further by player aliases. A player whose
/// phone sent no device id is their own row in each game.
///
/// Tie rule: more points first; then the better (lower) average place; then more wins; rows still
/// level share a rank (1, 1, 3) and are listed by name.
package struct LeagueStandings: Sendable, Equatable, Codable {
    package enum Period: String, Codable, Sendable, CaseIterable {
        case tonight, week, month, season, all
    }

    package struct Row: Sendable, Equatable, Codable {
        package var rank: Int
        /// Stable across games and requests: what the phone's "you" and an alias name a row by.
        package var key: String
        package var name: String
        package var games: Int
        package var points: Int
        package var wins: Int
        /// Sum of the places (ranks) of the row's games; `averagePlace` is this over `games`.
        package var placeSum: Int
        package var averagePlace: Double
        /// Places gained (positive) or lost since the same table a week before `asOf`; nil when the
        /// row was not on it (new), or for tonight's and this week's tables.
        package var trend: Int?
        /// A player's team in their latest game of the period.
        package var team: String?
    }

    package struct Table: Sendable, Equatable, Codable {
        package var period: Period
        /// The window's bounds (ms since 1970): games that started from `from` up to `until`.
        package var from: Int64?
        package var until: Int64
        package var games: Int
        package var teams: [Row]
        package var players: [Row]
    }

    package var league: String
    package var name: String
    package var scoring: LeagueScoring
    package var asOf: Int64
    package var tables: [Table]

    /// `games`: the league's finished games (any order). `periods`: which tables to make.
    package init(games: [LeagueGame], entry: LeagueEntry, asOf: Int64, periods: [Period] = Period.allCases) {
        league = entry.id
        name = entry.name
        scoring = entry.scoring
        self.asOf = asOf
        let calendar = Self.calendar(entry)
        let sorted = games.filter { $0.league.id == entry.id }.sorted { ($0.startedAt, $0.key) < ($1.startedAt, $1.key) }
        var identity = Identity(entry: entry, games: sorted)
        let resolved = sorted.map { identity.resolve($0) }
        let keys = (identity.teamRowKeys, identity.playerRowKeys)
        tables = periods.map { period in
            let window = Self.window(period, asOf: asOf, games: sorted, calendar: calendar, entry: entry)
            var table = Self.table(resolved, keys: keys, from: window.from, until: window.until, scoring: entry.scoring, period: period)
            if period != .tonight && period != .week {
                // The same table as it stood a week ago: same start, a week less of games.
                let before = Self.table(resolved, keys: keys, from: window.from, until: asOf - 7 * 86_400_000, scoring: entry.scoring, period: period)
                Self.markTrend(&table.teams, against: before.teams)
                Self.markTrend(&table.players, against: before.players)
            }
            return table
        }
    }

    package func table(_ period: Period) -> Table? { tables.first { $0.period == period } }

    /// The row key the standings give a player (their name on their device, aliases applied).
    package static func playerRowKey(device: String?, name: String, game: String, index: Int, entry: LeagueEntry) -> String {
        var identity = Identity(entry: entry, games: [])
        return identity.find(Identity.playerKey(device: device, name: name, game: game, index: index))
    }

    /// The row keys the standings give these team names among `games`.
    package static func teamRowKeys(for names: [String], games: [LeagueGame], entry: LeagueEntry) -> [String] {
        var identity = Identity(entry: entry, games: games)
        return Array(Set(names.map { identity.teamKey($0).key })).sorted()
    }

    // MARK: - Periods

    /// A night starts at 06:00 local time, so a game after midnight counts for the evening before.
    package static let nightStartHour = 6

    static func calendar(_ entry: LeagueEntry) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: entry.timeZone) ?? TimeZone(identifier: "UTC")!
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }

    /// The start of the night `instant` belongs to.
    static func nightStart(_ instant: Int64, calendar: Calendar) -> Date {
        let shifted = Date(timeIntervalSince1970: Double(instant) / 1000 - Double(nightStartHour * 3600))
        let day = calendar.startOfDay(for: shifted)
        return calendar.date(byAdding: .hour, value: nightStartHour, to: day) ?? day
    }

    static func window(_ period: Period, asOf: Int64, games: [LeagueGame], calendar: Calendar, entry: LeagueEntry) -> (from: Int64?, until: Int64) {
        func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        let night = nightStart(asOf, calendar: calendar)
        let shifted = night  // 06:00 of asOf's night: its day is the night's day
        switch period {
        case .all:
            return (nil, asOf)
        case .tonight:
            // The league's latest night with a game, up to asOf: the end of a night stays on screen next morning.
            guard let latest = games.last(where: { $0.startedAt <= asOf }) else { return (ms(night), asOf) }
            return (ms(nightStart(latest.startedAt, calendar: calendar)), asOf)
        case .week:
            let weekday = calendar.component(.weekday, from: shifted)
            let back = (weekday + 5) % 7  // days since Monday
            return (ms(calendar.date(byAdding: .day, value: -back, to: night) ?? night), asOf)
        case .month:
            let day = calendar.component(.day, from: shifted)
            return (ms(calendar.date(byAdding: .day, value: 1 - day, to: night) ?? night), asOf)
        case .season:
            let (month, day) = entry.seasonMonthDay ?? (1, 1)
            var year = calendar.component(.year, from: shifted)
            func start(_ year: Int) -> Date? {
                calendar.date(from: DateComponents(year: year, month: month, day: day, hour: nightStartHour))
            }
            if let candidate = start(year), candidate > night { year -= 1 }
            return (start(year).map(ms), asOf)
        }
    }

    // MARK: - Tables

    /// One competitor's result in one game, its row already found (`id` indexes the row keys).
    struct Result {
        var id: Int
        var name: String
        var team: String?
        var score: Int
        var rank: Int
    }

    /// A game with each competitor's row resolved.
    struct Resolved {
        var startedAt: Int64
        var teams: [Result]
        var players: [Result]
    }

    /// A row being summed: plain numbers in an array by row id, so a table over a year of games is
    /// one pass of additions (the row keys were hashed once, when the games were resolved).
    private struct Sum {
        var games = 0
        var points = 0
        var wins = 0
        var placeSum = 0
        var name = ""
        var team: String?

        mutating func add(_ result: Result, scoring: LeagueScoring) {
            games += 1
            // Saturating: a hand-edited log with absurd scores must not trap the server.
            let (sum, overflow) = points.addingReportingOverflow(scoring.points(score: result.score, rank: result.rank))
            points = overflow ? (sum < 0 ? Int.min : Int.max) : sum
            placeSum += max(1, min(result.rank, 1_000_000))
            if result.rank == 1 { wins += 1 }
            name = result.name
            team = result.team
        }
    }

    static func table(_ games: [Resolved], keys: (teams: [String], players: [String]), from: Int64?, until: Int64, scoring: LeagueScoring, period: Period) -> Table {
        var teams = [Sum](repeating: Sum(), count: keys.teams.count), players = [Sum](repeating: Sum(), count: keys.players.count)
        var counted = 0
        for game in games {
            if let from, game.startedAt < from { continue }
            if game.startedAt > until { continue }
            counted += 1
            for result in game.teams { teams[result.id].add(result, scoring: scoring) }
            for result in game.players { players[result.id].add(result, scoring: scoring) }
        }
        func rows(_ sums: [Sum], _ keys: [String], teams: Bool) -> [Row] {
            sums.indices.compactMap { id in
                let sum = sums[id]
                guard sum.games > 0 else { return nil }
                return Row(rank: 0, key: keys[id], name: sum.name, games: sum.games, points: sum.points, wins: sum.wins, placeSum: sum.placeSum,
                           averagePlace: 0, trend: nil, team: teams ? nil : sum.team)
            }
        }
        return Table(period: period, from: from, until: until, games: counted,
                     teams: ranked(rows(teams, keys.teams, teams: true)), players: ranked(rows(players, keys.players, teams: false)))
    }

    /// Sorted by the tie rule, with competition ranks (rows level on every criterion share one).
    static func ranked(_ rows: [Row]) -> [Row] {
        // -1: a before b; 0: level on every criterion; 1: b before a.
        func order(_ a: Row, _ b: Row) -> Int {
            if a.points != b.points { return a.points > b.points ? -1 : 1 }
            // Lower average place first, compared exactly: a.placeSum / a.games vs b.placeSum / b.games.
            let left = a.placeSum.multipliedReportingOverflow(by: b.games).partialValue
            let right = b.placeSum.multipliedReportingOverflow(by: a.games).partialValue
            if left != right { return left < right ? -1 : 1 }
            if a.wins != b.wins { return a.wins > b.wins ? -1 : 1 }
            return 0
        }
        var sorted = rows.sorted { a, b in
            let o = order(a, b)
            if o != 0 { return o < 0 }
            let (fa, fb) = (TextNormalizer.fold(a.name), TextNormalizer.fold(b.name))
            return fa != fb ? fa < fb : a.key < b.key
        }
        for index in sorted.indices {
            sorted[index].averagePlace = (Double(sorted[index].placeSum) / Double(max(1, sorted[index].games)) * 100).rounded() / 100
            sorted[index].rank = index > 0 && order(sorted[index - 1], sorted[index]) == 0 ? sorted[index - 1].rank : index + 1
        }
        return sorted
    }

    static func markTrend(_ rows: inout [Row], against before: [Row]) {
        let previous = Dictionary(before.map { ($0.key, $0.rank) }, uniquingKeysWith: { first, _ in first })
        for index in rows.indices {
            rows[index].trend = previous[rows[index].key].map { $0 - rows[index].rank }
        }
    }
}

extension LeagueStandings {
    /// Who is who across games: names to row keys, with the owner's aliases applied.
    struct Identity {
        /// Union-find over name keys (teams) and player keys: an alias joins two sets.
        private var parent: [String: String] = [:]
        /// The name an alias's set is shown under (its `into`), by the set's root.
        private var shown: [String: String] = [:]
        /// Row ids by row key, and the keys by id: rows are summed in arrays, not dictionaries.
        private var teamIDs: [String: Int] = [:], playerIDs: [String: Int] = [:]
        private(set) var teamRowKeys: [String] = [], playerRowKeys: [String] = []
        /// Root → row key, so each team's key is hashed once.
        private var teamKeyOfRoot: [String: String] = [:]

        /// Every union is made before any key is handed out, so a team keeps one key in every game.
        init(entry: LeagueEntry, games: [LeagueGame]) {
            for game in games {
                for team in game.teams {
                    let nodes = Self.teamNodes(team)
                    union(nodes[1], nodes[0])
                }
            }
            for alias in entry.teamAliases {
                let (from, into) = (Self.teamNodes(alias.from), Self.teamNodes(alias.into))
                for node in from + into { union(node, into[0]) }
            }
            for alias in entry.teamAliases {
                shown[find(Self.teamNodes(alias.into)[0])] = alias.into
            }
            for alias in entry.playerAliases {
                union(alias.from, alias.into)
            }
        }

        /// A team name's two look-alike keys: names sharing either are one team, as in a room.
        static func teamNodes(_ name: String) -> [String] {
            let skeleton = NameSkeleton(name)
            return ["c:" + skeleton.caseless, "s:" + skeleton.shaped]
        }

        /// The same, from the keys the reader worked out once for the game (`LeagueGame.Team.nodes`).
        static func teamNodes(_ team: LeagueGame.Team) -> [String] {
            team.nodes.count == 2 ? team.nodes : teamNodes(team.name)
        }

        mutating func find(_ node: String) -> String {
            var root = node
            while let up = parent[root], up != root { root = up }
            var walk = node
            while let up = parent[walk], up != root {
                parent[walk] = root
                walk = up
            }
            return root
        }

        mutating func union(_ a: String, _ b: String) {
            let (ra, rb) = (find(a), find(b))
            if ra != rb { parent[ra] = rb }
        }

        /// The public key of a player: their folded name on their device, hashed so the device id
        /// (what "your nights" is keyed on) never leaves the server.
        static func playerKey(device: String?, name: String, game: String, index: Int) -> String {
            let base = device.map { "d\u{0}\($0)\u{0}\(NameSkeleton(name).caseless)" } ?? "g\u{0}\(game)\u{0}\(index)"
            return "p" + Self.fnv(base)
        }

        /// FNV-1a 64, twice with different offsets, as 32 hex digits: a stable, opaque row key.
        static func fnv(_ text: String) -> String {
            func hash(_ seed: UInt64) -> UInt64 {
                var h = seed
                for byte in text.utf8 {
                    h ^= UInt64(byte)
                    h = h &* 0x100_0000_01b3
                }
                return h
            }
            let (a, b) = (hash(0xcbf2_9ce4_8422_2325), hash(0x8422_2325_cbf2_9ce4))
            return String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16)
        }

        mutating func teamKey(_ name: String) -> (key: String, name: String) {
            teamKey(nodes: Self.teamNodes(name), name: name)
        }

        mutating func teamKey(nodes: [String], name: String) -> (key: String, name: String) {
            let root = find(nodes[0])
            if let key = teamKeyOfRoot[root] { return (key, shown[root] ?? name) }
            let key = "t" + Self.fnv(root)
            teamKeyOfRoot[root] = key
            return (key, shown[root] ?? name)
        }

        private static func intern(_ key: String, _ ids: inout [String: Int], _ keys: inout [String]) -> Int {
            if let id = ids[key] { return id }
            ids[key] = keys.count
            keys.append(key)
            return keys.count - 1
        }

        mutating func resolve(_ game: LeagueGame) -> Resolved {
            var teams: [Result] = [], players: [Result] = []
            teams.reserveCapacity(game.teams.count)
            players.reserveCapacity(game.players.count)
            for team in game.teams {
                let (key, name) = teamKey(nodes: Self.teamNodes(team), name: team.name)
                teams.append(Result(id: Self.intern(key, &teamIDs, &teamRowKeys), name: name, team: nil, score: team.score, rank: team.rank))
            }
            for (index, player) in game.players.enumerated() {
                let own = player.key.isEmpty ? Self.playerKey(device: player.device, name: player.nickname, game: game.key, index: index) : player.key
                let key = parent.isEmpty ? own : find(own)
                players.append(Result(id: Self.intern(key, &playerIDs, &playerRowKeys), name: player.nickname, team: player.team, score: player.score, rank: player.rank))
            }
            return Resolved(startedAt: game.startedAt, teams: teams, players: players)
        }
    }
}

extension String {
    package func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
