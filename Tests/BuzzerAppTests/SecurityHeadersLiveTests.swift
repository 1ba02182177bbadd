import BuzzerApp
import BuzzerTestSupport
import BuzzerWebSocket
import Foundation
import Testing

/// `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` on every kind of answer
/// `buzzer serve` gives over a real socket: the API, media, health, metrics, settings, pages, the
/// app's errors, and the errors the transport and the handshake make themselves.
@Suite struct SecurityHeadersLiveTests {
    static let token = "test-edit-token-0123456789"

    /// Sends `request` on a new connection and returns the first response head.
    static func head(_ port: Int, _ request: String) throws -> String {
        let client = try TestWebSocketClient(port: port)
        try client.sendRaw(Array(request.utf8))
        _ = try client.readHTTPResponse(timeout: 10)
        return client.handshakeResponse
    }

    static func get(_ path: String, _ extra: String = "", close: Bool = true) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(close ? "Connection: close\r\n" : "")\(extra)\r\n"
    }

    static func expectSafe(_ head: String, _ what: String, status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let statusLine = head.split(separator: "\r\n").first.map(String.init) ?? ""
        #expect(statusLine.hasPrefix("HTTP/1.1 \(status) "), "\(what): \(statusLine)", sourceLocation: sourceLocation)
        let lines = head.components(separatedBy: "\r\n").map { $0.lowercased() }
        #expect(lines.filter { $0 == "x-content-type-options: nosniff" }.count == 1, "\(what) has nosniff once", sourceLocation: sourceLocation)
        #expect(lines.filter { $0 == "referrer-policy: no-referrer" }.count == 1, "\(what) has Referrer-Policy once", sourceLocation: sourceLocation)
    }

    @Test func everyKindOfAnswerCarriesNosniffAndReferrerPolicy() throws {
        let server = try LiveGameServer {
            $0.library.editToken = Self.token
            $0.websocket.maxHeaderBytes = 4096
        }
        defer { server.stop() }
        let port = server.port
        let picture: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("a PNG by its signature".utf8)
        let upload = try LibraryAPILiveTests.request(port, "POST", "/api/media", bytes: picture, token: Self.token)
        let media = try #require(upload.json["url"] as? String)
        let asset = try LibraryAPILiveTests.request(port, "GET", "/assets/app.css")
        let etag = try #require(asset.header("ETag"))

        let answers: [(String, Int, String)] = [
            ("a page", 200, Self.get("/")),
            ("the host console", 200, Self.get("/host")),
            ("an asset", 200, Self.get("/assets/host.js")),
            ("an asset not modified", 304, Self.get("/assets/app.css", "If-None-Match: \(etag)\r\n")),
            ("a HEAD", 200, "HEAD /host HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"),
            ("an unknown page", 404, Self.get("/nowhere")),
            ("/healthz", 200, Self.get("/healthz")),
            ("/metrics", 200, Self.get("/metrics")),
            ("/api/settings", 200, Self.get("/api/settings")),
            ("the pack list", 200, Self.get("/api/packs")),
            ("a pack's summary", 200, Self.get("/api/packs/pub-classics")),
            ("a whole pack", 200, Self.get("/api/packs/pub-classics", "Authorization: Bearer \(Self.token)\r\n")),
            ("questions without the token", 401, Self.get("/api/questions")),
            ("a bad page number", 400, Self.get("/api/packs?page=0")),
            ("media", 200, Self.get(media)),
            ("a range of media", 206, Self.get(media, "Range: bytes=0-3\r\n")),
            ("unknown media", 404, Self.get("/media/" + String(repeating: "0", count: 64) + ".png")),
            ("a QR code for no room", 404, Self.get("/qr/ZZZZZZ.svg")),
            ("results for no room", 404, Self.get("/api/rooms/ZZZZZZ/results.csv")),
            ("a write without the token", 401, "POST /api/packs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n"),
            ("the API's 405", 405, "PATCH /api/packs/pub-classics HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\nContent-Length: 2\r\n\r\n{}"),
            ("the app's 405", 405, "POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"),
            ("the transport's 400", 400, "GET /\u{1}bad HTTP/1.1\r\n\r\n"),
            ("the transport's 411", 411, "POST /api/packs HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\nTransfer-Encoding: chunked\r\n\r\n"),
            ("the transport's 413", 413, "POST /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello"),
            ("the transport's 431", 431, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "x", count: 5000))\r\n\r\n"),
            ("a refused upgrade (path)", 404, Self.get("/elsewhere", "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")),
            ("a refused upgrade (version)", 426, Self.get("/ws", "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 8\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n")),
        ]
        for (what, status, request) in answers {
            Self.expectSafe(try Self.head(port, request), what, status: status)
        }
        // A kept-alive answer is written by another path than one that closes the connection.
        Self.expectSafe(try Self.head(port, Self.get("/healthz", close: false)), "a kept-alive answer", status: 200)
    }

    @Test func metricsRefusedToAnAddressOutsideAllowFromCarryThemToo() throws {
        let server = try LiveGameServer { $0.metrics.allowFrom = ["10.0.0.0/8"] }
        defer { server.stop() }
        Self.expectSafe(try Self.head(server.port, Self.get("/metrics")), "a refused /metrics", status: 403)
    }
}
