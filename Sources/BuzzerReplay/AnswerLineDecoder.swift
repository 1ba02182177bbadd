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
    private static let marker = Array(#","type":"answer_recorded","#.utf8)

    static func decode(_ line: ArchiveLine) -> AnswerRecorded? {
        decode(line.bytes, version: line.version, time: line.time)
    }

    static func decode(_ line: [UInt8], version: Int, time: Int64) -> AnswerRecorded? {
        line.withUnsafeBytes { bytes in
            guard let start = find(marker, in: bytes) else { return nil }
            var c = JSONByteCursor(bytes, at: start + marker.count)
            switch version {
            case 2:
                guard c.literal(#""sequence":"#), let sequence = c.integer(),
                      c.literal(#","player":"#), let player = c.integer(),
                      c.literal(#","answer":"#), let answer = answer(&c),
                      c.literal(#","response_ms":"#), let responseMs = c.integer(),
                      c.literal("}"), c.isAtEnd else { return nil }
                return AnswerRecorded(at: time, sequence: Int(sequence), player: PlayerID(Int(player)), answer: answer, responseMs: responseMs)
            case 1:
                guard c.literal(#""answer":"#), let answer = answer(&c),
                      c.literal(#","at":"#), let at = c.integer(),
                      c.literal(#","player":"#), let player = c.integer(),
                      c.literal(#","response_ms":"#), let responseMs = c.integer(),
                      c.literal(#","sequence":"#), let sequence = c.integer(),
                      c.literal("}"), c.isAtEnd else { return nil }
                return AnswerRecorded(at: at, sequence: Int(sequence), player: PlayerID(Int(player)), answer: answer, responseMs: responseMs)
            default:
                return nil
            }
        }
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
