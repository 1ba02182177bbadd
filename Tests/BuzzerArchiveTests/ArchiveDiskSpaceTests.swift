import Synchronization
import Testing
@testable import BuzzerArchive

/// The free-space floor: measured through the file system (so it can be faked), at most once a second.
@Suite struct ArchiveDiskSpaceTests {
    /// A wall clock the test moves by hand (milliseconds).
    final class Clock: Sendable {
        let now = Atomic<Int64>(1_800_000_000_000)
    }

    @Test func theDiskIsLowOnlyUnderAConfiguredFloorThatItCanMeasure() {
        #expect(ArchiveDiskSpace(freeBytes: 999, minFreeBytes: 1000).isLow)
        #expect(!ArchiveDiskSpace(freeBytes: 1000, minFreeBytes: 1000).isLow)
        #expect(!ArchiveDiskSpace(freeBytes: 0, minFreeBytes: 0).isLow, "0 turns the check off")
        #expect(!ArchiveDiskSpace(freeBytes: nil, minFreeBytes: 1000).isLow, "a disk that cannot tell is not taken for a full one")
    }

    @Test func freeSpaceIsMeasuredAtMostOnceASecond() throws {
        let dir = TemporaryDirectory(), disk = FaultyFileSystem(), clock = Clock()
        disk.setFaults { $0.availableBytes = 10_000 }
        let writer = try ArchiveWriter(
            config: ArchiveConfig(directory: dir.path, minFreeBytes: 5_000), fileSystem: disk,
            wallClock: { clock.now.load(ordering: .relaxed) })
        defer { writer.close() }
        #expect(writer.diskSpace() == ArchiveDiskSpace(freeBytes: 10_000, minFreeBytes: 5_000))
        disk.setFaults { $0.availableBytes = 4_000 }
        for _ in 0..<100 { #expect(!writer.diskSpace().isLow, "cached for a second") }
        #expect(disk.counters.freeSpaceQueries == 1)
        clock.now.add(999, ordering: .relaxed)
        #expect(!writer.diskSpace().isLow)
        clock.now.add(1, ordering: .relaxed)
        #expect(writer.diskSpace() == ArchiveDiskSpace(freeBytes: 4_000, minFreeBytes: 5_000))
        #expect(writer.diskSpace().isLow)
        #expect(disk.counters.freeSpaceQueries == 2)
    }

    @Test func theRealFileSystemReportsTheFreeSpaceOfTheArchiveFolder() {
        let dir = TemporaryDirectory()
        let free = POSIXArchiveFileSystem().availableBytes(dir.path)
        #expect((free ?? 0) > 0)
        #expect(POSIXArchiveFileSystem().availableBytes(dir.path + "/no/such/folder") == nil)
    }
}
