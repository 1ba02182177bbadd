import Glibc

/// One thing the reader found: a good line, or a problem to decide about.
package enum ArchiveReadItem: Sendable {
    case line(ArchiveLine)
    case problem(ArchiveProblem)
}

/// What a whole read saw.
package struct ArchiveReadSummary: Sendable, Equatable {
    package var lines = 0
    package var problems = 0
    package var lastSeq: UInt64?
    package var bytes = 0
}

/// Streams the lines of one or more log files in order, reporting torn and corrupt lines and
/// sequence gaps as items instead of aborting, so one bad line costs one room, not the whole log.
///
/// Reads 1 MiB chunks and splits on '\n' in place; a line becomes an `ArchiveLine` (one copy of
/// its bytes) only after its envelope parsed.
package struct ArchiveReader: Sendable {
    package var files: [String]
    package var chunkSize: Int

    package init(files: [String], chunkSize: Int = 1 << 20) {
        self.files = files
        self.chunkSize = max(chunkSize, 16)
    }

    /// A reader over `path`: a single file, or every `.jsonl` file of a directory in log order.
    package init(path: String, prefix: String? = nil) throws(ArchiveError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .io(operation: "stat", path: path, errno: errno) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            self.init(files: try ArchiveFileName.logFiles(in: path, prefix: prefix))
        } else {
            self.init(files: [path])
        }
    }

    /// Calls `body` for every line and problem, in file order. Throws only when a file cannot be read.
    @discardableResult
    package func read(_ body: (ArchiveReadItem) -> Void) throws(ArchiveError) -> ArchiveReadSummary {
        var summary = ArchiveReadSummary()
        var previousSeq: UInt64?
        for file in files {
            // A defect is held back one line: if nothing follows it, it is the torn tail of a crash.
            var held: (lineNumber: Int, defect: ArchiveLineDefect, count: Int)?
            var fileOffset = 0
            try Self.scanLines(path: file, chunkSize: chunkSize) { lineNumber, bytes, terminated in
                summary.bytes += bytes.count + (terminated ? 1 : 0)
                let lineOffset = fileOffset
                fileOffset += bytes.count + (terminated ? 1 : 0)
                if let h = held {
                    summary.problems += 1
                    body(.problem(ArchiveProblem(file: file, lineNumber: h.lineNumber, kind: .corruptLine(reason: h.defect.reason), room: h.defect.room)))
                    held = nil
                }
                guard terminated else {
                    let defect: ArchiveLineDefect
                    switch ArchiveEnvelope.parse(bytes) {
                    case .success(let envelope): defect = ArchiveLineDefect(reason: "no trailing newline", room: envelope.room)
                    case .failure(let d): defect = ArchiveLineDefect(reason: "no trailing newline; \(d.reason)", room: d.room)
                    }
                    summary.problems += 1
                    body(.problem(ArchiveProblem(file: file, lineNumber: lineNumber, kind: .tornLastLine(reason: defect.reason, byteCount: bytes.count), room: defect.room)))
                    return
                }
                switch ArchiveEnvelope.parse(bytes) {
                case .failure(let defect):
                    held = (lineNumber, defect, bytes.count + 1)
                case .success(let envelope):
                    if let previous = previousSeq {
                        if envelope.seq <= previous {
                            summary.problems += 1
                            body(.problem(ArchiveProblem(file: file, lineNumber: lineNumber, kind: .sequenceNotIncreasing(previous: previous, found: envelope.seq), room: envelope.room)))
                        } else if envelope.seq != previous + 1 {
                            summary.problems += 1
                            body(.problem(ArchiveProblem(file: file, lineNumber: lineNumber, kind: .sequenceGap(expected: previous + 1, found: envelope.seq), room: envelope.room)))
                        }
                    }
                    previousSeq = max(previousSeq ?? 0, envelope.seq)
                    summary.lastSeq = previousSeq
                    summary.lines += 1
                    body(.line(ArchiveLine(version: envelope.v, seq: envelope.seq, time: envelope.time, room: envelope.room, type: envelope.type, bytes: Array(bytes), file: file, lineNumber: lineNumber, offset: lineOffset)))
                }
            }
            if let h = held {
                summary.problems += 1
                body(.problem(ArchiveProblem(file: file, lineNumber: h.lineNumber, kind: .tornLastLine(reason: h.defect.reason, byteCount: h.count), room: h.defect.room)))
            }
        }
        return summary
    }

    /// Splits a file into lines. `body` gets the 1-based line number, the bytes without the
    /// newline, and whether a newline ended the line (false only for the last, torn line).
    static func scanLines(path: String, chunkSize: Int, _ body: (Int, UnsafeRawBufferPointer, Bool) -> Void) throws(ArchiveError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(operation: "open", path: path, errno: errno) }
        defer { close(fd) }
        var capacity = chunkSize
        var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var filled = 0
        var lineNumber = 0
        while true {
            if filled == capacity {
                // One line longer than the buffer: grow rather than split it.
                let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity * 2, alignment: 16)
                bigger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = bigger
                capacity *= 2
            }
            let n = Glibc.read(fd, buffer.baseAddress! + filled, capacity - filled)
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(operation: "read", path: path, errno: errno)
            }
            if n == 0 {
                if filled > 0 {
                    lineNumber += 1
                    body(lineNumber, UnsafeRawBufferPointer(rebasing: buffer[0..<filled]), false)
                }
                return
            }
            let end = filled + n
            var start = 0
            var searchFrom = filled
            let base = UnsafeRawPointer(buffer.baseAddress!)
            while searchFrom < end, let hit = memchr(base + searchFrom, 0x0A, end - searchFrom) {
                let newline = UnsafeRawPointer(hit) - base
                lineNumber += 1
                body(lineNumber, UnsafeRawBufferPointer(start: base + start, count: newline - start), true)
                start = newline + 1
                searchFrom = start
            }
            let rest = end - start
            if start > 0, rest > 0 {
                memmove(buffer.baseAddress!, buffer.baseAddress! + start, rest)
            }
            filled = rest
        }
    }
}
