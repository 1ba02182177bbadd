import BuzzerArchive
import BuzzerReplay
import Dispatch
import Foundation
import Synchronization

/// "Your nights", question by question (`GET /api/leagues/ID/me/games/KEY`, docs/league.md): a
/// league game replayed from its own lines through `ReplayArchive`, the code `replay export` and
/// the results download use, corrections applied, and read for one device (`PlayerNight`).
///
/// Bounded: the replays run one at a time on `queue` (the route's), never on a loop and never
/// holding the worker pool, and at most `league.nightsQueued` requests wait there (`admit`); each replayed game is kept for the next phone of the same night,
/// keyed on its corrections count (a correction makes a new key, so a night follows it), at most
/// `capacity` games, the least recently used let go first.
final class LeagueNights: Sendable {
    /// A game as the league reader knows it, and how many corrections it had then.
    struct Key: Hashable, Sendable {
        var game: String
        var corrections: Int
    }

    private struct Cache: Sendable {
        var games: [Key: (game: ReplayGame, used: UInt64)] = [:]
        var tick: UInt64 = 0
    }

    /// Games kept replayed: a night's phones open the same one.
    static let capacity = 8

    /// This instance's archive first, then `league.archives`: where a league game may be.
    let folders: [String]
    /// The route runs here: one replay at a time.
    let queue = DispatchQueue(label: "buzzer.league.nights", qos: .utility)
    private let cache = Mutex(Cache())
    /// Requests admitted to `queue` and not answered yet, at most `league.nightsQueued`.
    private let admitted: Mutex<ConcurrencyBound>

    init(folders: [String], queued: Int = LeagueConfig().nightsQueued) {
        self.folders = folders
        admitted = Mutex(ConcurrencyBound(perKey: queued, total: queued))
    }

    /// Takes a place on `queue` for one request, if one is free (asked on the loop: from memory).
    func admit() -> Bool { admitted.withLock { $0.acquire("") } }

    /// Gives back the place `admit` gave, once the request is answered.
    func release() { admitted.withLock { $0.release("") } }

    /// Requests admitted and not answered yet.
    var admittedCount: Int { admitted.withLock { $0.runningTotal } }

    /// Why a night could not be read.
    enum ReadError: Error, CustomStringConvertible {
        /// The game is in no archive this server reads (a folder unmounted, files removed).
        case notFound(String)
        case unreadable(String, String)

        var description: String {
            switch self {
            case .notFound(let game): "the lines of game \(game) are in no archive this server reads"
            case .unreadable(let game, let reason): "the lines of game \(game) cannot be read: \(reason)"
            }
        }
    }

    /// `device`'s night in `game`; nil when no player of the game joined from it. `ranges` are
    /// where this instance's archive index puts the game's room code (empty: not indexed here).
    func night(of game: LeagueGame, device: String, ranges: [ArchiveIndex.Location]) throws(ReadError) -> PlayerNight? {
        dispatchPrecondition(condition: .onQueue(queue))
        let key = Key(game: game.key, corrections: game.corrections?.count ?? 0)
        if let hit = cached(key) { return PlayerNight(hit, device: device) }
        return PlayerNight(try read(game, ranges: ranges, key: key), device: device)
    }

    private func cached(_ key: Key) -> ReplayGame? {
        cache.withLock { cache in
            guard let hit = cache.games[key] else { return nil }
            cache.tick += 1
            cache.games[key]!.used = cache.tick
            return hit.game
        }
    }

    /// Reads the game's lines: through the index when this instance has it, else a pass over the
    /// folders that decodes only lines of its room code.
    private func read(_ game: LeagueGame, ranges: [ArchiveIndex.Location], key: Key) throws(ReadError) -> ReplayGame {
        func pick(_ scan: ReplayScan) -> ReplayGame? {
            scan.games.last { $0.startedAt == game.startedAt && $0.status == .finished && $0.room != nil }
        }
        var found: ReplayGame?
        if !ranges.isEmpty, let scan = try? ReplayArchive.scan(code: game.code, ranges: ranges, depth: .replay, keepRooms: true) {
            found = pick(scan)
        }
        if found == nil {
            let present = folders.filter { FileManager.default.fileExists(atPath: $0) }
            do {
                found = pick(try ReplayArchive(paths: present).scan(depth: .replay, code: game.code, keepRooms: true))
            } catch {
                throw .unreadable(game.key, "\(error)")
            }
        }
        guard let found else { throw .notFound(game.key) }
        cache.withLock { cache in
            cache.tick += 1
            // Older corrections of the same game are never asked for again.
            cache.games = cache.games.filter { $0.key.game != key.game }
            if cache.games.count >= Self.capacity, let oldest = cache.games.min(by: { $0.value.used < $1.value.used })?.key {
                cache.games[oldest] = nil
            }
            cache.games[key] = (found, cache.tick)
        }
        return found
    }
}
