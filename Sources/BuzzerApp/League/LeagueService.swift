import BuzzerArchive
import BuzzerGame
import BuzzerReplay
import Dispatch
import Foundation
import Synchronization

/// The server's leagues (docs/league.md): the league file in memory, the league games read from the
/// archives (`LeagueArchiveTail`, which reads only what was appended since it last looked), and each
/// league's standings JSON cached until a game ends or the file changes. Everything that touches a
/// disk runs on the callers' worker threads or on `writes`, never on a connection's loop; the loop
/// only asks `entry(_:)`, from memory.
///
/// Two locks: `books` (the league file in memory) is held only to copy or swap it, never across a
/// read of the log, a computation or a write to disk, so a `create` on a loop never waits behind one;
/// `state` (the games and the cache) is held across those. Order: `state`, then `books`.
package final class LeagueService: Sendable {
    struct Cached {
        var version: Int
        var bookVersion: Int
        var madeAt: Int64
        var body: [UInt8]
        var etag: String
    }

    struct Books {
        var book = LeagueBook()
        var version = 0
        /// Why the file could not be read (the server runs on with the last good book, or an empty
        /// one; writes are refused rather than overwrite the file).
        var error: String?
        /// The file's size and modification time when it was last read: another instance may write it.
        var fileStamp: FileStamp?
    }

    struct State {
        var tail: LeagueArchiveTail
        var lastRefresh: Int64 = .min
        var cache: [String: Cached] = [:]
        /// `?asOf=` answers (a past date's standings change only with the games or the file).
        var asOfCache: StandingsCache
    }

    let path: String
    let refreshMs: Int64
    private let clock: @Sendable () -> Int64
    private let state: Mutex<State>
    private let books: Mutex<Books>
    /// `?asOf=` computations running, per league and in all (`league.asOfConcurrent*`).
    private let asOfRunning: Mutex<ConcurrencyBound>
    /// The file's writes, one at a time (each ends in an fsync).
    let writes = DispatchQueue(label: "buzzer.league.writes")
    /// The nights, question by question: league games replayed one at a time, off the loops.
    let nights: LeagueNights
    /// Reads the new lines when a league game ends, so the next request finds them ready.
    private let refresher = DispatchQueue(label: "buzzer.league.refresh", qos: .utility)

    /// Cached standings are made again after this long even with no new game (periods move with the clock).
    static let maxAgeMs: Int64 = 60_000

    /// `warm`: read the archives at once, off the loops (the benchmark measures that read itself).
    package init(config: BuzzerConfig, clock: @escaping @Sendable () -> Int64, warm: Bool = true) {
        path = config.league.filePath(archiveDirectory: config.archive.directory)
        refreshMs = Int64(config.league.refreshMilliseconds)
        self.clock = clock
        state = Mutex(State(tail: LeagueArchiveTail(folders: [config.archive.directory] + config.league.archives),
                            asOfCache: StandingsCache(capacity: config.league.asOfCacheEntries)))
        nights = LeagueNights(folders: [config.archive.directory] + config.league.archives, queued: config.league.nightsQueued)
        asOfRunning = Mutex(ConcurrencyBound(perKey: config.league.asOfConcurrentPerLeague, total: config.league.asOfConcurrentTotal))
        var initial = Books()
        initial.fileStamp = FileStamp(path: path)
        do { initial.book = try LeagueBook.load(path: path) } catch { initial.error = error.description }
        books = Mutex(initial)
        // The first read of a long log takes a while: done at start, off the loops, not by the first visitor.
        if warm { refresher.async { [self] in refreshNow() } }
    }

    var bookError: String? { books.withLock { $0.error } }

    /// A league's settings from memory (safe on a loop: the lock is only ever held to copy or swap).
    func entry(_ id: String) -> LeagueEntry? {
        books.withLock { $0.book.entry(id) }
    }

    /// The league file as it stands, and its version.
    private var book: (book: LeagueBook, version: Int) {
        books.withLock { ($0.book, $0.version) }
    }

    /// A game of the league `id` ended on this instance: read its lines off the loops.
    func gameEnded() {
        refresher.async { [self] in refreshNow() }
    }

    /// Reads what was appended to the archives since the last look, now.
    package func refreshNow() {
        state.withLock { state in
            state.tail.refresh()
            state.lastRefresh = clock()
        }
    }

    /// Reads new archive lines if the last look is older than `refreshMs` (other instances' games).
    private func refreshIfStale(_ state: inout State) {
        let now = clock()
        guard state.lastRefresh == .min || now - state.lastRefresh >= refreshMs else { return }
        state.tail.refresh()
        state.lastRefresh = now
        // A shared league file another instance (or an editor) changed: read it again (outside the lock).
        let stamp = FileStamp(path: path)
        guard stamp != books.withLock({ $0.fileStamp }) else { return }
        let loaded: Result<LeagueBook, LeagueBookError>
        do { loaded = .success(try LeagueBook.load(path: path)) } catch { loaded = .failure(error) }
        books.withLock { books in
            books.fileStamp = stamp
            switch loaded {
            case .success(let book):
                books.book = book
                books.error = nil
            case .failure(let error):
                books.error = error.description
            }
            books.version += 1
        }
    }

    /// The league games read so far (for the benchmark).
    package func gamesForBenchmark() -> [LeagueGame] {
        state.withLock { $0.tail.reader.games }
    }

    /// Every league: those in the file, and those only games name.
    func list() -> [LeagueSummary] {
        state.withLock { state in
            refreshIfStale(&state)
            var byID: [String: LeagueSummary] = [:]
            for entry in book.book.leagues {
                byID[entry.id] = LeagueSummary(id: entry.id, name: entry.name, scoring: entry.scoring, games: 0, lastPlayed: nil)
            }
            for game in state.tail.reader.games {
                var summary = byID[game.league.id] ?? LeagueSummary(id: game.league.id, name: game.league.name, scoring: .points, games: 0, lastPlayed: nil)
                summary.games += 1
                summary.lastPlayed = max(summary.lastPlayed ?? .min, game.startedAt)
                byID[game.league.id] = summary
            }
            return byID.values.sorted { ($0.lastPlayed ?? .min, $0.id) > ($1.lastPlayed ?? .min, $1.id) }
        }
    }

    /// The entry for `id`: the file's, else one made from its games (the name of its latest game, total points).
    static func entry(_ id: String, book: LeagueBook, games: [LeagueGame]) -> LeagueEntry? {
        if let entry = book.entry(id) { return entry }
        guard let latest = games.last(where: { $0.league.id == id }) else { return nil }
        return LeagueEntry(id: id, name: latest.league.name)
    }

    /// Takes a slot for one `?asOf=` computation of league `id`; false when the league (or the
    /// server) has its `league.asOfConcurrent*` running already. Asked on the loop: from memory.
    func beginAsOf(_ id: String) -> Bool {
        asOfRunning.withLock { $0.acquire(id) }
    }

    /// Gives back the slot `beginAsOf` took.
    func endAsOf(_ id: String) {
        asOfRunning.withLock { $0.release(id) }
    }

    /// The standings document of `id` as of a past (or future) time, from the cache or computed
    /// outside the lock that live standings need: the games are copied under it (copy-on-write, no
    /// bytes move) and the ten-odd milliseconds of tables are made without it. Callers hold a
    /// `beginAsOf` slot, so at most `league.asOfConcurrent*` run at once.
    func standings(_ id: String, at asOf: Int64) -> (body: [UInt8], etag: String)? {
        let key = StandingsCache.Key(league: id, asOf: asOf)
        enum Step { case unknown, cached([UInt8], String), compute(LeagueEntry, [LeagueGame], Int, Int, Int) }
        let step: Step = state.withLock { state in
            refreshIfStale(&state)
            let (book, bookVersion) = book
            if let hit = state.asOfCache.get(key, version: state.tail.version, bookVersion: bookVersion) {
                return .cached(hit.body, hit.etag)
            }
            let games = state.tail.reader.games
            guard let entry = Self.entry(id, book: book, games: games) else { return .unknown }
            let skipped = state.tail.reader.skipped.filter { $0.league == id }.count
            return .compute(entry, games, skipped, state.tail.version, bookVersion)
        }
        switch step {
        case .unknown: return nil
        case .cached(let body, let etag): return (body, etag)
        case .compute(let entry, let games, let skipped, let version, let bookVersion):
            let made = Self.document(id, entry: entry, games: games, skipped: skipped, asOf: asOf)
            state.withLock { state in
                // Kept only if nothing changed while it was made.
                guard state.tail.version == version else { return }
                state.asOfCache.put(key, StandingsCache.Entry(version: version, bookVersion: bookVersion, body: made.body, etag: made.etag))
            }
            return made
        }
    }

    /// The standings document of league `id` (all periods) as of `asOf`, with its ETag.
    static func document(_ id: String, entry: LeagueEntry, games: [LeagueGame], skipped: Int, asOf: Int64) -> (body: [UInt8], etag: String) {
        let league = games.filter { $0.league.id == id }
        let document = LeagueDocument(
            standings: LeagueStandings(games: league, entry: entry, asOf: asOf),
            games: league.sorted { $0.startedAt > $1.startedAt }.map { LeagueDocument.Game(key: $0.key, code: $0.code, title: $0.title, startedAt: $0.startedAt) },
            skipped: skipped,
            seasonStart: entry.seasonStart, timeZone: entry.timeZone, teamAliases: entry.teamAliases, playerAliases: entry.playerAliases)
        let body = LibraryAPI.encode(document)
        return (body, WebAssets.etag(body))
    }

    /// The league's standings document (all periods), with its ETag; nil when no league has that id.
    /// `asOf` nil: now, served from the cache while nothing changed; a time: `standings(_:at:)`.
    package func standings(_ id: String, asOf: Int64?) -> (body: [UInt8], etag: String)? {
        if let asOf { return standings(id, at: asOf) }
        return state.withLock { state in
            refreshIfStale(&state)
            let now = clock(), (book, bookVersion) = book
            if let cached = state.cache[id], cached.version == state.tail.version, cached.bookVersion == bookVersion,
               now - cached.madeAt < Self.maxAgeMs {
                return (cached.body, cached.etag)
            }
            let games = state.tail.reader.games
            guard let entry = Self.entry(id, book: book, games: games) else { return nil }
            let (body, etag) = Self.document(id, entry: entry, games: games, skipped: state.tail.reader.skipped.filter { $0.league == id }.count, asOf: now)
            state.cache[id] = Cached(version: state.tail.version, bookVersion: bookVersion, madeAt: now, body: body, etag: etag)
            return (body, etag)
        }
    }

    /// One game's final tables (no device ids), for "your nights" links.
    func game(_ id: String, key: String) -> LeagueGameView? {
        state.withLock { state in
            refreshIfStale(&state)
            guard let game = state.tail.reader.games.first(where: { $0.league.id == id && $0.key == key }) else { return nil }
            return LeagueGameView(game)
        }
    }

    /// What a phone may open of a league's games.
    enum Played {
        case unknownLeague
        /// No finished game with that key, or the phone did not play in it: the two look the same.
        case unknownGame
        case game(LeagueGame)
    }

    /// The finished game `key` of league `id`, only when the phone holding `device` played in it:
    /// nobody else learns that it exists, let alone its answers.
    func played(_ id: String, key: String, device: String) -> Played {
        state.withLock { state in
            refreshIfStale(&state)
            let games = state.tail.reader.games
            guard Self.entry(id, book: book.book, games: games) != nil else { return .unknownLeague }
            guard let game = games.last(where: { $0.league.id == id && $0.key == key && $0.players.contains { $0.device == device } }) else {
                return .unknownGame
            }
            return .game(game)
        }
    }

    /// What the phone holding `device` played in the league: its rows and its nights. Only the holder
    /// of the device id can ask, and it is never shown anywhere.
    package func mine(_ id: String, device: String) -> LeagueMine? {
        state.withLock { state in
            refreshIfStale(&state)
            let games = state.tail.reader.games
            guard let entry = Self.entry(id, book: book.book, games: games) else { return nil }
            var mine = LeagueMine(players: [], teams: [], nights: [])
            let league = games.filter { $0.league.id == id }.sorted { $0.startedAt > $1.startedAt }
            var playerKeys: Set<String> = [], teamNames: Set<String> = []
            for game in league {
                for (index, player) in game.players.enumerated() where player.device == device {
                    playerKeys.insert(LeagueStandings.playerRowKey(device: player.device, name: player.nickname, game: game.key, index: index, entry: entry))
                    let team = player.team.flatMap { name in game.teams.first { $0.name == name } }
                    if let name = player.team { teamNames.insert(name) }
                    mine.nights.append(.init(game: game.key, code: game.code, title: game.title, startedAt: game.startedAt, nickname: player.nickname,
                                             place: player.rank, placeBefore: player.rankBefore, score: player.score, points: entry.scoring.points(score: player.score, rank: player.rank),
                                             players: game.players.count, team: player.team, teamPlace: team?.rank, corrections: game.corrections))
                }
            }
            mine.players = playerKeys.sorted()
            mine.teams = LeagueStandings.teamRowKeys(for: Array(teamNames), games: league, entry: entry)
            return mine
        }
    }

    // MARK: - Writing

    enum WriteError: Error {
        case unknownLeague
        case invalid(String)
        case unreadableFile(String)
        case io(String)
    }

    /// Changes one league's entry (made from its games if the file has none) and writes the file
    /// atomically; on a failed write nothing changes in memory.
    func update(_ id: String, _ change: (inout LeagueEntry) throws(WriteError) -> Void) throws(WriteError) -> LeagueEntry {
        dispatchPrecondition(condition: .onQueue(writes))
        let games = state.withLock { state in
            refreshIfStale(&state)
            return state.tail.reader.games
        }
        if let error = bookError { throw .unreadableFile(error) }
        // Writes are one at a time on this queue; only `register` may add a league meanwhile, so the
        // swap below puts this entry into the book as it is then, not as it was read.
        guard var entry = Self.entry(id, book: book.book, games: games) else { throw .unknownLeague }
        try change(&entry)
        if let problem = entry.problem() { throw .invalid(problem) }
        var written = book.book
        written.put(entry)
        try Self.write(written, to: path)
        let stamp = FileStamp(path: path)
        books.withLock { books in
            books.book.put(entry)
            books.version += 1
            books.fileStamp = stamp
        }
        return entry
    }

    /// A new league named by a `create`: kept in memory at once (the room's own line records it too)
    /// and written to the file off the loop.
    func register(_ league: RoomLeague, scoring: LeagueScoring?) {
        let entry = LeagueEntry(id: league.id, name: league.name, scoring: scoring ?? .points)
        let added = books.withLock { books -> Bool in
            guard books.book.entry(league.id) == nil, books.error == nil, books.book.leagues.count < LeagueBook.maxLeagues else { return false }
            books.book.leagues.append(entry)
            books.version += 1
            return true
        }
        guard added else { return }
        writes.async { [self] in
            // The file may have been read back meanwhile (another instance's change): keep the new league.
            let current = books.withLock { books in
                if books.book.entry(entry.id) == nil {
                    books.book.leagues.append(entry)
                    books.version += 1
                }
                return books.book
            }
            try? Self.write(current, to: path)
            let stamp = FileStamp(path: path)
            books.withLock { $0.fileStamp = stamp }
        }
    }

    /// Writes the file unless it would outgrow what `LeagueBook.decode` reads (then nothing is written).
    static func write(_ book: LeagueBook, to path: String) throws(WriteError) {
        let bytes = book.encoded()
        if let problem = LeagueBook.sizeProblem(bytes.count) { throw .invalid(problem) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try? POSIXArchiveFileSystem().createDirectory(folder)
        do { try AtomicFile.write(bytes, to: path, in: folder) } catch { throw .io("\(error)") }
    }

    /// Why a `create` may not start a new league now; nil when it may. The file holds at most
    /// `LeagueBook.maxLeagues` leagues and keeps `newLeagueHeadroom` below its read limit.
    func newLeagueProblem() -> String? {
        books.withLock { books in
            if books.book.leagues.count >= LeagueBook.maxLeagues {
                return "This server keeps at most \(LeagueBook.maxLeagues) leagues, and has them all: play for one of them, or remove unused ones from its league file."
            }
            if let size = books.fileStamp?.size, size > LeagueBook.maxBytes - LeagueBook.newLeagueHeadroom {
                return "The league file is full (\(LeagueBook.maxBytes >> 20) MiB): play for a league it has, or take back aliases first."
            }
            return nil
        }
    }
}

extension LeagueBook {
    /// Replaces the league with `entry`'s id, or adds it.
    mutating func put(_ entry: LeagueEntry) {
        if let index = leagues.firstIndex(where: { $0.id == entry.id }) { leagues[index] = entry } else { leagues.append(entry) }
    }
}
