@testable import BuzzerApp
import BuzzerArchive
import BuzzerReplay
import BuzzerTestSupport
import Foundation
import Glibc
import Testing

/// Issue 28: the files the server writes (library packs, media, leagues.json, the edit token) and
/// the folders it makes for them are closed to other users, whatever the umask allows.
@Suite struct ServerFileModesTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        #expect(stat(path, &info) == 0, "\(path)")
        return info.st_mode & 0o777
    }

    /// Folders at most 0750 and files at most 0640: nothing for others.
    static func expectClosed(_ path: String, most: mode_t) {
        let mode = mode(path)
        #expect(mode & ~most == 0 && mode & 0o007 == 0, "\(path): \(String(mode, radix: 8))")
    }

    @Test func mediaPacksLeaguesAndTheEditTokenAreClosedToOthers() throws {
        let root = ScratchFolder.make("buzzer-modes", create: false)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Media: the folder is made on the first upload.
        let media = MediaStore(directory: root + "/lib/media")
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]
        let saved = try media.save(png, as: .png)
        Self.expectClosed(root + "/lib", most: FileModes.directory)
        Self.expectClosed(root + "/lib/media", most: FileModes.directory)
        Self.expectClosed(media.path(id: saved.id, kind: .png), most: FileModes.file)
        // A library pack, written as the editor's saves are.
        try FileManager.default.createDirectory(atPath: root + "/questions", withIntermediateDirectories: true)
        try AtomicFile.write(Array(#"{"title":"T"}"#.utf8), to: root + "/questions/t.json", in: root + "/questions")
        Self.expectClosed(root + "/questions/t.json", most: FileModes.file)
        // The leagues, in a folder made for them.
        try LeagueService.write(LeagueBook(), to: root + "/leagues/leagues.json")
        Self.expectClosed(root + "/leagues", most: FileModes.directory)
        Self.expectClosed(root + "/leagues/leagues.json", most: FileModes.file)
        // The edit token: its folder 0750 at most, the file 0600.
        let store = EditTokenStore(archiveDirectory: root + "/archive")
        try store.rotate()
        Self.expectClosed(root + "/archive", most: FileModes.directory)
        Self.expectClosed(store.path, most: 0o600)
    }
}
