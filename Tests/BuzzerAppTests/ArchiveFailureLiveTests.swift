import BuzzerApp
import BuzzerArchive
import BuzzerTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The real disk, except that it fails every write while `full` is set (a full disk) and reports
/// the free space the test sets (`setFree`; 1 TiB until then).
final class FillableFileSystem: ArchiveFileSystem {
    private let real = POSIXArchiveFileSystem()
    private let fullState = Mutex(false)
    private let free = Atomic<Int>(1 << 40)

    func setFree(_ bytes: Int) { free.store(bytes, ordering: .relaxed) }
    func availableBytes(_ path: String) -> Int? { free.load(ordering: .relaxed) }

    var full: Bool {
        get { fullState.withLock { $0 } }
        set { fullState.withLock { $0 = newValue } }
    }

    func createDirectory(_ path: String) throws(ArchiveError) { try real.createDirectory(path) }
    func listDirectory(_ path: String) throws(ArchiveError) -> [String] { try real.listDirectory(path) }
    func openForAppend(_ path: String) throws(ArchiveError) -> ArchiveFileHandle { try real.openForAppend(path) }
    func write(_ file: ArchiveFileHandle, _ bytes: UnsafeRawBufferPointer) throws(ArchiveError) -> Int {
        if full { throw .io(operation: "write", path: file.path, errno: ENOSPC) }
        return try real.write(file, bytes)
    }
    func syncData(_ file: ArchiveFileHandle) throws(ArchiveError) { try real.syncData(file) }
    func size(_ file: ArchiveFileHandle) throws(ArchiveError) -> Int { try real.size(file) }
    func truncate(_ file: ArchiveFileHandle, to length: Int) throws(ArchiveError) { try real.truncate(file, to: length) }
    func close(_ file: ArchiveFileHandle) { real.close(file) }
    func syncDirectory(_ path: String) throws(ArchiveError) { try real.syncDirectory(path) }
    func removeFile(_ path: String) throws(ArchiveError) { try real.removeFile(path) }
}

@Suite(.serialized)
struct ArchiveFailureLiveTests {
    @Test func aFullDiskRefusesNewGamesKeepsRunningOnesAndFailsHealthUntilItRecovers() throws {
        let disk = FillableFileSystem()
        let server = try LiveGameServer(fileSystem: disk) { $0.archive.retrySeconds = 0.05 }
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0, "closeWhenAllAnswered": false]])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        try host.send(type: "start")
        try ada.next("question")

        disk.full = true
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        #expect(try ada.next("answer_ack")["durable"] as? Bool == false)
        #expect(try health(server.port).status == 503)
        #expect(try health(server.port).body.contains("\"archive\":\"degraded\""))
        let other = try GameClient(port: server.port)
        #expect(try other.expectError(after: ["type": "create", "pack": "pub-classics", "token": LiveGameServer.editToken]) == "archive_unavailable")

        // The running game goes on in memory: the answer still scores.
        try host.send(type: "reveal")
        #expect((try ada.next("result")["result"] as? [String: Any])?["outcome"] as? String == "correct")

        disk.full = false
        #expect(eventually(timeout: 30) { (try? health(server.port).status) == 200 })
        try other.send(type: "create", ["pack": "pub-classics", "token": LiveGameServer.editToken])
        try other.next("created")
    }

    @Test func aCreateWhoseLineCannotBeWrittenIsRefusedAndLeavesNoRoom() throws {
        // The archive is still healthy when the create is accepted; its `room_created` line is the
        // first write to fail. The host token must not be handed out, and no room is left behind.
        let disk = FillableFileSystem()
        let server = try LiveGameServer(fileSystem: disk) { $0.archive.retrySeconds = 60 }
        defer { server.stop() }
        disk.full = true
        let host = try GameClient(port: server.port)
        #expect(try host.expectError(after: ["type": "create", "questions": LiveGameServer.pack]) == "archive_unavailable")
        let error = try #require(host.received.last { $0["type"] as? String == "error" })
        #expect((error["message"] as? String)?.contains("could not record the new game") == true, "\(error)")
        #expect(!host.received.contains { $0["type"] as? String == "created" })
        #expect(server.game.service.roomCount == 0)
    }

    func health(_ port: Int) throws -> (status: Int, body: String) {
        let client = try TestWebSocketClient(port: port)
        try client.sendRaw(Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        let status = try client.readHTTPResponse()
        return (status, try client.readToEOF())
    }
}
