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

    package init(version: Int, seq: UInt64, time: Int64, room: String, type: String, bytes: [UInt8], file: String, lineNumber: Int) {
        self.version = version
        self.seq = seq
        self.time = time
        self.room = room
        self.type = type
        self.bytes = bytes
        self.file = file
        self.lineNumber = lineNumber
    }

    /// Decodes the whole line (envelope fields included) as `T`; unknown keys are ignored by
    /// `JSONDecoder`, so an event type decodes straight from the line.
    package func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: Data(bytes))
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
            if envelope.v != ArchiveLineEncoder.formatVersion {
                return .failure(ArchiveLineDefect(reason: "unsupported format version \(envelope.v)", room: envelope.room))
            }
            return .success(envelope)
        }
        return .failure(ArchiveLineDefect(reason: diagnose(line), room: roomHint(line)))
    }

    static func parseFast(_ p: UnsafeRawBufferPointer) -> ArchiveEnvelope? {
        var i = 0
        func literal(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= p.count else { return false }
            let base = text.utf8Start
            for k in 0..<n where p[i + k] != base[k] { return false }
            i += n
            return true
        }
        func unsigned() -> UInt64? {
            let start = i
            var value: UInt64 = 0
            while i < p.count, p[i] >= 0x30, p[i] <= 0x39, i - start < 19 {
                value = value * 10 + UInt64(p[i] - 0x30)
                i += 1
            }
            return i > start ? value : nil
        }
        func plainString() -> String? {
            let start = i
            while i < p.count {
                let b = p[i]
                if b == UInt8(ascii: "\"") {
                    let s = String(decoding: UnsafeRawBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
                    i += 1
                    return s
                }
                if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
                i += 1
            }
            return nil
        }
        guard literal(#"{"v":"#), let v = unsigned(), v == UInt64(ArchiveLineEncoder.formatVersion),
              literal(#","seq":"#), let seq = unsigned(),
              literal(#","time":"#) else { return nil }
        let negative = literal("-")
        guard let magnitude = unsigned(), magnitude <= UInt64(Int64.max),
              literal(#","room":""#), let room = plainString(),
              literal(#","type":""#), let type = plainString(),
              i < p.count, p[i] == UInt8(ascii: ",") || p[i] == UInt8(ascii: "}"),
              isBalancedObjectTail(p, from: i) else { return nil }
        let time = negative ? -Int64(magnitude) : Int64(magnitude)
        return ArchiveEnvelope(v: Int(v), seq: seq, time: time, room: room, type: type)
    }

    /// True when the bytes from `start` close the top-level object exactly at the last byte,
    /// with brackets balanced and strings closed.
    static func isBalancedObjectTail(_ p: UnsafeRawBufferPointer, from start: Int) -> Bool {
        var depth = 1
        var i = start
        var inString = false
        while i < p.count {
            let b = p[i]
            if inString {
                if b == UInt8(ascii: "\\") { i += 2; continue }
                if b == UInt8(ascii: "\"") { inString = false } else if b < 0x20 { return false }
            } else {
                switch b {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i == p.count - 1 }
                default: break
                }
            }
            i += 1
        }
        return false
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
