/// Standings documents for `?asOf=` requests, least recently used first out, at most `capacity`.
/// An entry holds the versions of the games and the league file it was made from, and is used only
/// while both are the same: a past date's standings change only when a game or the file does.
///
/// Pure (no clock, no lock): `LeagueService` keeps one in its state.
package struct StandingsCache: Sendable {
    package struct Key: Hashable, Sendable {
        package var league: String
        package var asOf: Int64

        package init(league: String, asOf: Int64) {
            self.league = league
            self.asOf = asOf
        }
    }

    package struct Entry: Sendable, Equatable {
        package var version: Int
        package var bookVersion: Int
        package var body: [UInt8]
        package var etag: String

        package init(version: Int, bookVersion: Int, body: [UInt8], etag: String) {
            self.version = version
            self.bookVersion = bookVersion
            self.body = body
            self.etag = etag
        }
    }

    package let capacity: Int
    private var entries: [Key: (entry: Entry, used: UInt64)] = [:]
    private var tick: UInt64 = 0

    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    package var count: Int { entries.count }

    /// The entry for `key` if it was made from these versions (and marks it used); a stale one is dropped.
    package mutating func get(_ key: Key, version: Int, bookVersion: Int) -> Entry? {
        guard let found = entries[key] else { return nil }
        guard found.entry.version == version, found.entry.bookVersion == bookVersion else {
            entries[key] = nil
            return nil
        }
        tick &+= 1
        entries[key] = (found.entry, tick)
        return found.entry
    }

    /// Keeps `entry`, dropping the least recently used one when full.
    package mutating func put(_ key: Key, _ entry: Entry) {
        guard capacity > 0 else { return }
        if entries[key] == nil, entries.count >= capacity,
           let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        tick &+= 1
        entries[key] = (entry, tick)
    }
}
