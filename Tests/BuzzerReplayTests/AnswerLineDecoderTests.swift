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
            .choice(2), .poll(0), .multi([]), .multi([0, 3]), .truefalse(true), .truefalse(false), .text("Zoé \"quoted\""),
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
            if let decoded = AnswerLineDecoder.decode(line.bytes) {
                fast += 1
                #expect(RoomEvent.answerRecorded(decoded) == slow, "\(line.text)")
            }
        }
        #expect(fast == values.count - 1)  // the text with escaped quotes takes the slow path
    }

    @Test func linesOfAnyOtherShapeAreLeftToJSONDecoder() {
        let good = #"{"v":1,"seq":1,"time":5,"room":"ABCD","type":"answer_recorded","answer":{"kind":"choice","option":1},"at":5,"player":2,"response_ms":300,"sequence":0}"#
        #expect(AnswerLineDecoder.decode(Array(good.utf8)) != nil)
        let others = [
            good.replacingOccurrences(of: #""player":2,"response_ms":300"#, with: #""response_ms":300,"player":2"#),
            good.replacingOccurrences(of: "}", with: #","extra":1}"#),
            good.replacingOccurrences(of: #""option":1"#, with: #""option":1.5"#),
            good.replacingOccurrences(of: #""kind":"choice""#, with: #""kind":"guess""#),
            good.replacingOccurrences(of: #""player":2"#, with: #""player":99999999999999999999"#),
            String(good.dropLast()),
        ]
        for line in others { #expect(AnswerLineDecoder.decode(Array(line.utf8)) == nil, "\(line)") }
    }

    @Test func generatedGamesDecodeTheSameBothWays() throws {
        let dir = TemporaryDirectory()
        _ = try ArchiveGenerator(seed: 4).generate(events: 3000, directory: dir.path)
        let answers = try lines(of: dir.path).filter { $0.type == "answer_recorded" }
        #expect(answers.count > 1000)
        for line in answers {
            let fast = try #require(AnswerLineDecoder.decode(line.bytes), "\(line.text)")
            #expect(RoomEvent.answerRecorded(fast) == (try line.decode(RoomEvent.self)))
        }
    }
}
