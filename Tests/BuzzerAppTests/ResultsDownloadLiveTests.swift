import BuzzerApp
import BuzzerArchive
import BuzzerTestSupport
import Foundation
import Testing

/// The host's results download is `buzzer replay export` of the same log, behind the host key.
struct ResultsDownloadLiveTests {
    @Test func theDownloadIsWhatReplayExportPrintsAndNeedsTheHostKey() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let (code, token) = try Self.playOneAnswer(on: server)

        let path = "/api/rooms/\(code)/results"
        #expect(try Self.get(port: server.port, path + ".csv", token: nil).status == 401)
        #expect(try Self.get(port: server.port, path + ".csv", token: "not-the-key").status == 401)
        #expect(try Self.get(port: server.port, "/api/rooms/ZZZZZZ/results.csv", token: token).status == 404)
        for format in ["csv", "json"] {
            let download = try Self.get(port: server.port, "\(path).\(format)", token: token)
            #expect(download.status == 200)
            let export = try ChildProcess.run(URL(fileURLWithPath: ServerProcess.binaryPath),
                                              ["replay", "export", code, "--format", format, "--archive", server.archiveDirectory], timeout: 60)
            #expect(export.status == 0, "\(export.output)")
            #expect(download.body == export.output, "\(format)")
            #expect(download.body.contains("Ada"))
        }
    }

    /// The download reads the game's lines through the archive's index: kept as the log is written,
    /// and rebuilt by the start-up read after a restart (the ended room comes back for its podium).
    @Test func aDownloadAfterARestartReadsTheIndexRebuiltAtStartUp() throws {
        var server = try LiveGameServer()
        defer { server.stop() }
        let (code, token) = try Self.playOneAnswer(on: server)
        let kept = server.game.archive.currentIndex.ranges(room: code)
        #expect(!kept.isEmpty)
        let before = try Self.get(port: server.port, "/api/rooms/\(code)/results.csv", token: token)
        #expect(before.status == 200)
        #expect(before.body.contains("Ada"))

        server.stop()
        server = try LiveGameServer(archiveDirectory: server.archiveDirectory)
        #expect(server.game.archive.currentIndex.ranges(room: code) == kept)
        #expect(server.game.archive.currentIndex.roomCount == 1, "only the rooms the server brought back are indexed")
        let after = try Self.get(port: server.port, "/api/rooms/\(code)/results.csv", token: token)
        #expect(after.status == 200)
        #expect(after.body == before.body)
    }

    /// A game where Ada answers one question, revealed, then ended: its code and host key.
    static func playOneAnswer(on server: LiveGameServer) throws -> (code: String, token: String) {
        let host = try GameClient(port: server.port)
        try host.send(type: "create", ["questions": LiveGameServer.pack, "settings": ["readingTimeMs": 0, "closeWhenAllAnswered": true]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String), token = try #require(created["hostToken"] as? String)
        let ada = try GameClient(port: server.port)
        try ada.send(type: "join", ["code": code, "nickname": "Ada"])
        try ada.next("joined")
        try host.send(type: "start")
        try ada.next("question")
        try ada.send(type: "answer", ["question": 0, "answer": ["kind": "choice", "option": 1]])
        try host.next("answers_closed")
        try host.send(type: "reveal")
        try ada.next("result")
        try host.send(type: "end")
        try host.next("ended")
        return (code, token)
    }

    /// A player's name, team and typed answer, and the pack's question text, all go into the host's
    /// spreadsheet: any that would start a formula arrives with a leading `'`; points stay numbers.
    @Test func theResultsCSVDefusesFormulasPlayersTyped() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = try GameClient(port: server.port)
        let pack: [String: Any] = ["title": "Formulas", "questions": [
            ["kind": "text", "category": "Maths", "text": "=1+1, in words?", "answer": ["two"]],
        ]]
        try host.send(type: "create", ["questions": pack, "settings": ["readingTimeMs": 0, "closeWhenAllAnswered": true, "teamMode": true]])
        let created = try host.next("created")
        let code = try #require(created["code"] as? String), token = try #require(created["hostToken"] as? String)
        let player = try GameClient(port: server.port)
        try player.send(type: "join", ["code": code, "nickname": "=HYPERLINK(\"x\",\"y\")", "team": "@SUM(A1:A9)"])
        try player.next("joined")
        try host.send(type: "start")
        try player.next("question")
        try player.send(type: "answer", ["question": 0, "answer": ["kind": "text", "text": "+cmd|' /C calc'!A0"]])
        try host.next("answers_closed")
        try host.send(type: "reveal")
        try player.next("result")
        try host.send(type: "end")
        try host.next("ended")

        let download = try Self.get(port: server.port, "/api/rooms/\(code)/results.csv", token: token)
        #expect(download.status == 200)
        let row = try #require(download.body.components(separatedBy: "\r\n").dropFirst().first)
        #expect(row.hasPrefix("\(code)@1,answer,1,1,\"'=1+1, in words?\",\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\",'@SUM(A1:A9),'+cmd|' /C calc'!A0,false,wrong,"), "\(row)")
        #expect(row.hasSuffix(",0,0,,,true"), "points stay numbers: \(row)")
        #expect(download.body.contains(",total,,,,,'@SUM(A1:A9),"), "the team's standing row too: \(download.body)")
    }

    static func get(port: Int, _ path: String, token: String?) throws -> (status: Int, body: String) {
        try TestWebSocketClient.httpGet(port: port, path: path, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }
}
