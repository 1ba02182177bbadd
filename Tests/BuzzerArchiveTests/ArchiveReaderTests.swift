import Foundation
import Testing
@testable import BuzzerArchive

@Suite struct ArchiveReaderTests {
    func line(_ seq: UInt64, room: String = "R", type: String = "answer_submitted", extra: String = #","player":"p1""#) -> String {
        #"{"v":1,"seq":\#(seq),"time":\#(1000 + seq),"room":"\#(room)","type":"\#(type)"\#(extra)}"# + "\n"
    }

    @Test func readsEnvelopeAndKeepsRawBytesForTheGameToDecode() throws {
        struct Answer: Decodable, Equatable { var type: String; var player: String }
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        writeFile(path, line(7, room: "QUIZ"))
        let (lines, problems) = try readAll(path)
        #expect(problems.isEmpty)
        let first = try #require(lines.first)
        #expect(first.version == 1)
        #expect(first.seq == 7)
        #expect(first.time == 1007)
        #expect(first.room == "QUIZ")
        #expect(first.type == "answer_submitted")
        #expect(first.lineNumber == 1)
        #expect(first.file == path)
        #expect(try first.decode(Answer.self) == Answer(type: "answer_submitted", player: "p1"))
    }

    @Test func parsesLinesTheFastPathDoesNotCoverThroughJSONDecoder() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        // Hand-edited: keys reordered, spaces, an escaped quote in the room.
        writeFile(path, #"{ "type":"x", "room":"A\"B", "seq":1, "time":-5, "v":1 }"# + "\n")
        let (lines, problems) = try readAll(path)
        #expect(problems.isEmpty)
        #expect(lines.first?.room == #"A"B"#)
        #expect(lines.first?.time == -5)
    }

    /// Found by the archive fuzzer: the fast path read the room of this line as "\u{FFFD}KDLT" and took
    /// it, while `JSONDecoder`, which the slow path uses, refuses the invalid UTF-8.
    @Test func aLineWithInvalidUTF8InItsRoomIsCorruptNotALookAlikeRoom() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        let damaged = Array(#"{"v":2,"seq":2,"time":1,"room":""#.utf8) + [0xE5] + Array(#"KDLT","type":"host_disconnected"}"#.utf8)
        let data = Data(line(1).utf8) + Data(damaged) + Data("\n".utf8) + Data(line(3).utf8)
        try data.write(to: URL(fileURLWithPath: path))
        let (lines, problems) = try readAll(path)
        #expect(lines.map(\.seq) == [1, 3])
        #expect(problems.first?.kind == .corruptLine(reason: "not valid JSON or envelope fields missing"))
        #expect(problems.first?.lineNumber == 2)
        #expect(damaged.withUnsafeBytes { ArchiveEnvelope.parseFast($0) } == nil)
    }

