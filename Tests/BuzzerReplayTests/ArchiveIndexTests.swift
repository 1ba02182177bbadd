import BuzzerArchive
import BuzzerGame
import Dispatch
import Foundation
import Testing
@testable import BuzzerReplay

/// Issue 28, defect 4: a game's results are read through the archive's index, from the game's own
/// lines: the writer keeps the index as it appends, the start-up read rebuilds the same one, and a
/// read through it never touches another game's lines, damaged or not.
@Suite struct ArchiveIndexTests {
    /// Two games played at the same time, their events interleaved in the log as a server writes them.
    static func interleaved() throws -> (PlayedGame, PlayedGame, [(code: String, event: RoomEvent)]) {
        let ours = try PlayedGame.wholeGame(code: "ABCD")
        let other = try PlayedGame.wholeGame(code: "WXYZ", teams: ("Owls", "Foxes"))
        var events: [(code: String, event: RoomEvent)] = []
        for position in 0..<max(ours.log.count, other.log.count) {
            if position < ours.log.count { events.append(("ABCD", ours.log[position])) }
            if position < other.log.count { events.append(("WXYZ", other.log[position])) }
        }
        return (ours, other, events)
    }

    /// Writes `events` as the server does and returns the index the writer kept.
    static func write(_ events: [(code: String, event: RoomEvent)], to directory: String) throws -> ArchiveIndex {
        let writer = try ArchiveWriter(config: ArchiveConfig(directory: directory, durability: .none, maxFileBytes: 16 << 10))
        // One line a batch (each waits for the last), so the small files fill and rotate mid-game.
        let written = DispatchSemaphore(value: 0)
        for (code, event) in events {
            try writer.append(room: code, time: event.at, encoding: event) { _ in written.signal() }
            written.wait()
        }
        writer.close()
        return writer.currentIndex
    }

    @Test func theIndexRebuiltFromTheFilesEqualsTheOneKeptWhileWriting() throws {
        let dir = TemporaryDirectory()
        let (_, _, events) = try Self.interleaved()
        let kept = try Self.write(events, to: dir.path)
        let files = try dir.logFiles()
        #expect(files.count > 1, "small files: the games cross file boundaries")
        let rebuilt = try ArchiveIndex.build(files: files)
        #expect(rebuilt.allRanges == kept.allRanges)
        #expect(kept.roomCount == 2)
        // The start-up read (recovery's) builds it too.
        let recovery = try ArchiveRecovery.openRooms(files: files, isTerminal: { _ in false })
        #expect(recovery.index.allRanges == kept.allRanges)

        // The ranges hold exactly the room's lines, no byte of another room's.
        var bytes: [String: Int] = [:]
        try ArchiveReader(files: files).read { item in
            if case .line(let line) = item { bytes[line.room, default: 0] += line.bytes.count + 1 }
        }
        for room in ["ABCD", "WXYZ"] {
            #expect(kept.ranges(room: room).reduce(0) { $0 + $1.length } == bytes[room], "\(room)")
            var rooms: Set<String> = []
            try ArchiveIndex.read(kept.ranges(room: room)) { item in
                if case .line(let line) = item { rooms.insert(line.room) }
            }
            #expect(rooms == [room])
        }
    }

    @Test func aGameDownloadsFromItsOwnLinesWhenAnotherGamesLinesAreDamaged() throws {
        let dir = TemporaryDirectory()
        let (ours, _, events) = try Self.interleaved()
        let index = try Self.write(events, to: dir.path)
        let before = try AnswerExport.rows(of: scan(dir.path).game(GameReference(code: "ABCD")))

        // Every line of the other game overwritten in place by bytes no reader can parse.
        for file in try dir.logFiles() {
            var text = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (n, line) in text.enumerated() where line.contains(#""room":"WXYZ""#) {
                text[n] = String(repeating: "#", count: line.utf8.count)
            }
            try text.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        }
        // The whole-archive scan sees the damage (every other number is missing) and charges it to ours.
        let whole = try scan(dir.path).game(GameReference(code: "ABCD"))
        #expect(!whole.issues.isEmpty)

        let through = try ReplayArchive.scan(code: "ABCD", ranges: index.ranges(room: "ABCD"), depth: .replay, keepRooms: true,
                                             now: 1_700_000_000_000 + 3_600_000)
        let game = try through.game(GameReference(code: "ABCD"))
        #expect(game.issues.isEmpty)
        #expect(through.unattributed.isEmpty && through.sequenceIssues.isEmpty)
        #expect(through.lines == ours.log.count)
        #expect(try AnswerExport.rows(of: game) == before)
    }

