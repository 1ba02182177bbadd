import BuzzerArchive
import Synchronization

/// The host keys (their SHA-256 hashes) of every game in this instance's own log, by join code:
/// what `CorrectionsRoute` checks a key against before it reads any line, so a wrong key costs the
/// same few microseconds whether the code names a game or not (docs/threat-model.md). Filled by the
/// start-up read of the log (`GameServer.recover`, which passes every `room_created` line) and by
/// every room created since. About 100 bytes a game, for as many games as the log holds.
final class HostKeys: Sendable {
    private let keys = Mutex<[String: Set<String>]>([:])

    /// Notes the host key hash of a game under `code`.
    func add(code: String, hash: String) {
        keys.withLock { _ = $0[code, default: []].insert(hash) }
    }

    /// The host key hashes of the games logged under `code`; empty for a code this log never had.
    func hashes(_ code: String) -> Set<String> {
        keys.withLock { $0[code] ?? [] }
    }

    /// Codes known.
    var count: Int { keys.withLock { $0.count } }

    /// Notes the game a `room_created` line starts. The hash is found in the line's bytes, not by
    /// decoding the pack: the start-up read passes every game of the log. A raw `"host_token_hash":"`
    /// is the event's own member (inside a JSON string every quote is escaped).
    func add(createdLine line: ArchiveLine) {
        guard let hash = Self.hostTokenHash(in: line.bytes) else { return }
        add(code: line.room, hash: hash)
    }

    private static let member = Array(#""host_token_hash":""#.utf8)

    /// The value of the line's `host_token_hash` member, when it is 1 to 128 bytes.
    static func hostTokenHash(in bytes: [UInt8]) -> String? {
        guard bytes.count > member.count else { return nil }
        var start = 0
        while start + member.count < bytes.count {
            guard let at = bytes[start...].firstIndex(of: member[0]) else { return nil }
            if at + member.count <= bytes.count, bytes[at..<(at + member.count)].elementsEqual(member) {
                let valueStart = at + member.count
                guard let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
                let value = bytes[valueStart..<end]
                guard (1...128).contains(value.count) else { return nil }
                return String(decoding: value, as: UTF8.self)
            }
            start = at + 1
        }
        return nil
    }
}
