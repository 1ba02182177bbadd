import Glibc

/// What `repairTail` did to a file.
package struct ArchiveTailRepair: Sendable, Equatable {
    package var path: String
    package var originalSize: Int
    package var repairedSize: Int
    /// Why bytes were removed; nil when the file was already clean.
    package var reason: String?
    package var removedBytes: Int { originalSize - repairedSize }
}

/// A room that was still running when the server stopped, with its lines in log order.
package struct ArchiveRecoveredRoom: Sendable, Equatable {
    package var room: String
    package var lines: [ArchiveLine]
}

/// The result of scanning the log for rooms to resume.
package struct ArchiveRecoveryReport: Sendable {
    /// Rooms without a terminal event and without damaged lines, ordered by their first line.
    package var rooms: [ArchiveRecoveredRoom] = []
    /// Rooms that had a damaged line: their recovery stopped, the problem says where.
    package var abandonedRooms: [String: ArchiveProblem] = [:]
    /// Rooms still running whose lines passed `maxRoomLines`, with how many they had: their lines are
    /// dropped as soon as they pass it, so a room that spammed its log costs no memory to skip.
    package var overBudgetRooms: [String: Int] = [:]
    /// Every problem the reader reported, in order.
    package var problems: [ArchiveProblem] = []
    package var lastSeq: UInt64?
    /// Where every room's lines are in the files read (the writer adopts it: `ArchiveWriter.adoptIndex`).
    package var index = ArchiveIndex()
}

