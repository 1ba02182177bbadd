/// The "league" section of config.json (docs/league.md): where the league file is, and which other
/// instances' archives the standings read besides this one's. Every field is optional.
package struct LeagueConfig: Codable, Sendable, Equatable {
    /// The league file (names, scoring, aliases). Unset: `leagues.json` in `archive.directory`.
    /// In a scale-out setup, point every instance at one shared file.
    package var file: String?
    /// Archive folders of other instances (a shared folder), read too: every instance then shows
    /// the same league. This instance's own `archive.directory` is always read.
    package var archives: [String] = []
    /// How long (ms) the standings may be served before the archives are looked at again for games
    /// other instances ended (this instance's own games refresh them at once).
    package var refreshMilliseconds = 2000
    /// Standings `?asOf=` computed at once for one league; a request past it gets 503 with Retry-After.
    /// They are computed outside the lock live standings need, so these never delay a live read.
    package var asOfConcurrentPerLeague = 1
    /// Standings `?asOf=` computed at once for all leagues together (each holds a worker thread).
    package var asOfConcurrentTotal = 2
    /// `?asOf=` answers kept (the least recently used goes first); 0 keeps none.
    package var asOfCacheEntries = 256
    /// "Your nights" requests (`/me/games/KEY`) waiting for or running a replay on the nights' queue;
    /// one more gets 503 `busy` with Retry-After, at once, instead of a place in a queue that grows.
    package var nightsQueued = 8

    package init() {}

    /// At most this many extra archive folders.
    package static let maxArchives = 64

    private enum CodingKeys: String, CodingKey { case file, archives, refreshMilliseconds, asOfConcurrentPerLeague, asOfConcurrentTotal, asOfCacheEntries, nightsQueued }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = LeagueConfig()
        s.file = try c.decodeIfPresent(String.self, forKey: .file)
        s.archives = try c.decodeIfPresent([String].self, forKey: .archives) ?? []
        if let value = try c.decodeIfPresent(Int.self, forKey: .refreshMilliseconds) { s.refreshMilliseconds = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .asOfConcurrentPerLeague) { s.asOfConcurrentPerLeague = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .asOfConcurrentTotal) { s.asOfConcurrentTotal = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .asOfCacheEntries) { s.asOfCacheEntries = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .nightsQueued) { s.nightsQueued = value }
        self = s
        if let file, file.isEmpty || file.hasSuffix("/") {
            throw DecodingError.dataCorruptedError(forKey: .file, in: c, debugDescription: "must be a file path")
        }
        if archives.count > Self.maxArchives || archives.contains(where: \.isEmpty) {
            throw DecodingError.dataCorruptedError(forKey: .archives, in: c, debugDescription: "must be at most \(Self.maxArchives) folder paths, none empty")
        }
        if !(100...600_000).contains(refreshMilliseconds) {
            throw DecodingError.dataCorruptedError(forKey: .refreshMilliseconds, in: c, debugDescription: "must be 100...600000")
        }
        if !(1...16).contains(asOfConcurrentPerLeague) {
            throw DecodingError.dataCorruptedError(forKey: .asOfConcurrentPerLeague, in: c, debugDescription: "must be 1...16")
        }
        if !(1...64).contains(asOfConcurrentTotal) {
            throw DecodingError.dataCorruptedError(forKey: .asOfConcurrentTotal, in: c, debugDescription: "must be 1...64")
        }
        if !(0...4096).contains(asOfCacheEntries) {
            throw DecodingError.dataCorruptedError(forKey: .asOfCacheEntries, in: c, debugDescription: "must be 0...4096")
        }
        if !(1...256).contains(nightsQueued) {
            throw DecodingError.dataCorruptedError(forKey: .nightsQueued, in: c, debugDescription: "must be 1...256")
        }
    }

    /// The league file for an archive directory.
    package func filePath(archiveDirectory: String) -> String {
        file ?? (archiveDirectory.hasSuffix("/") ? archiveDirectory : archiveDirectory + "/") + "leagues.json"
    }
}
