import BuzzerArchive
import Glibc

/// Follows the log files of one or more archive folders and hands the lines appended since the last
/// look to a `LeagueGameReader`: the server's league standings are refreshed by reading only what
/// is new (a game that just ended is a few hundred lines), never the whole log again.
///
/// Per file it keeps how many bytes it consumed, up to the last whole line; a line still being
/// written waits for the next look. Folders are read one after another, each in log order. A file
/// that shrank or vanished (not something the writer does: it only cuts an unfinished last line,
/// which was never consumed) makes `refresh` start over from nothing, so the result is always what
/// one full pass would give.
package struct LeagueArchiveTail: Sendable {
    package let folders: [String]
    private var consumed: [String: Int] = [:]
    /// Whole lines consumed per file, so problems name the right line number.
    private var linesRead: [String: Int] = [:]
    package private(set) var reader = LeagueGameReader()
    /// Bumped whenever a refresh found new lines: the standings cached for an older one are stale.
    package private(set) var version = 0
    /// Folders that could not be listed at the last look (a shared folder not mounted yet).
    package private(set) var unreadable: [String] = []

    package init(folders: [String]) {
        self.folders = folders
    }

    /// Reads whatever was appended since the last call. Returns whether anything new was read.
    @discardableResult
    package mutating func refresh() -> Bool {
        var listed: [(folder: String, files: [String])] = []
        unreadable = []
        for folder in folders {
            do { listed.append((folder, try ArchiveFileName.logFiles(in: folder))) } catch {
                unreadable.append(folder)
            }
        }
        // Start over when a file we read from is gone or shorter than what we consumed of it.
        let present = Set(listed.flatMap(\.files))
        var restart = consumed.keys.contains { !present.contains($0) }
        var sizes: [String: Int] = [:]
        for file in present {
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            sizes[file] = Int(info.st_size)
            if let done = consumed[file], Int(info.st_size) < done { restart = true }
        }
        if restart {
            consumed = [:]
            linesRead = [:]
            reader = LeagueGameReader()
        }
        var changed = restart
        for (_, files) in listed {
            for file in files {
                let done = consumed[file] ?? 0
                guard let size = sizes[file], size > done else { continue }
                let (bytes, lines) = Self.read(file, from: done, upTo: size, firstLine: linesRead[file] ?? 0, into: &reader)
                consumed[file] = done + bytes
                linesRead[file, default: 0] += lines
                changed = changed || consumed[file] != done
            }
        }
        if changed { version += 1 }
        return changed
    }

    /// Reads whole lines of `file` between `start` and `end`; returns the bytes consumed (through
    /// the last newline). A line that fails to parse is handed on as a corrupt line, as the archive
    /// reader would report it.
    private static func read(_ file: String, from start: Int, upTo end: Int, firstLine: Int, into reader: inout LeagueGameReader) -> (bytes: Int, lines: Int) {
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return (0, 0) }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: end - start)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(start + filled)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        var lineStart = 0
        var lineNumber = firstLine
        bytes.withUnsafeBytes { buffer in
            for index in 0..<filled where buffer[index] == 0x0A {
                lineNumber += 1
                let line = UnsafeRawBufferPointer(rebasing: buffer[lineStart..<index])
                switch ArchiveEnvelope.parse(line) {
                case .success(let e) where !LeagueGameReader.wants(e.type):
                    reader.skip()
                case .success(let e):
                    reader.add(ArchiveLine(version: e.v, seq: e.seq, time: e.time, room: e.room, type: e.type, bytes: Array(line), file: file, lineNumber: lineNumber))
                case .failure(let defect):
                    reader.add(.problem(ArchiveProblem(file: file, lineNumber: lineNumber, kind: .corruptLine(reason: defect.reason), room: defect.room)))
                }
                lineStart = index + 1
            }
        }
        return (lineStart, lineNumber - firstLine)
    }
}
