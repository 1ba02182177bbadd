import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerTestSupport
import BuzzerTransport
import Foundation
import Testing

/// `buzzer serve`'s server in-process on 127.0.0.1 port 0, two loops (so rooms and players sit
/// on different loops), its log in a fresh temporary directory.
final class LiveGameServer {
    let game: GameServer
    let port: Int
    let archiveDirectory: String
    let config: BuzzerConfig

    convenience init(archiveDirectory: String? = nil, fileSystem: any ArchiveFileSystem = POSIXArchiveFileSystem(), _ adjust: (inout BuzzerConfig) -> Void = { _ in }) throws {
        try self.init(clock: GameService.wallClock, archiveDirectory: archiveDirectory, fileSystem: fileSystem, adjust: adjust)
    }

    /// The same with the game's clock given (a test that moves time by hand).
    init(
        clock: @escaping @Sendable () -> GameInstant, archiveDirectory: String? = nil,
        fileSystem: any ArchiveFileSystem = POSIXArchiveFileSystem(), adjust: (inout BuzzerConfig) -> Void = { _ in }
    ) throws {
        let directory = archiveDirectory ?? ScratchFolder.make("buzzer-app", create: false)
        ScratchFolder.removeAtExit(directory + "-media")
        var config = BuzzerConfig()
        config.server.host = "127.0.0.1"
        config.server.port = 0
        config.server.eventLoops = 2
        config.archive.directory = directory
        config.archive.durability = .group
        config.rooms.libraryDirectory = LiveGameServer.packageRoot + "/questions"
        config.library.mediaDirectory = directory + "-media"
        // Hosting a library pack needs it: tests send it with `"pack"` creates.
        config.library.editToken = LiveGameServer.editToken
        config.rooms.lobbyUpdateMilliseconds = 20
        config.timeouts.pingIntervalSeconds = 0
        adjust(&config)
        self.config = config
        self.archiveDirectory = directory
        game = try GameServer(config: config, fileSystem: fileSystem, clock: clock)
        port = try game.start()
    }

    private var stopped = false

    /// Stops the server; a second call does nothing.
    func stop() {
        guard !stopped else { return }
        stopped = true
        let done = DispatchSemaphore(value: 0)
        game.shutdown(within: 2) { done.signal() }
        _ = done.wait(timeout: .now() + 5)
    }

    /// The events of `code` as the log has them, decoded.
    func loggedEvents(of code: String) throws -> [RoomEvent] {
        var events: [RoomEvent] = []
        let reader = try ArchiveReader(path: archiveDirectory)
        _ = try reader.read { item in
            if case .line(let line) = item, line.room == code, let event = try? line.decode(RoomEvent.self) { events.append(event) }
        }
        return events
    }

    /// The library's edit token in every test server's config: a `create` from a library pack sends it.
    static let editToken = "test-edit-token-0123456789"

    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A short pack covering choice, text and number questions.
    static var pack: [String: Any] { [
        "title": "Test Night",
        "rounds": [
            ["title": "One", "questions": [
                ["kind": "choice", "category": "Geography", "text": "Capital of Australia?",
                 "options": ["Sydney", "Canberra", "Melbourne", "Perth"], "answer": 1, "explanation": "Canberra was purpose-built."],
                ["kind": "text", "category": "Music", "text": "Who recorded Abbey Road?", "answer": ["The Beatles"]],
            ]],
            ["title": "Two", "questions": [
                ["kind": "number", "category": "History", "text": "Year of the Moon landing?", "answer": 1969],
            ]],
        ],
    ] }
}
