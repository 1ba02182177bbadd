import BuzzerArchive
import Foundation
import Glibc

/// The games of an archive (one file, several files, or directories of log files), read in one
/// streaming pass: lines are routed to their game by room code and folded as they come.
package struct ReplayArchive: Sendable {
    /// Every log file, in log order.
    package var files: [String]

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
        // Files named by the writer sort by their first sequence number, whatever order they were given in.
        self.files = files.enumerated().sorted { a, b in
            let sa = ArchiveFileName.firstSeq(of: String(a.element.split(separator: "/").last ?? "")) ?? 0
            let sb = ArchiveFileName.firstSeq(of: String(b.element.split(separator: "/").last ?? "")) ?? 0
            return sa != sb ? sa < sb : a.offset < b.offset
        }.map(\.element)
    }

    package init(files: [String]) {
        self.files = files
    }

    /// Reads the archive. With `code`, only that room code's games are folded (other lines are
    /// skipped after their envelope), but sequence problems are still checked over every line.
    package func scan(
        depth: ReplayDepth, code: String? = nil, keepRooms: Bool = false,
        now: Int64 = Int64(Date().timeIntervalSince1970 * 1000), staleAfterMs: Int64 = defaultStaleAfterMs
    ) throws(ReplayError) -> ReplayScan {
        var scan = ReplayScan()
        var latest: [String: Int] = [:]
        var counts: [String: Int] = [:]
        var open: Set<Int> = []
        let decoder = JSONDecoder()
        let lastFile = files.last

        func finish(_ index: Int) {
            scan.games[index].finish(now: now, staleAfterMs: staleAfterMs)
            if !keepRooms { scan.games[index].room = nil }
            open.remove(index)
        }

        let summary: ArchiveReadSummary
        do {
            summary = try ArchiveReader(files: files).read { item in
                switch item {
                case .line(let line):
                    if let code, line.room != code { return }
                    let index: Int
                    if line.type != "room_created", let current = latest[line.room], open.contains(current) {
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
                    let issue = Self.issue(for: problem, inLastFile: problem.file == lastFile)
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
        } catch {
            throw .archive(error)
        }
        for index in open.sorted() { finish(index) }
        scan.lines = summary.lines
        scan.files = files
        return scan
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
