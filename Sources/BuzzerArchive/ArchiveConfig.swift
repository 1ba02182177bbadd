/// How hard the writer works before it acknowledges an event. See docs/archive-format.md.
package enum ArchiveDurability: String, Codable, Sendable, Equatable {
    /// Each batch is written and `fdatasync`ed as soon as the writer gets to it; no waiting window.
    case always
    /// Events are collected for up to `groupCommitMilliseconds` (or `groupCommitMaxBytes`), then
    /// written with one `write` and one `fdatasync`. Same promise as `always`, far fewer syncs.
    case group
    /// Acknowledged once `write` has handed the bytes to the kernel. Survives a process crash,
    /// not a power loss or kernel panic.
    case none
}

/// The "archive" section of config.json. Every field is optional in the file; missing fields
/// take the defaults below.
package struct ArchiveConfig: Codable, Sendable, Equatable {
    /// Directory holding the log files; created on open. Relative paths are relative to the working directory.
    package var directory: String
    package var durability: ArchiveDurability
    /// Longest time an event waits for companions before its batch is written (`group` only).
    package var groupCommitMilliseconds: Int
    /// A batch is written at once when it reaches this many bytes, without waiting for the window.
    package var groupCommitMaxBytes: Int
    /// A new file is started before a batch would take the current file past this size.
    package var maxFileBytes: Int
    /// Start a new file at 00:00 UTC. UTC, not local time: no DST gaps or repeated hours in file names.
    package var rotateAtMidnight: Bool
    /// File names are `<filePrefix>-YYYYMMDD-HHMMSS-<first seq, 12 digits>.jsonl` (UTC).
    package var filePrefix: String
    /// How often a degraded writer probes the disk to see whether it can resume.
    package var retrySeconds: Double
    /// Below this many free bytes on the archive's disk, no new game is started (running ones
    /// finish): a log that fills the disk would stop every game at once. 0 turns the check off.
    package var minFreeBytes: Int

    package static let defaultDirectory = "archive"
    package static let defaultGroupCommitMilliseconds = 3
    package static let defaultGroupCommitMaxBytes = 1 << 20
    package static let defaultMaxFileBytes = 64 << 20
    package static let defaultFilePrefix = "buzzer"
    package static let defaultRetrySeconds = 5.0
    package static let defaultMinFreeBytes = 256 << 20

    package init(
        directory: String = ArchiveConfig.defaultDirectory,
        durability: ArchiveDurability = .group,
        groupCommitMilliseconds: Int = ArchiveConfig.defaultGroupCommitMilliseconds,
        groupCommitMaxBytes: Int = ArchiveConfig.defaultGroupCommitMaxBytes,
        maxFileBytes: Int = ArchiveConfig.defaultMaxFileBytes,
        rotateAtMidnight: Bool = true,
        filePrefix: String = ArchiveConfig.defaultFilePrefix,
        retrySeconds: Double = ArchiveConfig.defaultRetrySeconds,
        minFreeBytes: Int = ArchiveConfig.defaultMinFreeBytes
    ) {
        self.directory = directory
        self.durability = durability
        self.groupCommitMilliseconds = groupCommitMilliseconds
        self.groupCommitMaxBytes = groupCommitMaxBytes
        self.maxFileBytes = maxFileBytes
        self.rotateAtMidnight = rotateAtMidnight
        self.filePrefix = filePrefix
        self.retrySeconds = retrySeconds
        self.minFreeBytes = minFreeBytes
    }

    enum CodingKeys: String, CodingKey {
        case directory, durability, groupCommitMilliseconds, groupCommitMaxBytes, maxFileBytes
        case rotateAtMidnight, filePrefix, retrySeconds, minFreeBytes
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ArchiveConfig()
        directory = try c.decodeIfPresent(String.self, forKey: .directory) ?? d.directory
        durability = try c.decodeIfPresent(ArchiveDurability.self, forKey: .durability) ?? d.durability
        groupCommitMilliseconds = try c.decodeIfPresent(Int.self, forKey: .groupCommitMilliseconds) ?? d.groupCommitMilliseconds
        groupCommitMaxBytes = try c.decodeIfPresent(Int.self, forKey: .groupCommitMaxBytes) ?? d.groupCommitMaxBytes
        maxFileBytes = try c.decodeIfPresent(Int.self, forKey: .maxFileBytes) ?? d.maxFileBytes
        rotateAtMidnight = try c.decodeIfPresent(Bool.self, forKey: .rotateAtMidnight) ?? d.rotateAtMidnight
        filePrefix = try c.decodeIfPresent(String.self, forKey: .filePrefix) ?? d.filePrefix
        retrySeconds = try c.decodeIfPresent(Double.self, forKey: .retrySeconds) ?? d.retrySeconds
        minFreeBytes = try c.decodeIfPresent(Int.self, forKey: .minFreeBytes) ?? d.minFreeBytes

        if directory.isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .directory, in: c, debugDescription: "must not be empty")
        }
        if !(0...1000).contains(groupCommitMilliseconds) {
            throw DecodingError.dataCorruptedError(forKey: .groupCommitMilliseconds, in: c, debugDescription: "must be 0...1000")
        }
        if groupCommitMaxBytes < 1 {
            throw DecodingError.dataCorruptedError(forKey: .groupCommitMaxBytes, in: c, debugDescription: "must be positive")
        }
        if maxFileBytes < 4096 {
            throw DecodingError.dataCorruptedError(forKey: .maxFileBytes, in: c, debugDescription: "must be at least 4096")
        }
        if filePrefix.isEmpty || filePrefix.contains("/") {
            throw DecodingError.dataCorruptedError(forKey: .filePrefix, in: c, debugDescription: "must be a non-empty name without '/'")
        }
        if minFreeBytes < 0 {
            throw DecodingError.dataCorruptedError(forKey: .minFreeBytes, in: c, debugDescription: "must be 0 (off) or more")
        }
        if !(retrySeconds > 0) {
            throw DecodingError.dataCorruptedError(forKey: .retrySeconds, in: c, debugDescription: "must be positive")
        }
    }
}
