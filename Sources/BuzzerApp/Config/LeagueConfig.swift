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

    package init() {}

    /// At most this many extra archive folders.
    package static let maxArchives = 64

    private enum CodingKeys: String, CodingKey { case file, archives, refreshMilliseconds }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = LeagueConfig()
        s.file = try c.decodeIfPresent(String.self, forKey: .file)
        s.archives = try c.decodeIfPresent([String].self, forKey: .archives) ?? []
        if let value = try c.decodeIfPresent(Int.self, forKey: .refreshMilliseconds) { s.refreshMilliseconds = value }
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
    }

    /// The league file for an archive directory.
    package func filePath(archiveDirectory: String) -> String {
        file ?? (archiveDirectory.hasSuffix("/") ? archiveDirectory : archiveDirectory + "/") + "leagues.json"
    }
}
