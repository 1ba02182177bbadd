import BuzzerArchive
import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

/// The fast path for answer lines must decode exactly what `JSONDecoder` decodes, or defer to it.
@Suite struct AnswerLineDecoderTests {
    private func lines(of directory: String) throws -> [ArchiveLine] {
        var lines: [ArchiveLine] = []
        try ArchiveReader(path: directory).read { if case .line(let line) = $0 { lines.append(line) } }
        return lines
    }

    @Test func everyAnswerKindDecodesAsJSONDecoderDoes() throws {
        let dir = TemporaryDirectory()
        let values: [AnswerValue] = [
            .option(2), .vote(0), .options([]), .options([0, 3]), .bool(true), .bool(false), .text("Zoé \"quoted\""),
            .text("plain"), .text("ünïcödé 🎉"), .number(1969), .number(-2.5), .number(1e-7), .number(6.02e23),
        ]
        let events = values.enumerated().map { offset, value in
            (code: "ABCD", event: RoomEvent.answerRecorded(AnswerRecorded(
                at: 1_700_000_000_000 + Int64(offset), sequence: offset, player: PlayerID(offset + 1), answer: value, responseMs: Int64(100 * offset))))
        }
        try writeArchive(events, to: dir.path)
        let read = try lines(of: dir.path)
        #expect(read.count == values.count)
        var fast = 0
        for line in read {
            let slow = try line.decode(RoomEvent.self)
            if let decoded = AnswerLineDecoder.decode(line) {
                fast += 1
                #expect(RoomEvent.answerRecorded(decoded) == slow, "\(line.text)")
            }
        }
        #expect(fast == values.count - 1)  // the text with escaped quotes takes the slow path
    }

    @Test func linesOfAnyOtherShapeAreLeftToJSONDecoder() {
        let v2 = #"{"v":2,"seq":1,"time":5,"room":"ABCD","type":"answer_recorded","sequence":0,"player":2,"answer":{"kind":"choice","option":1},"response_ms":300}"#
        let v1 = #"{"v":1,"seq":1,"time":5,"room":"ABCD","type":"answer_recorded","answer":{"kind":"choice","option":1},"at":5,"player":2,"response_ms":300,"sequence":0}"#
        let expected = AnswerRecorded(at: 5, sequence: 0, player: PlayerID(2), answer: .option(1), responseMs: 300)
        #expect(AnswerLineDecoder.decode(Array(v2.utf8), version: 2, time: 5) == expected)
        #expect(AnswerLineDecoder.decode(Array(v1.utf8), version: 1, time: 5) == expected)
        #expect(AnswerLineDecoder.decode(Array(v1.utf8), version: 2, time: 5) == nil)
        #expect(AnswerLineDecoder.decode(Array(v2.utf8), version: 3, time: 5) == nil)
        let others = [
            v2.replacingOccurrences(of: #""sequence":0,"player":2"#, with: #""player":2,"sequence":0"#),
            v2.replacingOccurrences(of: "300}", with: #"300,"extra":1}"#),
            v2.replacingOccurrences(of: #""option":1"#, with: #""option":1.5"#),
            v2.replacingOccurrences(of: #""kind":"choice""#, with: #""kind":"guess""#),
            v2.replacingOccurrences(of: #""player":2"#, with: #""player":99999999999999999999"#),
            String(v2.dropLast()),
        ]
        for line in others { #expect(AnswerLineDecoder.decode(Array(line.utf8), version: 2, time: 5) == nil, "\(line)") }
        let olderOthers = [
            v1.replacingOccurrences(of: #""player":2,"response_ms":300"#, with: #""response_ms":300,"player":2"#),
            v1.replacingOccurrences(of: "0}", with: #"0,"extra":1}"#),
            String(v1.dropLast()),
        ]
        for line in olderOthers { #expect(AnswerLineDecoder.decode(Array(line.utf8), version: 1, time: 5) == nil, "\(line)") }
    }

    /// Found by the archive fuzzer: the fast path read `"value":0955` as 955 through `Double(String)`,
    /// where `JSONDecoder` refuses the line. Numbers outside RFC 8259 §6 must be left to the slow path.
    @Test func numbersJSONDecoderRefusesAreNotReadByTheFastPath() throws {
        let template = #"{"v":2,"seq":1,"time":5,"room":"ABCD","type":"answer_recorded","sequence":0,"player":2,"answer":{"kind":"number","value":VALUE},"response_ms":300}"#
        for value in ["0955", "+1", ".5", "1.", "-", "1e", "1e+", "--1", "1.5.2", "-01"] {
            let line = ArchiveLine(version: 2, seq: 1, time: 5, room: "ABCD", type: "answer_recorded",
                                   bytes: Array(template.replacingOccurrences(of: "VALUE", with: value).utf8), file: "t", lineNumber: 1)
            #expect(AnswerLineDecoder.decode(line) == nil, "\(value)")
            #expect(throws: (any Error).self, "\(value)") { try line.decode(RoomEvent.self) }
        }
        for (value, number) in [("0", 0.0), ("-0.5", -0.5), ("1969", 1969), ("6.02e23", 6.02e23), ("1E-7", 1e-7), ("2e+3", 2000)] {
            let line = ArchiveLine(version: 2, seq: 1, time: 5, room: "ABCD", type: "answer_recorded",
                                   bytes: Array(template.replacingOccurrences(of: "VALUE", with: value).utf8), file: "t", lineNumber: 1)
            #expect(AnswerLineDecoder.decode(line)?.answer == .number(number), "\(value)")
            #expect(try line.decode(RoomEvent.self) == .answerRecorded(try #require(AnswerLineDecoder.decode(line))))
        }
    }

    @Test func generatedGamesDecodeTheSameBothWays() throws {
        let dir = TemporaryDirectory()
        _ = try ArchiveGenerator(seed: 4).generate(events: 3000, directory: dir.path)
        let answers = try lines(of: dir.path).filter { $0.type == "answer_recorded" }
        #expect(answers.count > 1000)
        for line in answers {
            let fast = try #require(AnswerLineDecoder.decode(line), "\(line.text)")
            #expect(RoomEvent.answerRecorded(fast) == (try line.decode(RoomEvent.self)))
        }
    }
}
