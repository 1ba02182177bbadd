@testable import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import Foundation
import Testing

/// Request targets over a real socket: `GET */metrics` and the like once answered 200 with the
/// route after their first segment, which is how `*/metrics` got past HAProxy's `/metrics` rule.
/// Now only a path starting with `/`, or `http://host/path` naming this server, is served.
@Suite(.serialized) struct RequestTargetLiveTests {
    @Test func aTargetWithoutItsLeadingSlashIsRefusedWith400() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        for target in ["*/metrics", "foo/metrics", "x/api/settings", "*", "metrics", "x/healthz"] {
            let answer = try TestWebSocketClient.httpGet(port: server.port, path: target)
            #expect(answer.status == 400, "\(target)")
            #expect(answer.body.contains("must be a path starting with /"), "\(target): \(answer.body)")
            #expect(!answer.body.contains("buzzer_"), "\(target)")
        }
        #expect(try TestWebSocketClient.httpGet(port: server.port, path: "/metrics").status == 200, "the path itself still works")
    }

    @Test func anAbsoluteFormTargetIsServedOnlyForThisServer() throws {
        let server = try LiveGameServer { $0.server.publicURL = "https://quiz.example.org" }
        defer { server.stop() }
        // The address the client reached, and the public name, with any port.
        for target in ["http://127.0.0.1:\(server.port)/api/settings", "https://QUIZ.example.org/api/settings", "http://quiz.example.org:9/api/settings"] {
            let answer = try TestWebSocketClient.httpGet(port: server.port, path: target)
            #expect(answer.status == 200, "\(target): \(answer.body)")
            #expect(answer.body.contains("roomDefaults"), "\(target)")
        }
        // An open-proxy probe, or another host: not ours.
        for target in ["http://www.example.com/api/settings", "http://127.0.0.2/metrics"] {
            let answer = try TestWebSocketClient.httpGet(port: server.port, path: target)
            #expect(answer.status == 400, "\(target)")
            #expect(answer.body.contains("answers for its own address only"), "\(target): \(answer.body)")
        }
    }

    @Test func aRouteNeverMatchesAPathWithoutItsLeadingSlash() {
        // Defence in depth below the parser: the router's own split.
        #expect(PathPattern.split("*/metrics").isEmpty)
        #expect(PathPattern("/metrics").match(PathPattern.split("*/metrics")) == nil)
        #expect(PathPattern("/metrics").match(PathPattern.split("/metrics")) != nil)
    }
}
