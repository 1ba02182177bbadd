import Glibc

/// Log file names: `<prefix>-YYYYMMDD-HHMMSS-<first seq, 12 digits>.jsonl`, time in UTC.
///
/// The time says when the file was started (for people); the first sequence number makes names
/// unique even when files are started within the same second, and orders files even if the wall
/// clock steps backwards. Readers sort by it.
package enum ArchiveFileName {
    package static let fileExtension = ".jsonl"
    static let millisecondsPerDay: Int64 = 86_400_000

    package static func make(prefix: String, timeMilliseconds: Int64, firstSeq: UInt64) -> String {
        var seconds = time_t(timeMilliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let s = String(value)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        let seqText = String(firstSeq)
        let seq = String(repeating: "0", count: max(0, 12 - seqText.count)) + seqText
        let date = pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2)
        let time = pad(parts.tm_hour, 2) + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2)
        return "\(prefix)-\(date)-\(time)-\(seq)\(fileExtension)"
    }

    /// The first sequence number encoded in a name made by `make`, or nil for other names.
    package static func firstSeq(of name: String) -> UInt64? {
        guard name.hasSuffix(fileExtension) else { return nil }
        let stem = name.dropLast(fileExtension.count)
        guard let dash = stem.lastIndex(of: "-") else { return nil }
        return UInt64(stem[stem.index(after: dash)...])
    }

    /// Days since 1970-01-01 in UTC: the midnight-rotation boundary.
    package static func utcDay(_ timeMilliseconds: Int64) -> Int64 {
        timeMilliseconds >= 0 ? timeMilliseconds / millisecondsPerDay : (timeMilliseconds - millisecondsPerDay + 1) / millisecondsPerDay
    }

    /// The `.jsonl` files of a directory (optionally only those with `prefix`), as full paths,
    /// in log order: by the first sequence number in the name, then by name.
    package static func logFiles(in directory: String, prefix: String? = nil, fileSystem: some ArchiveFileSystem = POSIXArchiveFileSystem()) throws(ArchiveError) -> [String] {
        let names = try fileSystem.listDirectory(directory).filter { name in
            name.hasSuffix(fileExtension) && !name.hasPrefix(".") && (prefix.map { name.hasPrefix($0 + "-") } ?? true)
        }
        let sorted = names.sorted { a, b in
            let sa = firstSeq(of: a) ?? 0
            let sb = firstSeq(of: b) ?? 0
            return sa != sb ? sa < sb : a < b
        }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return sorted.map { base + $0 }
    }
}
