import BuzzerFormats
import Foundation

/// One line read back from the log: the envelope, decoded, plus the raw line bytes so the game
/// layer can decode its own event type from them (`try line.decode(GameEvent.self)`).
package struct ArchiveLine: Sendable, Equatable {
    /// The envelope's `v`: line format version.
    package var version: Int
    package var seq: UInt64
    /// Server wall-clock milliseconds since 1970 when the event happened.
    package var time: Int64
    package var room: String
    package var type: String
    /// The whole line as written, without its newline.
    package var bytes: [UInt8]
    /// The file the line came from and its 1-based line number, for error messages.
    package var file: String
    package var lineNumber: Int
    /// Where the line starts in its file (bytes); 0 when the reader did not say.
    package var offset: Int

    package init(version: Int, seq: UInt64, time: Int64, room: String, type: String, bytes: [UInt8], file: String, lineNumber: Int, offset: Int = 0) {
        self.version = version
        self.seq = seq
        self.time = time
        self.room = room
        self.type = type
        self.bytes = bytes
        self.file = file
        self.lineNumber = lineNumber
        self.offset = offset
    }

    /// Decodes the whole line (envelope fields included) as `T`; unknown keys are ignored by
    /// `JSONDecoder`, so an event type decodes straight from the line. From format 2 on, the
    /// event's `at` is not written: the line's `time` is handed to the decoder as `at`.
    package func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: eventBytes)
    }

    /// The line as an event decoder reads it: format 1 as written; format 2 with `"at":time`
    /// put back in front of the envelope.
    package var eventBytes: Data {
        guard version >= 2, bytes.first == UInt8(ascii: "{") else { return Data(bytes) }
        var data = Data(capacity: bytes.count + 24)
        data.append(contentsOf: #"{"\#(ArchiveLineEncoder.instantField)":\#(time),"#.utf8)
        data.append(contentsOf: bytes.dropFirst())
        return data
    }

    /// The line as text, for logs and tools.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// The envelope of a line, parsed without the payload.
package struct ArchiveEnvelope: Sendable, Equatable, Decodable {
    package var v: Int
    package var seq: UInt64
    package var time: Int64
    package var room: String
    package var type: String

    /// Parses a line (without newline). The fast path reads the envelope in the exact order the
    /// writer produces it and checks the rest is one balanced object; anything else (hand-edited
    /// lines, escaped room codes) falls back to `JSONDecoder`, which also validates the whole line.
    /// Returns a reason on failure; the room is reported when it could still be read.
    package static func parse(_ line: UnsafeRawBufferPointer) -> Result<ArchiveEnvelope, ArchiveLineDefect> {
        if let fast = parseFast(line) { return .success(fast) }
        if let envelope = try? JSONDecoder().decode(ArchiveEnvelope.self, from: Data(line)) {
            if !ArchiveLineEncoder.readableVersions.contains(envelope.v) {
                return .failure(ArchiveLineDefect(reason: "unsupported format version \(envelope.v)", room: envelope.room))
            }
            return .success(envelope)
        }
        return .failure(ArchiveLineDefect(reason: diagnose(line), room: roomHint(line)))
    }

    /// The writer's exact layout, format 1 or 2. The room and type must be valid UTF-8, as
    /// `JSONDecoder` requires: a damaged byte there makes a corrupt line, not a look-alike room
    /// (found by `Fuzz/run.sh archive`). Kept because a benchmark shows it matters: on the
    /// archive of `EVENTS=200000 Benchmarks/archive/replay-verify.sh` (203,061 lines, release),
    /// `replay list` took 0.34–0.39 s with it and 1.23–1.25 s with `JSONDecoder` alone.
    static func parseFast(_ p: UnsafeRawBufferPointer) -> ArchiveEnvelope? {
        var c = JSONByteCursor(p)
        guard c.literal(#"{"v":"#), let v = c.unsigned(), v <= 2, ArchiveLineEncoder.readableVersions.contains(Int(v)),
              c.literal(#","seq":"#), let seq = c.unsigned(),
              c.literal(#","time":"#) else { return nil }
        let negative = c.literal("-")
        guard let magnitude = c.unsigned(), magnitude <= UInt64(Int64.max),
              c.literal(#","room":""#), let room = c.plainString(validatingUTF8: true),
              c.literal(#","type":""#), let type = c.plainString(validatingUTF8: true),
              c.index < p.count, p[c.index] == UInt8(ascii: ",") || p[c.index] == UInt8(ascii: "}"),
              c.closesObjectAtEnd() else { return nil }
        let time = negative ? -Int64(magnitude) : Int64(magnitude)
        return ArchiveEnvelope(v: Int(v), seq: seq, time: time, room: room, type: type)
    }

    /// True when the bytes from `start` close the top-level object exactly at the last byte.
    static func isBalancedObjectTail(_ p: UnsafeRawBufferPointer, from start: Int) -> Bool {
        JSONByteCursor(p, at: start).closesObjectAtEnd()
    }

    static func diagnose(_ p: UnsafeRawBufferPointer) -> String {
        if p.isEmpty { return "empty line" }
        if p.contains(0) { return "contains NUL bytes (unwritten space after a crash?)" }
        if p.first != UInt8(ascii: "{") { return "does not start with '{'" }
        if !isBalancedObjectTail(p, from: 1) { return "not one complete JSON object (cut short?)" }
        return "not valid JSON or envelope fields missing"
    }

    /// The room of a damaged line whose envelope prefix is still readable, so recovery can stop
    /// for that room only.
    static func roomHint(_ p: UnsafeRawBufferPointer) -> String? {
        let marker = Array(#","room":""#.utf8)
        guard p.count > marker.count else { return nil }
        let limit = Swift.min(p.count, 200) - marker.count
        guard limit > 0 else { return nil }
        for start in 0..<limit where p[start] == marker[0] {
            var match = true
            for k in 1..<marker.count where p[start + k] != marker[k] { match = false; break }
            if !match { continue }
            var j = start + marker.count
            let roomStart = j
            while j < p.count, p[j] != UInt8(ascii: "\""), p[j] != UInt8(ascii: "\\") { j += 1 }
            guard j < p.count, p[j] == UInt8(ascii: "\"") else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: p[roomStart..<j]), as: UTF8.self)
        }
        return nil
    }
}

/// Why a line could not be read, and its room when that much was legible.
package struct ArchiveLineDefect: Error, Sendable, Equatable {
    package var reason: String
    package var room: String?
}