    @Test func linesThatFollowEachOtherShareARangeAndAdoptionKeepsWhatTheWriterWrote() {
        var index = ArchiveIndex()
        index.add(room: "ABCD", file: "a", offset: 0, length: 10)
        index.add(room: "ABCD", file: "a", offset: 10, length: 5)
        index.add(room: "WXYZ", file: "a", offset: 15, length: 7)
        index.add(room: "ABCD", file: "a", offset: 22, length: 3)
        index.add(room: "ABCD", file: "b", offset: 0, length: 4)
        #expect(index.ranges(room: "ABCD") == [.init(file: "a", offset: 0, length: 15), .init(file: "a", offset: 22, length: 3), .init(file: "b", offset: 0, length: 4)])
        #expect(index.rangeCount == 4)

        // The writer has written file b since start; the start-up read also saw a (older) and b.
        var writer = ArchiveIndex()
        writer.add(room: "ABCD", file: "b", offset: 0, length: 4)
        writer.adopt(index)
        #expect(writer.ranges(room: "ABCD") == index.ranges(room: "ABCD"), "b is not counted twice, a comes first")
        writer.forget(room: "ABCD")
        #expect(writer.ranges(room: "ABCD").isEmpty)
        #expect(index.keeping(rooms: ["WXYZ"]).allRanges == ["WXYZ": [.init(file: "a", offset: 15, length: 7)]])
    }

    // MARK: - Issue 43: the ranges packed

    /// The plain list the index must answer with: a line extends the room's last range when it
    /// starts where that ends, in the same file (and the length stays an `Int`).
    struct Reference {
        var rooms: [String: [ArchiveIndex.Location]] = [:]

        mutating func add(room: String, file: String, offset: Int, length: Int) {
            if let last = rooms[room]?.last, last.file == file, last.offset.addingReportingOverflow(last.length) == (offset, false),
               case let (sum, false) = last.length.addingReportingOverflow(length) {
                rooms[room]![rooms[room]!.count - 1].length = sum
            } else {
                rooms[room, default: []].append(.init(file: file, offset: offset, length: length))
            }
        }
    }

    /// Rooms interleaved at random as a server writes them (seeded), files rotating: some lines
    /// follow their room's last, most follow another room's.
    static func interleavedLog(seed: UInt64, rooms: Int, lines: Int, fileBytes: Int) -> [(room: String, file: String, offset: Int, length: Int)] {
        var random = SplitMix64(seed: seed)
        var log: [(room: String, file: String, offset: Int, length: Int)] = []
        var file = 0, offset = 0, room = 0
        for _ in 0..<lines {
            if Int.random(in: 0..<4, using: &random) != 0 { room = Int.random(in: 0..<rooms, using: &random) }
            let length = Int.random(in: 100...200, using: &random)
            if offset + length > fileBytes { (file, offset) = (file + 1, 0) }
            log.append(("R\(room)", "/log/buzzer-\(file).jsonl", offset, length))
            offset += length
        }
        return log
    }

    @Test(arguments: [1, 7, 43] as [UInt64])
    func interleavedRoomsComeBackExactlyAsAPlainListWouldHoldThem(seed: UInt64) {
        var index = ArchiveIndex(), reference = Reference()
        for line in Self.interleavedLog(seed: seed, rooms: 40, lines: 20_000, fileBytes: 256 << 10) {
            index.add(room: line.room, file: line.file, offset: line.offset, length: line.length)
            reference.add(room: line.room, file: line.file, offset: line.offset, length: line.length)
        }
        #expect(index.allRanges == reference.rooms)
        #expect(index.rangeCount == reference.rooms.values.reduce(0) { $0 + $1.count })
        #expect(index.roomCount == reference.rooms.count)
        #expect(index.indexedFiles == Set(reference.rooms.values.joined().map(\.file)))
    }

    @Test func offsetsAndLengthsUpToIntMaxComeBackWithoutTrapping() {
        var index = ArchiveIndex(), reference = Reference()
        let lines: [(String, String, Int, Int)] = [
            ("A", "a", 0, Int.max),             // the longest range there can be
            ("A", "a", Int.max, 1),             // starts where it ends, but the sum is no Int: a range of its own
            ("B", "a", Int.max - 2, 1),         // back in the file (another room), length 1
            ("B", "a", Int.max - 1, 1),         // follows: merged, ends at Int.max
            ("B", "b", Int.max, 1),             // another file, offset Int.max
            ("B", "a", 5, 1),                   // back to the first file, far back
            ("B", "a", Int.max - 1, 1),         // and far forward again
            ("C", "b", 1 << 62, Int.max - (1 << 62)),
            ("C", "b", 0, 1),
        ]
        for (room, file, offset, length) in lines {
            index.add(room: room, file: file, offset: offset, length: length)
            reference.add(room: room, file: file, offset: offset, length: length)
        }
        #expect(index.ranges(room: "A") == [.init(file: "a", offset: 0, length: Int.max), .init(file: "a", offset: Int.max, length: 1)])
        #expect(index.ranges(room: "B").first == .init(file: "a", offset: Int.max - 2, length: 2))
        #expect(index.allRanges == reference.rooms)
        #expect(index.rangeCount == 8)
        // Refused, changing nothing: a negative offset, an empty or negative length.
        let before = index
        index.add(room: "A", file: "a", offset: -1, length: 3)
        index.add(room: "A", file: "a", offset: 4, length: 0)
        index.add(room: "D", file: "c", offset: 4, length: Int.min)
        #expect(index == before)
    }

