import Foundation

/// An event ready to be written: everything of its log line except the envelope prefix and `seq`,
/// which the writer adds under its lock so sequence numbers follow file order.
package struct PreparedArchiveEvent: Sendable {
    /// `,"time":…,"room":…,"type":…[,other members]}\n`
    package var tail: [UInt8]
    /// The event's `type`, decoded, for logging.
    package var type: String
}

/// Builds log lines by splicing the envelope in front of an already-encoded event object.
///
/// The event arrives as the bytes of one JSON object (for example from `JSONEncoder` with
/// `.sortedKeys`) holding a string `type` and the event's fields. Its members are copied byte for
/// byte, never decoded and re-encoded; only `type` is moved forward into the envelope so every line
/// reads `{"v":1,"seq":N,"time":MS,"room":"CODE","type":"…",…}`.
package enum ArchiveLineEncoder {
    /// The current line format version, the envelope's `v`.
    package static let formatVersion = 1
    /// Names the envelope owns; an event must not use them.
    package static let reservedFields: Set<String> = ["v", "seq", "time", "room"]

    static let linePrefix: [UInt8] = Array(#"{"v":1,"seq":"#.utf8)

    /// Validates `event` and builds the part of its line that does not depend on `seq`.
    package static func prepare(room: String, time: Int64, event: some Collection<UInt8>) throws(ArchiveError) -> PreparedArchiveEvent {
        let bytes = Array(event)
        let members = try JSONObjectScanner.members(of: bytes)
        var typeMember: JSONObjectScanner.Member?
        for member in members {
            let key = String(decoding: bytes[member.key], as: UTF8.self)
            if key == "type" {
                guard typeMember == nil else { throw .invalidEvent("duplicate \"type\" member") }
                guard bytes[member.value.lowerBound] == UInt8(ascii: "\"") else {
                    throw .invalidEvent("\"type\" must be a string")
                }
                typeMember = member
            } else if reservedFields.contains(key) {
                throw .reservedField(key)
            }
        }
        guard let typeMember else { throw .invalidEvent("no \"type\" member") }

        var tail: [UInt8] = []
        tail.reserveCapacity(bytes.count + room.utf8.count + 40)
        tail.append(contentsOf: #","time":"#.utf8)
        tail.append(contentsOf: String(time).utf8)
        tail.append(contentsOf: #","room":"#.utf8)
        appendJSONString(room, to: &tail)
        tail.append(contentsOf: #","type":"#.utf8)
        tail.append(contentsOf: bytes[typeMember.value])
        for member in members where member.key != typeMember.key {
            tail.append(UInt8(ascii: ","))
            tail.append(contentsOf: bytes[member.whole])
        }
        tail.append(UInt8(ascii: "}"))
        tail.append(UInt8(ascii: "\n"))

        let typeRaw = bytes[typeMember.value]
        let type: String
        if typeRaw.contains(UInt8(ascii: "\\")) {
            type = (try? JSONDecoder().decode(String.self, from: Data(typeRaw))) ?? String(decoding: typeRaw, as: UTF8.self)
        } else {
            type = String(decoding: typeRaw.dropFirst().dropLast(), as: UTF8.self)
        }
        return PreparedArchiveEvent(tail: tail, type: type)
    }

    /// Encodes an `Encodable` event with sorted keys and unescaped slashes, then prepares it.
    package static func prepare(room: String, time: Int64, encoding event: some Encodable) throws(ArchiveError) -> PreparedArchiveEvent {
        let data: Data
        do {
            data = try eventEncoder.encode(event)
        } catch {
            throw .encodingFailed(String(describing: error))
        }
        return try prepare(room: room, time: time, event: data)
    }

    /// The whole line for `seq`, newline included.
    package static func line(seq: UInt64, prepared: PreparedArchiveEvent) -> [UInt8] {
        var out: [UInt8] = []
        append(seq: seq, prepared: prepared, to: &out)
        return out
    }

    static func append(seq: UInt64, prepared: PreparedArchiveEvent, to out: inout [UInt8]) {
        out.append(contentsOf: linePrefix)
        appendDecimal(seq, to: &out)
        out.append(contentsOf: prepared.tail)
    }

    static func appendDecimal(_ value: UInt64, to out: inout [UInt8]) {
        if value == 0 { out.append(UInt8(ascii: "0")); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var v = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while v > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    /// JSON string literal per RFC 8259 §7: quote, backslash and control characters escaped.
    static func appendJSONString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The encoder the Encodable convenience uses: stable key order keeps lines diffable. One for every
    /// event on every loop (its options never change after this); building one per event was a
    /// measurable part of the room's path from `next` to the players.
    package static let eventEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
