/// Something wrong found while reading the log. Reported, never thrown: the caller decides
/// whether to skip the line, stop recovery for that room, or refuse to continue.
package struct ArchiveProblem: Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// A line in the middle of a file that is not a valid log line.
        case corruptLine(reason: String)
        /// The last line of a file has no newline or does not parse: a crash cut a write short.
        /// `ArchiveRecovery.repairTail` removes it.
        case tornLastLine(reason: String, byteCount: Int)
        /// Sequence numbers jumped: lines `expected..<found` are missing.
        case sequenceGap(expected: UInt64, found: UInt64)
        /// A sequence number did not increase (duplicate or out of order).
        case sequenceNotIncreasing(previous: UInt64, found: UInt64)
    }

    package var file: String
    /// 1-based.
    package var lineNumber: Int
    package var kind: Kind
    /// The room of the line when it could be read, so recovery can stop for that room only.
    package var room: String?

    package init(file: String, lineNumber: Int, kind: Kind, room: String? = nil) {
        self.file = file
        self.lineNumber = lineNumber
        self.kind = kind
        self.room = room
    }

    package var description: String {
        let roomText = room.map { " (room \($0))" } ?? ""
        switch kind {
        case .corruptLine(let reason):
            return "\(file):\(lineNumber): corrupt line\(roomText): \(reason)"
        case .tornLastLine(let reason, let count):
            return "\(file):\(lineNumber): torn last line of \(count) bytes\(roomText): \(reason)"
        case .sequenceGap(let expected, let found):
            return "\(file):\(lineNumber): sequence gap: expected \(expected), found \(found)"
        case .sequenceNotIncreasing(let previous, let found):
            return "\(file):\(lineNumber): sequence did not increase: \(found) after \(previous)"
        }
    }
}
