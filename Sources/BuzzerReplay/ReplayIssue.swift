import BuzzerArchive

/// One thing `verify` (or any read of a game) found wrong, with where it is in the archive.
package struct ReplayIssue: Sendable, Equatable, Codable, CustomStringConvertible {
    package enum Severity: String, Sendable, Codable {
        /// The archive or the game does not hold up: verify fails.
        case error
        /// Worth saying, not a mismatch: a torn tail on the newest file (a write in progress or an
        /// unacknowledged line a crash cut short).
        case warning
    }

    package enum Kind: String, Sendable, Codable {
        /// A line that cannot be read or decoded, or a game without its `room_created`: the
        /// game cannot be shown or exported faithfully.
        case damagedLine = "damaged_line"
        /// A sequence gap or a sequence number that did not increase.
        case sequence
        /// The line reads fine but disagrees with the replay or with its own envelope
        /// (recorded standings, event time, room code).
        case mismatch
    }

    package var severity: Severity
    package var kind: Kind
    /// `file:line`, or the file alone for whole-file problems.
    package var location: String
    package var seq: UInt64?
    /// What differs or what is wrong, as a sentence fragment.
    package var message: String

    package init(severity: Severity = .error, kind: Kind, location: String, seq: UInt64? = nil, message: String) {
        self.severity = severity
        self.kind = kind
        self.location = location
        self.seq = seq
        self.message = message
    }

    init(_ line: ArchiveLine, _ kind: Kind, _ message: String) {
        self.init(kind: kind, location: "\(line.file):\(line.lineNumber)", seq: line.seq, message: message)
    }

    package var description: String {
        let seqText = seq.map { " (seq \($0))" } ?? ""
        return "\(location)\(seqText): \(message)"
    }
}