    /// Found by the archive fuzzer: the fast path read `"time":0700100000000` as 700100000000 while
    /// `JSONDecoder` refuses a leading zero (RFC 8259 §6), so the line is corrupt, whatever path reads it.
    @Test func anEnvelopeNumberWithALeadingZeroIsCorrupt() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        let damaged = [
            #"{"v":1,"seq":2,"time":0700100000000,"room":"R","type":"x"}"#,
            #"{"v":1,"seq":02,"time":1,"room":"R","type":"x"}"#,
            #"{"v":01,"seq":2,"time":1,"room":"R","type":"x"}"#,
        ]
        for text in damaged {
            #expect(Array(text.utf8).withUnsafeBytes { ArchiveEnvelope.parseFast($0) } == nil, "\(text)")
            writeFile(path, line(1) + text + "\n" + line(3))
            let (lines, problems) = try readAll(path)
            #expect(lines.map(\.seq) == [1, 3], "\(text)")
            #expect(problems.first?.kind == .corruptLine(reason: "not valid JSON or envelope fields missing"), "\(text)")
        }
        // A single zero is a number.
        #expect(Array(#"{"v":1,"seq":0,"time":0,"room":"R","type":"x"}"#.utf8).withUnsafeBytes { ArchiveEnvelope.parseFast($0) }?.time == 0)
    }

    @Test func reportsACorruptMiddleLineWithItsLineNumberAndReadsOn() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        let cut = String(line(3, room: "BAD").dropLast(8)) + "\n"   // a line cut short, room still legible
        writeFile(path, line(1) + line(2) + cut + line(4) + "garbage\n" + line(5))
        let (lines, problems) = try readAll(path)
        #expect(lines.map(\.seq) == [1, 2, 4, 5])
        #expect(problems.count == 3)
        #expect(problems[0].kind == .corruptLine(reason: "not one complete JSON object (cut short?)"))
        #expect(problems[0].lineNumber == 3)
        #expect(problems[0].room == "BAD")
        #expect(problems[0].file == path)
        #expect(problems[0].description.hasPrefix("\(path):3: corrupt line (room BAD)"))
        #expect(problems[1].kind == .sequenceGap(expected: 3, found: 4))
        #expect(problems[2].kind == .corruptLine(reason: "does not start with '{'"))
        #expect(problems[2].lineNumber == 5)
        #expect(problems[2].room == nil)
    }

    @Test func detectsATornLastLineAndRepairCutsItOff() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        let good = line(1) + line(2)
        writeFile(path, good + #"{"v":1,"seq":3,"time":1003,"room":"R","ty"#)
        let (lines, problems) = try readAll(path)
        #expect(lines.map(\.seq) == [1, 2])
        #expect(problems.count == 1)
        #expect(problems.first?.lineNumber == 3)
        guard case .tornLastLine(_, let count) = problems.first?.kind else {
            Issue.record("expected a torn last line, got \(problems)")
            return
        }
        #expect(count == 41)

        let repair = try ArchiveRecovery.repairTail(path: path)
        #expect(repair.removedBytes == 41)
        #expect(fileSize(path) == good.utf8.count)
        #expect(try readAll(path).problems.isEmpty)
        #expect(try ArchiveRecovery.repairTail(path: path).reason == nil, "repair is idempotent")
    }

    @Test func anUnparseableLastLineCountsAsTorn() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        let good = line(1)
        // Zero-filled tail with a newline, as some file systems leave after a power cut.
        writeFile(path, good + String(repeating: "\0", count: 10) + "\n")
        let problems = try readAll(path).problems
        #expect(problems.count == 1)
        #expect(problems.first?.kind == .tornLastLine(reason: "contains NUL bytes (unwritten space after a crash?)", byteCount: 11))
        let repair = try ArchiveRecovery.repairTail(path: path)
        #expect(repair.repairedSize == good.utf8.count)
    }

    @Test func repairEmptiesAFileWithoutAnyCompleteLine() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        writeFile(path, #"{"v":1,"se"#)
        let repair = try ArchiveRecovery.repairTail(path: path)
        #expect(repair.repairedSize == 0)
        #expect(fileSize(path) == 0)
    }

    @Test func reportsSequenceGapsAndDuplicates() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        writeFile(path, line(1) + line(2) + line(5) + line(5) + line(3) + line(6))
        let (lines, problems) = try readAll(path)
        #expect(lines.count == 6)
        #expect(problems.map(\.kind) == [
            .sequenceGap(expected: 3, found: 5),
            .sequenceNotIncreasing(previous: 5, found: 5),
            .sequenceNotIncreasing(previous: 5, found: 3),
        ])
        #expect(problems.map(\.lineNumber) == [3, 4, 5])
    }

    @Test func readsADirectoryOfSeveralFilesInSequenceOrder() throws {
        let dir = TemporaryDirectory()
        // The wall clock stepped back between the second and third file: names disagree with
        // time, the first sequence number in the name still orders them.
        writeFile(dir.file(ArchiveFileName.make(prefix: "buzzer", timeMilliseconds: 1_700_000_000_000, firstSeq: 1)), line(1) + line(2))
        writeFile(dir.file(ArchiveFileName.make(prefix: "buzzer", timeMilliseconds: 1_700_000_100_000, firstSeq: 3)), line(3))
        writeFile(dir.file(ArchiveFileName.make(prefix: "buzzer", timeMilliseconds: 1_600_000_000_000, firstSeq: 4)), line(4) + line(5))
        writeFile(dir.file("notes.txt"), "not a log\n")
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == [1, 2, 3, 4, 5])
        #expect(lines.map(\.lineNumber) == [1, 2, 1, 1, 2])
        #expect(Set(lines.map(\.file)).count == 3)
    }

    @Test func splitsLinesCorrectlyAtEveryChunkSize() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("a.jsonl")
        var text = ""
        for seq in 1...20 {
            text += line(UInt64(seq), extra: #","pad":""# + String(repeating: "x", count: seq * 7) + #"""#)
        }
        writeFile(path, text)
        for chunk in [16, 17, 31, 64, 100, 257, 4096] {
            var seqs: [UInt64] = []
            var problemCount = 0
            try ArchiveReader(files: [path], chunkSize: chunk).read { item in
                switch item {
                case .line(let l): seqs.append(l.seq)
                case .problem: problemCount += 1
                }
            }
            #expect(seqs == Array(1...20), "chunk size \(chunk)")
            #expect(problemCount == 0, "chunk size \(chunk)")
        }
    }

    @Test func fileNamesCarryUTCTimeAndFirstSequence() {
        let name = ArchiveFileName.make(prefix: "buzzer", timeMilliseconds: 1_700_000_000_000, firstSeq: 42)
        #expect(name == "buzzer-20231114-221320-000000000042.jsonl")
        #expect(ArchiveFileName.firstSeq(of: name) == 42)
        #expect(ArchiveFileName.firstSeq(of: "other.txt") == nil)
        #expect(ArchiveFileName.utcDay(86_399_999) == 0)
        #expect(ArchiveFileName.utcDay(86_400_000) == 1)
        #expect(ArchiveFileName.utcDay(-1) == -1)
    }
}
