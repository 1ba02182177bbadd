import BuzzerTestSupport
import Foundation
import Testing

/// The host's results download is `buzzer replay export` of the same log, behind the host key.
struct ResultsDownloadLiveTests {
    @Test func theDownloadIsWhatReplayExportPrintsAndNeedsTheHostKey() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
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

    static func get(port: Int, _ path: String, token: String?) throws -> (status: Int, body: String) {
        try TestWebSocketClient.httpGet(port: port, path: path, headers: token.map { ["Authorization": "Bearer \($0)"] } ?? [:])
    }
}
