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
}
