import BuzzerFormats

/// An event ready to be written: everything of its log line except the envelope prefix and `seq`,
/// which the writer adds under its lock so sequence numbers follow file order.
package struct PreparedArchiveEvent: Sendable {
    /// `,"time":…,"room":…,"type":…[,other members]}\n`
    package var tail: [UInt8]
    /// The event's `type`, decoded, for logging.
    package var type: String
    /// The envelope's `room`, for the writer's `ArchiveIndex`.
    package var room: String = ""
}

/// Builds log lines: the envelope, then the event's own members, encoded once and in order.
///
/// Line format 2: `{"v":2,"seq":N,"time":MS,"room":"CODE","type":"…",…}`. The event is encoded by
/// `OrderedJSONEncoder` straight after the envelope, in the order its type encodes its members;
/// its `type` must come first so it closes the envelope. The event's `at`, the same instant as
/// `time`, is not written: the encoder checks it equals `time` and leaves it out, and
/// `ArchiveLine.decode` hands `time` back to the event as `at`. Format 1 lines (every member
/// sorted, `type` moved forward, `at` written) are still read.
package enum ArchiveLineEncoder {
    /// The line format version written, the envelope's `v`.
    package static let formatVersion = 2
    /// The versions the readers understand.
    package static let readableVersions: ClosedRange<Int> = 1...2
    /// Names the envelope owns; an event must not use them.
    package static let reservedFields: Set<String> = ["v", "seq", "time", "room"]
    /// The event member that `time` carries in format 2.
    package static let instantField = "at"

    static let linePrefix: [UInt8] = Array(#"{"v":2,"seq":"#.utf8)

    /// Encodes `event` after the envelope fields that do not depend on `seq`, and checks it.
    package static func prepare(room: String, time: Int64, encoding event: some Encodable) throws(ArchiveError) -> PreparedArchiveEvent {
        var tail: [UInt8] = []
        tail.reserveCapacity(256)
        tail.append(contentsOf: #","time":"#.utf8)
        let timeStart = tail.count
        JSONNumberText.append(time, to: &tail)
        let timeText = Array(tail[timeStart...])
        tail.append(contentsOf: #","room":"#.utf8)
        JSONStringLiteral.append(room, to: &tail)
        let encoder = OrderedJSONEncoder(omitting: .init(key: instantField, value: timeText))
        let members: [OrderedJSONEncoder.TopLevelMember]
        do throws(EncodingFailure) {
            members = try encoder.appendMembers(of: event, to: &tail)
        } catch {
            switch error {
            case .notAnObject: throw .invalidEvent("not a JSON object")
            case .duplicateKey(let key): throw .invalidEvent("duplicate \"\(key)\" member")
            case let .omittedMemberDiffers(key, expected, found):
                throw .invalidEvent("\"\(key)\" is \(found) but the line's time is \(expected)")
            default: throw .encodingFailed(error.description)
            }
        }
        for member in members where reservedFields.contains(member.key) { throw .reservedField(member.key) }
        guard let first = members.first, first.key == "type" else {
            if members.contains(where: { $0.key == "type" }) { throw .invalidEvent("\"type\" must be the event's first member") }
            throw .invalidEvent("no \"type\" member")
        }
        guard let type = first.string else { throw .invalidEvent("\"type\" must be a string") }
        tail.append(UInt8(ascii: "\n"))
        return PreparedArchiveEvent(tail: tail, type: type, room: room)
    }

    /// The whole line for `seq`, newline included.
    package static func line(seq: UInt64, prepared: PreparedArchiveEvent) -> [UInt8] {
        var out: [UInt8] = []
        append(seq: seq, prepared: prepared, to: &out)
        return out
    }

    static func append(seq: UInt64, prepared: PreparedArchiveEvent, to out: inout [UInt8]) {
        out.append(contentsOf: linePrefix)
        JSONNumberText.append(seq, to: &out)
        out.append(contentsOf: prepared.tail)
    }
}
