import BuzzerArchive
import BuzzerGame
import BuzzerReplay
import Dispatch
import Glibc
import Synchronization

/// The server's `QuestionIndex` (docs/replay-season.md, "The question index"): built at start on its own
/// utility queue, never on a connection's loop, from every archive the server reads
/// (`archive.directory` and `league.archives`, as `LeagueService` reads them). Until that first
/// build is done, `snapshot()` is nil and the route answers "not ready" (503).
///
/// Kept fresh on the same queue: a game that ends on this instance and counts (a league game or a
/// library pack's, `QuestionIndex.counts`) is read from its own lines and added (`gameEnded`), an
/// anonymous inline-pack game reads nothing; a correction of a game that counts, and a change of the
/// log files of `watched` (the other instances' archives, `league.archives`, looked at by a lookup
/// at most every `checkMs`), build the whole index again. This instance's own log is not watched: it
/// grows with every answer of a running game, and a build reads the whole archive (`buzzer bench
/// questions` times it). Builds asked for while one runs are folded into one more; lookups
/// meanwhile read the last index.
package final class QuestionIndexService: Sendable {
    /// The index and what the archive looked like when it was built.
    package struct Snapshot: Sendable {
        package var index: QuestionIndex
        package var builtAt: Int64
        /// Why the last build failed (the previous index is kept), or nil.
        package var problem: String?
    }

    private struct State {
        var snapshot: Snapshot?
        var building = false
        var again = false
        var stamp: [String: Int] = [:]
        var lastCheck: Int64 = .min
    }

    let folders: [String]
    /// The folders whose growth a lookup checks for (other instances' games).
    let watched: [String]
    private let clock: @Sendable () -> Int64
    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "buzzer.questions.index", qos: .utility)
    /// How often a lookup may look at the other instances' log files (as often as the league's cache ages).
    static let checkMs: Int64 = 60_000

    /// `warm`: start the first build now (tests and the benchmark may build it themselves).
    package init(folders: [String], watched: [String] = [], clock: @escaping @Sendable () -> Int64, warm: Bool = true) {
        self.folders = folders
        self.watched = watched
        self.clock = clock
        if warm { rebuild() }
    }

    /// The index as last built; nil until the first build is done.
    package func snapshot() -> Snapshot? {
        let now = clock()
        let (snapshot, check) = state.withLock { state -> (Snapshot?, Bool) in
            let due = !watched.isEmpty && state.snapshot != nil && !state.building && (state.lastCheck == .min || now - state.lastCheck >= Self.checkMs)
            if due { state.lastCheck = now }
            return (state.snapshot, due)
        }
        if check { queue.async { [self] in if Self.stamp(watched) != state.withLock({ $0.stamp }) { rebuild() } } }
        return snapshot
    }

    /// A game ended on this instance (its last line is durable). One that counts is read from its own
    /// lines, where `ranges` (the archive's index) says they are, and added off the loops: the cost
    /// is the game's bytes, not the archive's. One that does not count costs nothing.
    package func gameEnded(_ room: Room, ranges: @escaping @Sendable () -> [ArchiveIndex.Location]) {
        guard QuestionIndex.counts(room) else { return }
        let code = room.code, startedAt = room.createdAt
        queue.async { [self] in
            // Builds run on this queue too: one asked for and not started yet reads this game anyway.
            guard state.withLock({ $0.snapshot != nil && !$0.building }) else { return }
            // A room already let go (`rooms.endedRoomRetentionSeconds` 0, or pushed out by newer ended
            // rooms) has no ranges left: its game is read by a build, as before.
            guard let scan = try? ReplayArchive.scan(code: code, ranges: ranges(), depth: .replay, keepRooms: true, now: clock()),
                  let game = scan.games.last(where: { $0.startedAt == startedAt }) else { return rebuild() }
            let now = clock()
            state.withLock { state in
                if state.snapshot?.index.add(game) == true { state.snapshot?.builtAt = now }
            }
        }
    }

    /// A game of this instance was corrected: one that counts is in the index with its old figures,
    /// so the index is built again; one that does not count is not in it.
    package func gameCorrected(_ room: Room) {
        if QuestionIndex.counts(room) { rebuild() }
    }

    /// Starts a build on the queue, or asks the running one for another after it.
    package func rebuild() {
        let start = state.withLock { state -> Bool in
            if state.building { state.again = true; return false }
            state.building = true
            return true
        }
        if start { queue.async { [self] in buildLoop() } }
    }

    /// Builds now on the caller's thread (tests, the benchmark).
    package func buildNow() {
        let stamp = Self.stamp(watched)
        let made = Self.build(folders, now: clock())
        state.withLock { state in
            state.stamp = stamp
            switch made {
            case .success(let index): state.snapshot = Snapshot(index: index, builtAt: clock())
            case .failure(let error):
                state.snapshot = Snapshot(index: state.snapshot?.index ?? QuestionIndex(), builtAt: clock(), problem: error.description)
            }
        }
    }

    private func buildLoop() {
        while true {
            buildNow()
            let more = state.withLock { state -> Bool in
                if state.again { state.again = false; return true }
                state.building = false
                return false
            }
            if !more { return }
        }
    }

    private static func build(_ folders: [String], now: Int64) -> Result<QuestionIndex, ReplayError> {
        do { return .success(try QuestionIndex.build(folders: folders, now: now)) } catch { return .failure(error) }
    }

    /// Each log file's size: what changes when a line is appended anywhere.
    static func stamp(_ folders: [String]) -> [String: Int] {
        var sizes: [String: Int] = [:]
        for folder in folders {
            guard let files = try? ArchiveFileName.logFiles(in: folder) else { continue }
            for file in files {
                var info = stat()
                if stat(file, &info) == 0 { sizes[file] = Int(info.st_size) }
            }
        }
        return sizes
    }
}
