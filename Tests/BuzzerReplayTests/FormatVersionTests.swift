import BuzzerArchive
import BuzzerGame
import Foundation
import Testing
@testable import BuzzerReplay

/// Archives written before line format 2 must still recover, replay and verify to the same game.
/// `Fixtures/archive-v1` was written by the format 1 writer (commit caaf0d1): the whole game of
/// `PlayedGame.wholeGame()` as ABCD, and WXYZ, a game left open after one question and an
/// adjustment, interleaved with it.
@Suite struct FormatVersionTests {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/archive-v1").path

    private func lines(of directory: String) throws -> [ArchiveLine] {
        var lines: [ArchiveLine] = []
        try ArchiveReader(path: directory).read { if case .line(let line) = $0 { lines.append(line) } }
        return lines
    }

    @Test func formatOneLinesDecodeToTheEventsFormatTwoWritesBack() throws {
        let old = try lines(of: Self.fixture)
        #expect(old.count == 70)
        #expect(old.allSatisfy { $0.version == 1 && $0.text.contains(#""at":\#($0.time)"#) })
        let events = try old.map { try $0.decode(RoomEvent.self) }
        #expect(zip(old, events).allSatisfy { $0.time == $1.at })

        let dir = TemporaryDirectory()
        try writeArchive(zip(old, events).map { ($0.room, $1) }, to: dir.path)
        let new = try lines(of: dir.path)
        #expect(new.allSatisfy { $0.version == 2 && !$0.text.contains(#""at":"#) })
        #expect(try new.map { try $0.decode(RoomEvent.self) } == events)
        #expect(new.map(\.time) == old.map(\.time))
        // Format 2 is shorter: the instant is written once.
        #expect(new.map(\.bytes.count).reduce(0, +) < old.map(\.bytes.count).reduce(0, +))
    }

    @Test func formatOneArchiveVerifiesAndExportsTheSameGameAsTheGoldenFile() throws {
        let report = try VerifyReport(scan(Self.fixture))
        #expect(report.ok, "\(report.games.flatMap(\.issues).map(\.message))")
        #expect(report.games.map(\.game).sorted() == ["ABCD@1", "WXYZ@1"])
        #expect(report.lines == 70)
        let rows = try AnswerExport.rows(of: scan(Self.fixture).game(GameReference(code: "ABCD")))
        let golden = URL(fileURLWithPath: Self.fixture).deletingLastPathComponent().appendingPathComponent("export.csv")
        #expect(AnswerExport.csv(rows) == (try String(decoding: Data(contentsOf: golden), as: UTF8.self)))
    }

    @Test func formatOneArchiveRecoversTheOpenRoomAsItWasPlayed() throws {
        let report = try ArchiveRecovery.openRooms(directory: Self.fixture, isTerminal: { $0.type == "room_ended" })
        #expect(report.problems.isEmpty)
        #expect(report.lastSeq == 70)
        #expect(report.rooms.map(\.room) == ["WXYZ"])
        let recovered = try #require(report.rooms.first)
        let room = try Room.replay(recovered.lines.map { try $0.decode(RoomEvent.self) })
        #expect(room.code == "WXYZ")
        let scores = room.standings.players.map { "\($0.nickname) \($0.score)" }
        #expect(scores.count == 2)
        #expect(scores.last == "Fay 3", "\(scores)")  // a wrong answer, then the host's +3

        // The same events written as format 2 recover to the same room.
        let dir = TemporaryDirectory()
        try writeArchive(try lines(of: Self.fixture).map { ($0.room, try $0.decode(RoomEvent.self)) }, to: dir.path)
        let again = try ArchiveRecovery.openRooms(directory: dir.path, isTerminal: { $0.type == "room_ended" })
        let replayed = try Room.replay(try #require(again.rooms.first).lines.map { try $0.decode(RoomEvent.self) })
        #expect(replayed.standings == room.standings)
        #expect(replayed.phase == room.phase)
    }
}
