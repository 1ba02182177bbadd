import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Testing

/// The WebSocket Origin rule on `buzzer serve` over a real socket: a page from another site cannot
/// open `/ws` (a page someone on the bar's Wi-Fi opens could otherwise drive a LAN-only server).
@Suite(.serialized)
struct OriginLiveTests {
    /// Sends an upgrade to `/ws` with these extra header lines; returns the status and the client.
    static func upgrade(port: Int, _ headers: [String]) throws -> (status: Int, client: TestWebSocketClient) {
        let client = try TestWebSocketClient(port: port)
        let lines = ["GET /ws HTTP/1.1"] + headers + [
            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
            "Sec-WebSocket-Version: 13", "Sec-WebSocket-Protocol: buzzer.v1",
        ]
        try client.sendRaw(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8))
        return (try client.readHTTPResponse(), client)
    }

    @Test func aPageFromAnotherSiteIsRefusedWith403AndThePagesOwnOriginPlays() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let host = "Host: 127.0.0.1:\(server.port)"
        let refused = try Self.upgrade(port: server.port, [host, "Origin: http://evil.example"])
        #expect(refused.status == 403)
        #expect(try Self.upgrade(port: server.port, [host, "Origin: http://127.0.0.1:\(server.port + 1)"]).status == 403)

        // The host console as served by this server, and a client that sends no Origin at all.
        let own = try Self.upgrade(port: server.port, [host, "Origin: http://127.0.0.1:\(server.port)"])
        #expect(own.status == 101)
        try own.client.send(text: #"{"type":"create","pack":"pub-classics"}"#)
        let created = try own.client.receiveMessage()
        #expect(created.text.contains("\"type\":\"created\""), "\(created.text)")
        #expect(try Self.upgrade(port: server.port, [host]).status == 101)
    }

    @Test func allowedOriginsAndPublicURLWidenTheSet() throws {
        let server = try LiveGameServer {
            $0.server.publicURL = "https://quiz.example.org"
            $0.websocket.allowedOrigins = ["http://screens.example:8080"]
        }
        defer { server.stop() }
        // A proxy that rewrote Host to the backend's address.
        let host = "Host: 127.0.0.1:\(server.port)"
        #expect(try Self.upgrade(port: server.port, [host, "Origin: https://quiz.example.org"]).status == 101)
        #expect(try Self.upgrade(port: server.port, [host, "Origin: http://screens.example:8080"]).status == 101)
        #expect(try Self.upgrade(port: server.port, [host, "Origin: https://evil.example"]).status == 403)
    }
}
