import BuzzerArchive
import BuzzerGame
import Foundation
import Glibc

/// The games of an archive (one file, several files, or directories of log files), read in one
/// streaming pass: lines are routed to their game by room code and folded as they come.
///
/// Several archives (one per instance behind a proxy, docs/scale-out.md) each number their lines
/// from 1, so each folder's files are one sequence, checked on its own.
package struct ReplayArchive: Sendable {
    /// The log files of each folder, each in log order.
    package var sequences: [[String]]

    /// Every log file.
    package var files: [String] { sequences.flatMap { $0 } }

    /// A game with no `room_ended` whose last event is older than this is abandoned, not running.
    package static let defaultStaleAfterMs: Int64 = 60 * 60 * 1000

    /// Resolves `paths` (files and directories) to log files. A missing path or an empty set of
    /// files is an error, so a typo never looks like an empty archive.
    package init(paths: [String]) throws(ReplayError) {
        var files: [String] = []
        for path in paths {
            var info = stat()
            guard stat(path, &info) == 0 else {
                if errno == ENOENT { throw .missingArchive(path: path) }
                throw .archive(.io(operation: "stat", path: path, errno: errno))
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                let found: [String]
                do { found = try ArchiveFileName.logFiles(in: path) } catch { throw .archive(error) }
                files += found
            } else {
                files.append(path)
            }
        }
        if files.isEmpty { throw .emptyArchive(path: paths.joined(separator: ", ")) }
        // One sequence per folder, in the order the folders were first named. Within it, files named by
        // the writer sort by their first sequence number, whatever order they were given in.
        var folders: [String] = []
        var byFolder: [String: [(offset: Int, file: String)]] = [:]
        for (offset, file) in files.enumerated() {
            let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            if byFolder[folder] == nil { folders.append(folder) }
            byFolder[folder, default: []].append((offset, file))
        }
        self.sequences = folders.map { folder in
            byFolder[folder]!.sorted { a, b in
                let sa = ArchiveFileName.firstSeq(of: String(a.file.split(separator: "/").last ?? "")) ?? 0
                let sb = ArchiveFileName.firstSeq(of: String(b.file.split(separator: "/").last ?? "")) ?? 0
                return sa != sb ? sa < sb : a.offset < b.offset
            }.map(\.file)
        }
    }

    /// Files that form one sequence, in log order.
    package init(files: [String]) {
        self.sequences = [files]
    }

    /// Reads the archive. With `code`, only that room code's games are folded (other lines are
    /// skipped after their envelope), but sequence problems are still checked over every line.
    /// `visit` sees each game once it is settled, room included, before the room is let go: a
    /// reader of every game's details (`replay questions`) never holds more than one room.
    package func scan(
        depth: ReplayDepth, code: String? = nil, keepRooms: Bool = false,
        now: Int64 = Int64(Date().timeIntervalSince1970 * 1000), staleAfterMs: Int64 = defaultStaleAfterMs,
        visit: ((ReplayGame) -> Void)? = nil
    ) throws(ReplayError) -> ReplayScan {
        var fold = Fold(depth: depth, code: code, keepRooms: keepRooms, now: now, staleAfterMs: staleAfterMs)
        fold.visit = visit
        // Corrections come after their game has ended, when its room would be let go: find them first.
        if depth != .summary {
            do { fold.awaited = try ArchiveCorrections.find(in: files) } catch { throw .archive(error) }
        }
        // The newest file of each sequence may end in a write cut short by a crash.
        let lastFiles = Set(sequences.compactMap(\.last))
        var lines = 0
        do {
            for sequence in sequences {
                let summary = try ArchiveReader(files: sequence).read { fold.take($0, lastFiles: lastFiles) }
                lines += summary.lines
                // A game lives in one archive: what is still open at the end of its folder is done.
                fold.finishOpen()
            }
        } catch {
            throw .archive(error)
        }
        fold.finishOpen()
        fold.releaseWaiting()
        fold.scan.lines = lines
        fold.scan.files = files
        return fold.scan
    }

    /// The games of room `code` from its lines alone: `ranges` are where the archive's index says
    /// they are (`ArchiveWriter.ranges(room:)`), so the read costs the game's bytes, not the
    /// archive's. Other rooms' lines, damaged or not, are never read; there is no sequence check
    /// (the ranges skip every other room's numbers).
    package static func scan(
        code: String, ranges: [ArchiveIndex.Location], depth: ReplayDepth, keepRooms: Bool = false,
        now: Int64 = Int64(Date().timeIntervalSince1970 * 1000), staleAfterMs: Int64 = defaultStaleAfterMs
    ) throws(ReplayError) -> ReplayScan {
        var fold = Fold(depth: depth, code: code, keepRooms: true, now: now, staleAfterMs: staleAfterMs)
        do {
            try ArchiveIndex.read(ranges) { item in
                if case .line = item { fold.scan.lines += 1 }
                fold.take(item, lastFiles: [])
            }
        } catch {
            throw .archive(error)
        }
        fold.finishOpen()
        fold.releaseWaiting()
        fold.scan.files = Array(Set(ranges.map(\.file))).sorted()
        return fold.scan
    }

    /// Routes lines to their game by room code and folds them as they come.
    struct Fold {
        let depth: ReplayDepth, code: String?, keepRooms: Bool, now: Int64, staleAfterMs: Int64
        var scan = ReplayScan()
        var latest: [String: Int] = [:]
        var counts: [String: Int] = [:]
        var open: Set<Int> = []
        var visit: ((ReplayGame) -> Void)?
        /// How many corrections each game will still get (by code and start), from the pre-pass.
        var awaited: [ArchiveCorrections.Game: Int] = [:]
        /// Games whose room is kept past their end for the corrections still to come.
        var waiting: Set<Int> = []
        let decoder = JSONDecoder()

        init(depth: ReplayDepth, code: String?, keepRooms: Bool, now: Int64, staleAfterMs: Int64) {
            self.depth = depth
            self.code = code
            self.keepRooms = keepRooms
            self.now = now
            self.staleAfterMs = staleAfterMs
        }

        mutating func finish(_ index: Int) {
            scan.games[index].finish(now: now, staleAfterMs: staleAfterMs)
            open.remove(index)
            let game = ArchiveCorrections.Game(code: scan.games[index].code, start: scan.games[index].startedAt)
            if scan.games[index].isEnded, awaited[game, default: 0] > 0 {
                waiting.insert(index)
                return
            }
            release(index)
        }

        /// Hands a settled game to `visit` and lets its room go.
        mutating func release(_ index: Int) {
            waiting.remove(index)
            visit?(scan.games[index])
            if !keepRooms { scan.games[index].room = nil }
        }

        mutating func finishOpen() {
            for index in open.sorted() { finish(index) }
        }

        /// At the end of the archive: games still waiting for a correction that never came.
        mutating func releaseWaiting() {
            for index in waiting.sorted() { release(index) }
        }

        /// A `game_corrected` line goes to the ended game it names (its code and start), however
        /// many games have used the code since.
        mutating func takeCorrection(_ line: ArchiveLine) {
            let start = (try? line.decode(GameCorrectedTarget.self, decoder: decoder))?.game
            let game = start.map { ArchiveCorrections.Game(code: line.room, start: $0) }
            guard let game, let index = scan.games.lastIndex(where: { $0.code == game.code && $0.startedAt == game.start }),
                  scan.games[index].isEnded else {
                scan.unattributed.append(ReplayIssue(line, .damagedLine, "game_corrected names no ended game of \(line.room) in the archive"))
                return
            }
            scan.games[index].add(line, depth: depth, decoder: decoder)
            if let left = awaited[game] {
                awaited[game] = left - 1
                if left <= 1, waiting.contains(index) { release(index) }
            }
        }

        mutating func take(_ item: ArchiveReadItem, lastFiles: Set<String>) {
            switch item {
            case .line(let line):
                if let code, line.room != code { return }
                if line.type == RoomEvent.gameCorrectedType {
                    takeCorrection(line)
                    return
                }
                let index: Int
                if line.type != RoomEvent.roomCreatedType, let current = latest[line.room], open.contains(current) {
                    index = current
                } else {
                    if let current = latest[line.room], open.contains(current) {
                        scan.games[current].superseded = true
                        finish(current)
                    }
                    counts[line.room, default: 0] += 1
                    scan.games.append(ReplayGame(first: line, number: counts[line.room]!))
                    index = scan.games.count - 1
                    latest[line.room] = index
                    open.insert(index)
                }
                scan.games[index].add(line, depth: depth, decoder: decoder)
                if scan.games[index].isEnded { finish(index) }
            case .problem(let problem):
                let issue = ReplayArchive.issue(for: problem, inLastFile: lastFiles.contains(problem.file))
                switch problem.kind {
                case .corruptLine, .tornLastLine:
                    if let room = problem.room {
                        if let code, room != code { return }
                        if let current = latest[room], open.contains(current) {
                            scan.games[current].issues.append(issue)
                        } else {
                            scan.unattributed.append(issue)
                        }
                    } else {
                        scan.unattributed.append(issue)
                    }
                case .sequenceGap, .sequenceNotIncreasing:
                    scan.sequenceIssues.append(issue)
                    for index in open { scan.games[index].issues.append(issue) }
                }
            }
        }
    }

    static func issue(for problem: ArchiveProblem, inLastFile: Bool) -> ReplayIssue {
        let location = "\(problem.file):\(problem.lineNumber)"
        switch problem.kind {
        case .corruptLine(let reason):
            return ReplayIssue(kind: .damagedLine, location: location, message: "corrupt line: \(reason)")
        case .tornLastLine(let reason, let count):
            // The newest file's tail may be a write in progress or an unacknowledged line cut by a crash.
            return ReplayIssue(severity: inLastFile ? .warning : .error, kind: .damagedLine, location: location,
                               message: "torn last line (\(count) bytes): \(reason)")
        case .sequenceGap(let expected, let found):
            let missing = found - expected
            return ReplayIssue(kind: .sequence, location: location, seq: found,
                               message: "sequence gap: \(missing) line\(missing == 1 ? "" : "s") missing (expected seq \(expected), found \(found))")
        case .sequenceNotIncreasing(let previous, let found):
            return ReplayIssue(kind: .sequence, location: location, seq: found, message: "sequence did not increase: \(found) after \(previous)")
        }
    }
}
