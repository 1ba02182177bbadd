import Glibc

/// Where each room's lines are in the log: per envelope `room`, the byte ranges (file, offset,
/// length, newlines included) that hold its lines, in log order. The archive knows no game, so the
/// key is the envelope's room, nothing inside the event.
///
/// The writer keeps one as it appends (`ArchiveWriter.ranges(room:)`), and the start-up read of
/// the log rebuilds it for the files written before (`ArchiveRecovery.openRooms`), so reading one
/// game back costs the game's bytes, not the archive's. Lines that follow each other in a file
/// share one range, so a room that had the log to itself is a few ranges per file; when rooms
/// interleave, each line is a range, packed in about 5 bytes (`ArchiveSpanList`).
package struct ArchiveIndex: Sendable, Equatable {
    /// One run of a room's lines in one file.
    package struct Location: Sendable, Equatable, CustomStringConvertible {
        package var file: String
        package var offset: Int
        package var length: Int

        package init(file: String, offset: Int, length: Int) {
            self.file = file
            self.offset = offset
            self.length = length
        }

        package var description: String { "\(file)@\(offset)+\(length)" }
    }

    typealias Span = ArchiveSpanList.Span

    private var files: [String] = []
    private var fileIDs: [String: Int32] = [:]
    private var spans: [String: ArchiveSpanList] = [:]

    package init() {}

    /// Rooms indexed.
    package var roomCount: Int { spans.count }

    /// Ranges held, all rooms together (the index's size).
    package var rangeCount: Int { spans.values.reduce(0) { $0 + $1.count } }

    /// Bytes the rooms' ranges take: the packed ranges and each room's fixed record, not the room
    /// names, the file names or the storage's growth slack (a count, for the size tests).
    package var bytesHeld: Int {
        spans.values.reduce(0) { $0 + $1.packedBytes + MemoryLayout<ArchiveSpanList>.stride }
    }

    /// Bytes the rooms' packed ranges have reserved, growth slack included.
    package var bytesReserved: Int { spans.values.reduce(0) { $0 + $1.reservedBytes } }

    /// Files the index names.
    package var indexedFiles: Set<String> { Set(files) }

    /// Notes a line of `room` at `offset` in `file`, `length` bytes with its newline. Lines must be
    /// added in log order; one that starts where the room's last range ends extends that range.
    package mutating func add(room: String, file: String, offset: Int, length: Int) {
        guard length > 0, offset >= 0 else { return }
        let id: Int32
        // Lines come a file at a time: the last file's id is asked for again and again.
        if let last = files.last, last == file {
            id = Int32(truncatingIfNeeded: files.count - 1)
        } else if let known = fileIDs[file] {
            id = known
        } else {
            id = Int32(truncatingIfNeeded: files.count)
            files.append(file)
            fileIDs[file] = id
        }
        // One lookup of the room, changed in place.
        spans[room, default: ArchiveSpanList()].add(Span(file: id, offset: offset, length: length))
    }

    /// Notes a line the reader returned (its bytes and the newline after them).
    package mutating func add(_ line: ArchiveLine) {
        add(room: line.room, file: line.file, offset: line.offset, length: line.bytes.count + 1)
    }

    /// The room's ranges in log order; empty for a room the index has not seen.
    package func ranges(room: String) -> [Location] {
        var list: [Location] = []
        guard let room = spans[room] else { return list }
        list.reserveCapacity(room.count)
        room.forEach { list.append(Location(file: files[Int($0.file)], offset: $0.offset, length: $0.length)) }
        return list
    }

    /// Every room's ranges, for comparing two indexes made differently.
    package var allRanges: [String: [Location]] {
        spans.keys.reduce(into: [:]) { $0[$1] = ranges(room: $1) }
    }

    /// Drops a room (a game that is over and no longer served).
    package mutating func forget(room: String) {
        spans[room] = nil
    }

    /// Gives back the room's storage slack: its game is over and it writes little more.
    package mutating func compact(room: String) {
        spans[room]?.compact()
    }

    /// The index of `rooms` only (the rest dropped).
    package func keeping(rooms: Set<String>) -> ArchiveIndex {
        var kept = self
        kept.spans = spans.filter { rooms.contains($0.key) }
        return kept
    }

    /// Adds `other`'s ranges for files this index does not name yet, in front of its own: `other`
    /// is the rebuild of the files written before this index started.
    package mutating func adopt(_ other: ArchiveIndex) {
        let mine = indexedFiles
        var merged = ArchiveIndex()
        for (room, list) in other.spans {
            list.forEach { span in
                let file = other.files[Int(span.file)]
                if !mine.contains(file) { merged.add(room: room, file: file, offset: span.offset, length: span.length) }
            }
        }
        for (room, list) in spans {
            list.forEach { merged.add(room: room, file: files[Int($0.file)], offset: $0.offset, length: $0.length) }
        }
        self = merged
    }

    /// Reads every line of `files` (in log order) and indexes it: what `ArchiveRecovery` builds at
    /// start-up, here on its own for tools and tests.
    package static func build(files: [String]) throws(ArchiveError) -> ArchiveIndex {
        var index = ArchiveIndex()
        try ArchiveReader(files: files).read { item in
            if case .line(let line) = item { index.add(line) }
        }
        return index
    }

    /// Reads the lines in `ranges` and nothing else: one `pread` per range. A line whose envelope
    /// does not parse (the file changed under the index) is a `corruptLine` problem; there is no
    /// sequence check, since the ranges skip other rooms' lines. Lines carry their offset; their
    /// line number is 0 (the index does not count lines).
    package static func read(_ ranges: [Location], _ body: (ArchiveReadItem) -> Void) throws(ArchiveError) {
        var open: [String: Int32] = [:]
        defer { for fd in open.values { close(fd) } }
        for range in ranges {
            let fd: Int32
            if let known = open[range.file] {
                fd = known
            } else {
                fd = Glibc.open(range.file, O_RDONLY | O_CLOEXEC)
                guard fd >= 0 else { throw .io(operation: "open", path: range.file, errno: errno) }
                open[range.file] = fd
            }
            let bytes = try ArchiveRecovery.readRange(fd, path: range.file, offset: range.offset, count: range.length)
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                let line = bytes[start..<end]
                let offset = range.offset + start
                start = end + 1
                let parsed = line.withUnsafeBytes { ArchiveEnvelope.parse($0) }
                switch parsed {
                case .success(let e):
                    body(.line(ArchiveLine(version: e.v, seq: e.seq, time: e.time, room: e.room, type: e.type, bytes: Array(line), file: range.file, lineNumber: 0, offset: offset)))
                case .failure(let defect):
                    body(.problem(ArchiveProblem(file: range.file, lineNumber: 0, kind: .corruptLine(reason: "\(defect.reason) (at byte \(offset))"), room: defect.room)))
                }
            }
        }
    }
}
