import Foundation
import Testing
@testable import BuzzerArchive

@Suite struct ArchiveRecoveryTests {
    func line(_ seq: UInt64, _ room: String, _ type: String) -> String {
        #"{"v":1,"seq":\#(seq),"time":\#(seq),"room":"\#(room)","type":"\#(type)"}"# + "\n"
    }

    let isTerminal: (ArchiveLine) -> Bool = { $0.type == "game_ended" }

    @Test func returnsRoomsWithoutATerminalEventGroupedAndInOrder() throws {
        let dir = TemporaryDirectory()
        writeFile(dir.file("buzzer-20240101-000000-000000000001.jsonl"),
                  line(1, "AAAA", "room_created") + line(2, "BBBB", "room_created") + line(3, "AAAA", "answer"))
        writeFile(dir.file("buzzer-20240101-010000-000000000004.jsonl"),
                  line(4, "AAAA", "game_ended") + line(5, "BBBB", "answer") + line(6, "CCCC", "room_created"))
        let report = try ArchiveRecovery.openRooms(directory: dir.path, isTerminal: isTerminal)
        #expect(report.problems.isEmpty)
        #expect(report.lastSeq == 6)
        #expect(report.rooms.map(\.room) == ["BBBB", "CCCC"])
        #expect(report.rooms[0].lines.map(\.seq) == [2, 5])
        #expect(report.rooms[1].lines.map(\.type) == ["room_created"])
    }

    @Test func aJoinCodeReusedAfterItsGameEndedStartsAFreshRoom() throws {
        let dir = TemporaryDirectory()
        writeFile(dir.file("buzzer-20240101-000000-000000000001.jsonl"),
                  line(1, "AAAA", "room_created") + line(2, "AAAA", "game_ended") + line(3, "AAAA", "room_created"))
        let report = try ArchiveRecovery.openRooms(directory: dir.path, isTerminal: isTerminal)
        #expect(report.rooms.map { $0.lines.map(\.seq) } == [[3]])
    }

    @Test func aCorruptLineAbandonsOnlyItsRoom() throws {
        let dir = TemporaryDirectory()
        let damaged = String(line(3, "BBBB", "answer").dropLast(3)) + "\n"
        writeFile(dir.file("buzzer-20240101-000000-000000000001.jsonl"),
                  line(1, "AAAA", "room_created") + line(2, "BBBB", "room_created") + damaged
                  + line(4, "BBBB", "answer") + line(5, "AAAA", "answer"))
        let report = try ArchiveRecovery.openRooms(directory: dir.path, isTerminal: isTerminal)
        #expect(report.rooms.map(\.room) == ["AAAA"])
        #expect(report.rooms[0].lines.map(\.seq) == [1, 5])
        #expect(report.abandonedRooms["BBBB"]?.lineNumber == 3)
        // The damaged line's seq is unreadable, so the reader also reports 3 as missing.
        #expect(report.problems.map(\.kind) == [.corruptLine(reason: "not one complete JSON object (cut short?)"), .sequenceGap(expected: 3, found: 4)])
    }

    @Test func lastSeqComesFromTheNewestFileWithALine() throws {
        let dir = TemporaryDirectory()
        writeFile(dir.file("buzzer-20240101-000000-000000000001.jsonl"), line(1, "A", "x") + line(2, "A", "x"))
        writeFile(dir.file("buzzer-20240101-000001-000000000003.jsonl"), "")
        #expect(try ArchiveRecovery.lastSeq(files: dir.logFiles()) == 2)
    }
}
