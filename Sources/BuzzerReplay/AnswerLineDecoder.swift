import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// Decodes `answer_recorded` lines, four in five lines of a real archive, straight from their
/// bytes when they have the exact layout the writer produces: format 2 (`sequence`, `player`,
/// `answer`, `response_ms` in declaration order, the instant in `time`) or format 1 (keys
/// sorted, `at` written). Any other shape (escapes, other key order, unexpected fields) returns
/// nil and the caller falls back to `JSONDecoder`, so this only ever changes speed.
/// Kept because a benchmark shows it matters: on the archive of `EVENTS=200000
/// Benchmarks/archive/replay-verify.sh` (203,061 format 2 lines, release, busy 2-core VM),
/// `verify --all` took 2.4 s with it and 3.6–3.8 s without.
enum AnswerLineDecoder {
    private typealias Key = AnswerRecorded.CodingKeys

    /// `,"type":` and the answer event's quoted name, then `,`: where the event's own members begin.
    private static let marker = Array(#","type":"#.utf8) + quoted(AnswerRecorded.wireName) + [UInt8(ascii: ",")]
    // The members as the writer spells them: `"key":` first, `,"key":` after. Format 2 writes them
    // in declaration order without `at`; format 1 sorted by name, `at` included.
    private static let firstSequenceKey = member(.sequence, first: true)
    private static let firstAnswerKey = member(.answer, first: true)
    private static let atKey = member(.at)
    private static let sequenceKey = member(.sequence)
    private static let playerKey = member(.player)
    private static let answerKey = member(.answer)
    private static let responseMsKey = member(.responseMs)

    static func decode(_ line: ArchiveLine) -> AnswerRecorded? {
        decode(line.bytes, version: line.version, time: line.time)
    }

    static func decode(_ line: [UInt8], version: Int, time: Int64) -> AnswerRecorded? {
        line.withUnsafeBytes { bytes in
            guard let start = find(marker, in: bytes) else { return nil }
            var c = JSONByteCursor(bytes, at: start + marker.count)
            switch version {
            case 2:
                guard expect(firstSequenceKey, &c), let sequence = c.integer(),
                      expect(playerKey, &c), let player = c.integer(),
                      expect(answerKey, &c), let answer = answer(&c),
                      expect(responseMsKey, &c), let responseMs = c.integer(),
                      c.literal("}"), c.isAtEnd else { return nil }
                return AnswerRecorded(at: time, sequence: Int(sequence), player: PlayerID(Int(player)), answer: answer, responseMs: responseMs)
            case 1:
                guard expect(firstAnswerKey, &c), let answer = answer(&c),
                      expect(atKey, &c), let at = c.integer(),
                      expect(playerKey, &c), let player = c.integer(),
                      expect(responseMsKey, &c), let responseMs = c.integer(),
                      expect(sequenceKey, &c), let sequence = c.integer(),
                      c.literal("}"), c.isAtEnd else { return nil }
                return AnswerRecorded(at: at, sequence: Int(sequence), player: PlayerID(Int(player)), answer: answer, responseMs: responseMs)
            default:
                return nil
            }
        }
    }

    private static func quoted(_ name: String) -> [UInt8] { [UInt8(ascii: "\"")] + Array(name.utf8) + [UInt8(ascii: "\"")] }

    /// `,"key":` (or `"key":` for the first member), spelled by the event's own coding keys.
    private static func member(_ key: Key, first: Bool = false) -> [UInt8] {
        (first ? [] : [UInt8(ascii: ",")]) + quoted(key.stringValue) + [UInt8(ascii: ":")]
    }

    /// Consumes `expected` if the bytes continue with exactly it.
    private static func expect(_ expected: [UInt8], _ c: inout JSONByteCursor) -> Bool {
        guard c.index + expected.count <= c.bytes.count else { return false }
        for k in expected.indices where c.bytes[c.index + k] != expected[k] { return false }
        c.index += expected.count
        return true
    }

    /// `{"kind":"…",…}` in the exact layout its codec writes (the same in both formats).
    private static func answer(_ c: inout JSONByteCursor) -> AnswerValue? {
        AnswerValue(exactLayout: &c)
    }

    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        // The envelope is short: the marker is within the first couple of hundred bytes.
        outer: for start in 0...min(bytes.count - needle.count, 256) {
            for k in needle.indices where bytes[start + k] != needle[k] { continue outer }
            return start
        }
        return nil
    }
}
