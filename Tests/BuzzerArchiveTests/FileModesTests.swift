import Foundation
import Glibc
import Testing
@testable import BuzzerArchive

/// Issue 28: outside the Debian package (no `UMask=0027`) the archive folder was 0755 and its logs
/// 0644, and the logs hold device ids and whole packs with their answers.
@Suite struct FileModesTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        #expect(stat(path, &info) == 0, "\(path)")
        return info.st_mode & 0o777
    }

    @Test func theArchiveFolderAndItsLogsAreClosedToOthers() throws {
        let dir = TemporaryDirectory()
        let fs = POSIXArchiveFileSystem()
        let folder = dir.path + "/var/archive"
        try fs.createDirectory(folder)
        let file = try fs.openForAppend(folder + "/buzzer-1.jsonl")
        fs.close(file)
        for path in [dir.path + "/var", folder] { #expect(Self.mode(path) & ~FileModes.directory == 0 && Self.mode(path) & 0o007 == 0, "\(path): \(String(Self.mode(path), radix: 8))") }
        let logMode = Self.mode(folder + "/buzzer-1.jsonl")
        #expect(logMode & ~FileModes.file == 0 && logMode & 0o007 == 0, "\(String(logMode, radix: 8))")
    }
}
