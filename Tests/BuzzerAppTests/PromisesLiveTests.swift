@testable import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Synchronization
import Testing

/// A disk whose `fdatasync` takes `delay`, and which remembers how much of each file it has synced:
/// what a restart after a SIGKILL would find.
final class SlowSyncFileSystem: ArchiveFileSystem {
    private let real = POSIXArchiveFileSystem()
    private let delay: Double
    private let synced = Mutex<[String: Int]>([:])

    init(delay: Double) { self.delay = delay }

    /// Every line that is on stable storage now, across the archive's files.
    func durableLines() -> [String] {
        synced.withLock { $0 }.flatMap { path, length -> [String] in
            guard let data = FileManager.default.contents(atPath: path) else { return [] }
            return String(decoding: data.prefix(length), as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    func createDirectory(_ path: String) throws(ArchiveError) { try real.createDirectory(path) }
    func listDirectory(_ path: String) throws(ArchiveError) -> [String] { try real.listDirectory(path) }
    func openForAppend(_ path: String) throws(ArchiveError) -> ArchiveFileHandle { try real.openForAppend(path) }
    func write(_ file: ArchiveFileHandle, _ bytes: UnsafeRawBufferPointer) throws(ArchiveError) -> Int { try real.write(file, bytes) }
    func syncData(_ file: ArchiveFileHandle) throws(ArchiveError) {
        // A slow disk, so that anything sent before its line is durable is caught doing so.
        Thread.sleep(forTimeInterval: delay)
        try real.syncData(file)
        let length = try real.size(file)
        synced.withLock { $0[file.path] = length }
    }
    func size(_ file: ArchiveFileHandle) throws(ArchiveError) -> Int { try real.size(file) }
    func truncate(_ file: ArchiveFileHandle, to length: Int) throws(ArchiveError) { try real.truncate(file, to: length) }
    func close(_ file: ArchiveFileHandle) { real.close(file) }
    func syncDirectory(_ path: String) throws(ArchiveError) { try real.syncDirectory(path) }
    func removeFile(_ path: String) throws(ArchiveError) { try real.removeFile(path) }
}

/// A game clock the test moves by hand.
final class ManualClock: Sendable {
    private let value = Atomic<Int64>(1_800_000_000_000)
    var now: GameInstant { value.load(ordering: .relaxed) }
    func advance(by milliseconds: Int64) { value.add(milliseconds, ordering: .relaxed) }
}

/// The promises around answers that must hold under faults and tricks (issue 10).
@Suite(.serialized)
struct PromisesLiveTests {
    static var settings: [String: Any] { ["readingTimeMs": 0, "closeWhenAllAnswered": false] }

    @Test func aSeatATokenAndAResultAreToldOnlyOnceTheirEventIsDurable() throws {
        let disk = SlowSyncFileSystem(delay: 0.15)
        let server = try LiveGameServer(fileSystem: disk)
        defer { server.stop() }
        func durable(_ type: String, _ detail: String = "") -> Bool {
            disk.durableLines().contains { $0.contains("\"type\":\"\(type)\"") && (detail.isEmpty || $0.contains(detail)) }
        }

        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": Self.settings])
        let code = try #require(try host.next("created")["code"] as? String)
        #expect(durable("room_created", "\"room\":\"\(code)\""), "the host token was handed out before the room was in the log")

        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        let joined = try ada.next("joined")
        #expect(durable("player_joined", "\"nickname\":\"Ada\""), "a seat was handed out before it was in the log")

        // A resume rotates the token: the new one must be the one a restart knows.
        let token = try #require(joined["resumeToken"] as? String)
        let phone = try GameClient(port: server.port)
        try phone.send(type: "resume", ["code": code, "token": token])
        let resumed = try phone.next("joined")
        let rotated = try #require(resumed["resumeToken"] as? String)
        #expect(rotated != token)
        #expect(durable("player_reconnected", Secrets.hash(rotated)), "the rotated token was handed out before it was in the log")

        try host.send(type: "start")
        try phone.next("question")
        try phone.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        try phone.next("answer_ack")
        try host.send(type: "reveal")
        try phone.next("result")
        #expect(durable("question_revealed"), "a result was shown before the reveal was in the log")
    }

    @Test func aReloadDoesNotRestartTheAnswerClock() throws {
        let clock = ManualClock()
        let server = try LiveGameServer(clock: { clock.now })
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": Self.settings])
        let code = try #require(try host.next("created")["code"] as? String)
        let ada = try GameClient(port: server.port), bob = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        let token = try #require(try ada.next("joined")["resumeToken"] as? String)
        try bob.send(type: "join", ["code": code, "nickname": "Bob"])
        try bob.next("joined")

        try host.send(type: "start")
        try ada.next("question")
        try bob.next("question")
        // A round trip on each connection's loop: the server has noted when it wrote the question
        // there (its write callback runs on that loop) before the clock moves.
        for client in [ada, bob] { #expect(try client.expectError(after: ["type": "sync"]) == "bad_message") }
        // Both read the question for 4 s. Ada drops, looks the answer up, reloads and answers at once.
        clock.advance(by: 4000)
        ada.drop()
        let reloaded = try GameClient(port: server.port)
        try reloaded.send(type: "resume", ["code": code, "token": token])
        try reloaded.next("state")
        try reloaded.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        try reloaded.next("answer_ack")
        try bob.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        try bob.next("answer_ack")

        try host.send(type: "reveal")
        let adaPoints = try #require((try reloaded.next("result")["result"] as? [String: Any])?["points"] as? Int)
        let bobPoints = try #require((try bob.next("result")["result"] as? [String: Any])?["points"] as? Int)
        #expect(bobPoints < 1000, "4 s into a 20 s question should not score full points")
        #expect(adaPoints == bobPoints, "the reload restarted Ada's clock: \(adaPoints) against \(bobPoints)")
        let recorded = try server.loggedEvents(of: code).compactMap { event -> GameDuration? in
            if case .answerRecorded(let answer) = event { answer.responseMs } else { nil }
        }
        #expect(recorded == [4000, 4000])
    }

    @Test func theHostAPlayerAndAProjectorCanComeBackToThePodium() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": Self.settings])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String), hostToken = try #require(created["hostToken"] as? String)
        let ada = try GameClient(port: server.port), bob = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        let token = try #require(try ada.next("joined")["resumeToken"] as? String)
        try bob.send(type: "join", ["code": code, "nickname": "Bob"])
        try bob.next("joined")
        try host.send(type: "start")
        try ada.next("question")
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        try ada.next("answer_ack")
        try host.send(type: "reveal")
        try ada.next("result")
        try host.send(type: "end")
        try ada.next("ended")

        // Ada's phone locked during the podium; the host's laptop and the projector reloaded.
        ada.drop()
        host.drop()
        let phone = try GameClient(port: server.port)
        try phone.send(type: "resume", ["code": code, "token": token])
        let joined = try phone.next("joined")
        #expect(joined["resumed"] as? Bool == true)
        #expect(joined["resumeToken"] as? String == token, "nothing is logged after the end, so the token stays")
        let state = try phone.next("state")
        #expect(state["phase"] as? String == "ended")
        #expect((state["me"] as? [String: Any])?["rank"] as? Int == 1)
        #expect(((state["ended"] as? [String: Any])?["podium"] as? [String: Any]) != nil)

        let laptop = try GameClient(port: server.port)
        try laptop.send(type: "host", ["code": code, "token": hostToken])
        try laptop.next("hosting")
        #expect(try laptop.next("state")["phase"] as? String == "ended")
        let projector = try GameClient(port: server.port)
        try projector.send(type: "watch", ["code": code])
        try projector.next("watching")
        #expect(try projector.next("state")["phase"] as? String == "ended")

        // Still no new seats, and a wrong token is still refused.
        let late = try GameClient(port: server.port)
        #expect(try late.expectError(after: ["type": "join", "code": code, "nickname": "Late"]) == "room_ended")
        let stranger = try GameClient(port: server.port)
        #expect(try stranger.expectError(after: ["type": "resume", "code": code, "token": String(repeating: "0", count: 32)]) == "unknown_player")

        // A restart within the retention brings the podium back too.
        server.stop()
        let restarted = try LiveGameServer(archiveDirectory: server.archiveDirectory)
        defer { restarted.stop() }
        let again = try GameClient(port: restarted.port)
        try again.send(type: "resume", ["code": code, "token": token])
        try again.next("joined")
        let after = try again.next("state")
        #expect(after["phase"] as? String == "ended")
        #expect((after["me"] as? [String: Any])?["rank"] as? Int == 1)
    }
}