    @Test func aRoomsLinesAcrossFileChangesAndAdjacentLinesMerge() {
        var index = ArchiveIndex()
        index.add(room: "A", file: "a", offset: 0, length: 10)
        index.add(room: "A", file: "a", offset: 10, length: 10)   // adjacent: merged
        index.add(room: "B", file: "a", offset: 20, length: 10)
        index.add(room: "A", file: "a", offset: 30, length: 10)
        index.add(room: "A", file: "b", offset: 40, length: 10)   // same offset as the end, another file: not merged
        index.add(room: "A", file: "b", offset: 50, length: 10)   // adjacent in b: merged
        index.add(room: "A", file: "c", offset: 0, length: 10)
        index.add(room: "A", file: "b", offset: 60, length: 10)   // b again after c: not merged
        #expect(index.ranges(room: "A") == [
            .init(file: "a", offset: 0, length: 20), .init(file: "a", offset: 30, length: 10), .init(file: "b", offset: 40, length: 20),
            .init(file: "c", offset: 0, length: 10), .init(file: "b", offset: 60, length: 10),
        ])
        #expect(index.rangeCount == 6 && index.roomCount == 2)
        #expect(index.ranges(room: "B") == [.init(file: "a", offset: 20, length: 10)])
        #expect(index.ranges(room: "nobody").isEmpty)
    }

    /// 500 rooms in lockstep, 400 lines each of about 150 bytes (a gap of ~75 KB and a length: 5
    /// bytes a line), files rotating at 16 MiB: at most 6 bytes a line, where whole ranges took 24.
    @Test func fiveHundredInterleavedRoomsHoldAtMostSixBytesALine() {
        var random = SplitMix64(seed: 43)
        var index = ArchiveIndex()
        var file = 0, offset = 0
        for _ in 0..<400 {
            for room in 0..<500 {
                let length = Int.random(in: 120...180, using: &random)
                if offset + length > 16 << 20 { (file, offset) = (file + 1, 0) }
                index.add(room: "R\(room)", file: "/log/buzzer-\(file).jsonl", offset: offset, length: length)
                offset += length
            }
        }
        #expect(index.rangeCount == 500 * 400)
        #expect(index.bytesHeld <= 6 * 500 * 400, "\(index.bytesHeld) bytes")
        // A game's end gives the room's growth slack back: what is reserved is then about what is held.
        for room in 0..<500 { index.compact(room: "R\(room)") }
        #expect(index.bytesReserved <= index.bytesHeld, "\(index.bytesReserved) reserved, \(index.bytesHeld) held")
        #expect(index.ranges(room: "R499").count == 400)
    }

    /// Once a game's end is durable, the room gives back its packed ranges' growth slack
    /// (`LiveRoom` calls `compactIndexed`); the ranges stay the same.
    @Test func theWritersIndexGivesBackARoomsSlackWhenItsGameEnds() throws {
        let dir = TemporaryDirectory()
        let (_, _, events) = try Self.interleaved()
        let writer = try ArchiveWriter(config: ArchiveConfig(directory: dir.path, durability: .none))
        defer { writer.close() }
        let written = DispatchSemaphore(value: 0)
        for (code, event) in events {
            try writer.append(room: code, time: event.at, encoding: event) { _ in written.signal() }
            written.wait()
        }
        let before = writer.currentIndex
        #expect(before.rangeCount == events.count, "two rooms interleaved line by line: a range a line")
        writer.compactIndexed(room: "ABCD")
        writer.compactIndexed(room: "WXYZ")
        let after = writer.currentIndex
        #expect(after.allRanges == before.allRanges)
        #expect(after.bytesHeld == before.bytesHeld)
        #expect(after.bytesReserved <= after.bytesHeld, "\(after.bytesReserved) reserved, \(after.bytesHeld) held")
    }
}

