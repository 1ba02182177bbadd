import BuzzerArchive
import BuzzerGame
import Foundation
import Glibc

/// Where the archive's corrections are, found before a scan: a correction comes after its game has
/// ended, and a scan lets an ended game's room go unless it knows one is coming. Only the lines
/// that hold the type `game_corrected` are decoded, so the pass costs a byte search over the files.
package enum ArchiveCorrections {
    /// A game as a correction names it: its room code and its `room_created` time.
    package struct Game: Hashable, Sendable {
        package var code: String
        package var start: Int64
    }

    private struct Envelope: Decodable {
        var room: String
        var game: Int64
    }

    /// The bytes the line encoder writes for the type (no space after the colon).
    private static let marker = Array("\"type\":\"\(RoomEvent.gameCorrectedType)\"".utf8)

    /// How many corrections each game has in `files`. A line that does not decode is left to the
    /// scan, which reports it where it stands.
    package static func find(in files: [String]) throws(ArchiveError) -> [Game: Int] {
        var found: [Game: Int] = [:]
        let decoder = JSONDecoder()
        for file in files {
            // Mapped, not read: a year of logs is searched without holding a file in memory.
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped) else {
                throw .io(operation: "read", path: file, errno: errno)
            }
            data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                guard buffer.count >= marker.count else { return }
                var from = 0
                while let at = Self.firstIndex(of: marker, in: buffer, from: from) {
                    var start = at
                    while start > 0, buffer[start - 1] != 0x0A { start -= 1 }
                    var end = at
                    while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                    if let line = try? decoder.decode(Envelope.self, from: Data(buffer[start..<end])) {
                        found[Game(code: line.room, start: line.game), default: 0] += 1
                    }
                    from = end
                }
            }
        }
        return found
    }

    /// Where `needle` next occurs at or after `from`: `memchr` finds each candidate first byte (the
    /// marker's `"` is rare enough), then the rest is compared.
    static func firstIndex(of needle: [UInt8], in buffer: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let base = buffer.baseAddress, let first = needle.first else { return nil }
        var at = from
        while at + needle.count <= buffer.count {
            guard let hit = memchr(base + at, Int32(first), buffer.count - at - needle.count + 1) else { return nil }
            let offset = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + offset, needle, needle.count) == 0 { return offset }
            at = offset + 1
        }
        return nil
    }
}

/// The one field a scan reads from a `game_corrected` line to route it: the game it names.
struct GameCorrectedTarget: Decodable {
    var game: Int64
}