/// Start-up work on an existing log: cut off a torn tail, find the last sequence number, and
/// collect the lines of rooms that were still running.
package enum ArchiveRecovery {
    /// Cuts a torn last line off `path` (no trailing newline, or a last line that does not parse)
    /// with `ftruncate`, then `fsync`s, so appends continue on a clean line boundary. Only the
    /// last line is ever removed; damage further up is left for the reader to report.
    package static func repairTail(path: String) throws(ArchiveError) -> ArchiveTailRepair {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        let size = try fileSize(fd, path: path)
        var repair = ArchiveTailRepair(path: path, originalSize: size, repairedSize: size, reason: nil)
        guard size > 0 else { return repair }

        var window = min(size, 64 << 10)
        while true {
            let start = size - window
            let bytes = try readRange(fd, path: path, offset: start, count: window)
            guard let lastNewline = bytes.lastIndex(of: 0x0A) else {
                if start == 0 {
                    repair.repairedSize = 0
                    repair.reason = "no complete line (\(size) bytes without a newline)"
                    break
                }
                window = min(size, window * 2)
                continue
            }
            let previousNewline = bytes[..<lastNewline].lastIndex(of: 0x0A)
            if previousNewline == nil && start > 0 {
                window = min(size, window * 2)
                continue
            }
            let tornBytes = size - (start + lastNewline + 1)
            let lineStart = previousNewline.map { $0 + 1 } ?? 0
            let parsed = bytes[lineStart..<lastNewline].withUnsafeBytes { ArchiveEnvelope.parse($0) }
            switch parsed {
            case .success:
                if tornBytes > 0 {
                    repair.repairedSize = start + lastNewline + 1
                    repair.reason = "last line has no newline (\(tornBytes) bytes)"
                }
            case .failure(let defect):
                repair.repairedSize = start + lineStart
                repair.reason = tornBytes > 0
                    ? "last line has no newline (\(tornBytes) bytes) and the line before it does not parse: \(defect.reason)"
                    : "last line does not parse: \(defect.reason)"
            }
            break
        }
        if repair.repairedSize < size {
            if ftruncate(fd, off_t(repair.repairedSize)) != 0 { throw .io(operation: "ftruncate", path: path, errno: errno) }
            if fsync(fd) != 0 { throw .io(operation: "fsync", path: path, errno: errno) }
        }
        return repair
    }

    /// The envelope of the last parseable line of `path`, reading backwards from the end.
    package static func lastEnvelope(path: String) throws(ArchiveError) -> ArchiveEnvelope? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        let size = try fileSize(fd, path: path)
        guard size > 0 else { return nil }
        var window = min(size, 64 << 10)
        while true {
            let start = size - window
            let bytes = try readRange(fd, path: path, offset: start, count: window)
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            if start > 0 { lines.removeFirst() }  // may begin mid-line
            for line in lines.reversed() where !line.isEmpty {
                if case .success(let envelope) = line.withUnsafeBytes({ ArchiveEnvelope.parse($0) }) {
                    return envelope
                }
            }
            if start == 0 { return nil }
            window = min(size, window * 2)
        }
    }

    /// The last sequence number in a set of log files (in log order): the newest file with a
    /// parseable line decides.
    package static func lastSeq(files: [String]) throws(ArchiveError) -> UInt64? {
        for file in files.reversed() {
            if let envelope = try lastEnvelope(path: file) { return envelope.seq }
        }
        return nil
    }

    /// Reads `files` and returns the rooms that have no terminal event. Which events end a room
    /// is the game's knowledge, hence `isTerminal` and `startsRoom`. A join code used again after
    /// its terminal event, or whose `startsRoom` line comes again, starts a new room. A damaged line
    /// whose room is legible abandons that room only. An `isAfterward` line (a correction of a finished
    /// game) joins its room when the room is still open, and otherwise opens none. A room still
    /// open with more than `maxRoomLines` lines is left out and listed in `overBudgetRooms`.
    package static func openRooms(
        files: [String], isTerminal: (ArchiveLine) -> Bool, startsRoom: (ArchiveLine) -> Bool = { _ in false },
        isAfterward: (ArchiveLine) -> Bool = { _ in false }, maxRoomLines: Int = .max
    ) throws(ArchiveError) -> ArchiveRecoveryReport {
        var report = ArchiveRecoveryReport()
        var open: [String: [ArchiveLine]] = [:]
        /// Appends `line` to its open room, or counts it once the room is over budget.
        func add(_ line: ArchiveLine) {
            if let counted = report.overBudgetRooms[line.room] {
                report.overBudgetRooms[line.room] = counted + 1
            } else if open[line.room, default: []].count >= maxRoomLines {
                report.overBudgetRooms[line.room] = open[line.room]!.count + 1
                open[line.room] = nil
            } else {
                open[line.room, default: []].append(line)
            }
        }
        let summary = try ArchiveReader(files: files).read { item in
            switch item {
            case .problem(let problem):
                report.problems.append(problem)
                switch problem.kind {
                case .corruptLine, .tornLastLine:
                    if let room = problem.room {
                        open[room] = nil
                        report.abandonedRooms[room] = problem
                    }
                case .sequenceGap, .sequenceNotIncreasing:
                    break
                }
            case .line(let line):
                report.index.add(line)
                if isTerminal(line) {
                    open[line.room] = nil
                    report.abandonedRooms[line.room] = nil
                    report.overBudgetRooms[line.room] = nil
                } else if startsRoom(line) {
                    open[line.room] = [line]
                    report.abandonedRooms[line.room] = nil
                    report.overBudgetRooms[line.room] = nil
                } else if isAfterward(line) {
                    if open[line.room] != nil || report.overBudgetRooms[line.room] != nil { add(line) }
                } else if report.abandonedRooms[line.room] == nil {
                    add(line)
                }
            }
        }
        report.lastSeq = summary.lastSeq
        report.rooms = open.map { ArchiveRecoveredRoom(room: $0.key, lines: $0.value) }
            .sorted { ($0.lines.first?.seq ?? 0) < ($1.lines.first?.seq ?? 0) }
        return report
    }

    /// `openRooms` over every log file of a directory.
    package static func openRooms(
        directory: String, prefix: String? = nil, isTerminal: (ArchiveLine) -> Bool, startsRoom: (ArchiveLine) -> Bool = { _ in false },
        isAfterward: (ArchiveLine) -> Bool = { _ in false }, maxRoomLines: Int = .max
    ) throws(ArchiveError) -> ArchiveRecoveryReport {
        try openRooms(
            files: ArchiveFileName.logFiles(in: directory, prefix: prefix), isTerminal: isTerminal, startsRoom: startsRoom,
            isAfterward: isAfterward, maxRoomLines: maxRoomLines)
    }

    static func fileSize(_ fd: Int32, path: String) throws(ArchiveError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .io(operation: "fstat", path: path, errno: errno) }
        return Int(info.st_size)
    }

    static func readRange(_ fd: Int32, path: String, offset: Int, count: Int) throws(ArchiveError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "pread", path: path, errno: errno)
            }
            if n == 0 { bytes.removeLast(count - done); break }
            done += n
        }
        return bytes
    }
}
