/// The free space on the archive's disk, as last measured, against `archive.minFreeBytes`. Below the
/// floor the app starts no new game: the log of the games already running still has room to finish.
package struct ArchiveDiskSpace: Sendable, Equatable {
    /// nil when the file system cannot tell (then the disk is never taken for a low one).
    package var freeBytes: Int?
    /// `archive.minFreeBytes`; 0 turns the check off.
    package var minFreeBytes: Int

    package init(freeBytes: Int?, minFreeBytes: Int) {
        self.freeBytes = freeBytes
        self.minFreeBytes = minFreeBytes
    }

    package var isLow: Bool {
        guard let freeBytes, minFreeBytes > 0 else { return false }
        return freeBytes < minFreeBytes
    }
}
