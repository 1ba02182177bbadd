import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import Foundation
import Glibc
import Testing

/// Plain HTTP requests with a body (`Content-Length`), over real sockets: read in pieces, refused
/// past the app's limit or when chunked, `Expect: 100-continue`, the slow-body timeout, and the
/// app answering later from another queue on a connection that stays open for the next request.
@Suite struct RequestBodyLiveTests {
    static func checksum(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF_FFFF } }

    @Test func aBodyInPiecesReachesTheAppWholeAndTheConnectionServesTheNextRequest() throws {
        try LiveServer.with(LiveServer.recording(RecordingService())) { server in
            let client = try TestWebSocketClient(port: server.port)
            let body = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try client.sendRaw(Array("POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n\r\n".utf8))
            for start in stride(from: 0, to: body.count, by: 50_000) {
                try client.sendRaw(Array(body[start..<min(body.count, start + 50_000)]))
            }
            #expect(try client.readHTTPResponse() == 201)
            let expected = "POST \(body.count) \(Self.checksum(body))"
            #expect(client.readBody(count: expected.utf8.count) == expected)
            try client.sendRaw(Array("GET /after HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            #expect(try client.readHTTPResponse() == 200)
            #expect(try client.readToEOF() == "plain /after")
        }
    }

    @Test func aBodyPastTheLimitIsRefusedBeforeItIsRead() throws {
        try LiveServer.with(LiveServer.recording(RecordingService())) { server in
            let too = RecordingService.uploadLimit + 1
            let refused = try WebSocketHandshakeLiveTests.exchange(
                Array("PUT /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(too)\r\n\r\n".utf8), port: server.port)
            #expect(refused.head.hasPrefix("HTTP/1.1 413"))
            #expect(refused.body.contains("at most \(RecordingService.uploadLimit)"))
            #expect(refused.closed)
            let none = try WebSocketHandshakeLiveTests.exchange(
                Array("POST /elsewhere HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello".utf8), port: server.port)
            #expect(none.head.hasPrefix("HTTP/1.1 413"))
            #expect(none.body.contains("takes no request body"))
        }
    }

    /// The app refuses from the head: its answer comes at once though the announced body never
    /// does, and the connection closes rather than read the body as the next request.
    @Test func anAnswerFromTheHeadIsSentWithoutReadingTheBody() throws {
        try LiveServer.with(LiveServer.recording(RecordingService())) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw(Array("POST /upload HTTP/1.1\r\nHost: x\r\nAuthorization: refuse\r\nContent-Length: \(RecordingService.uploadLimit)\r\n\r\n".utf8))
            #expect(try client.readHTTPResponse(timeout: 5) == 401, "well inside handshakeSeconds, which a body read would wait")
            #expect(WebSocketHandshakeLiveTests.header("Connection", in: client.handshakeResponse) == "close")
            #expect(try client.readToEOF(timeout: 5) == "refused unread")
            let chunked = try WebSocketHandshakeLiveTests.exchange(
                Array("POST /upload HTTP/1.1\r\nHost: x\r\nAuthorization: refuse\r\nTransfer-Encoding: chunked\r\n\r\n".utf8), port: server.port)
            #expect(chunked.head.hasPrefix("HTTP/1.1 401"), "the app's answer comes before any framing check")
        }
    }

    @Test func chunkedAndMalformedLengthsAreRefusedWithAReason() throws {
        try LiveServer.with(LiveServer.recording(RecordingService())) { server in
            let chunked = try WebSocketHandshakeLiveTests.exchange(
                Array("POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8), port: server.port)
            #expect(chunked.head.hasPrefix("HTTP/1.1 411"))
            for length in ["-1", "12abc", "1, 2"] {
                let bad = try WebSocketHandshakeLiveTests.exchange(
                    Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n".utf8), port: server.port)
                #expect(bad.head.hasPrefix("HTTP/1.1 400"), "Content-Length: \(length)")
            }
        }
    }

    @Test func expectContinueGetsAnInterimAnswerBeforeTheBody() throws {
        try LiveServer.with(LiveServer.recording(RecordingService())) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw(Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n".utf8))
            let interim = String(decoding: RawSocket.read(client.fd, count: 25), as: UTF8.self)
            #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n")
            try client.sendRaw(Array("hello".utf8))
            #expect(try client.readHTTPResponse() == 201)
            #expect(try client.readToEOF() == "POST 5 \(Self.checksum(Array("hello".utf8)))")
        }
    }

    @Test func aBodyThatStopsComingIsTimedOut() throws {
        try LiveServer.with(LiveServer.recording(RecordingService()) { $0.timeouts.handshakeSeconds = 0.5 }) { server in
            let client = try TestWebSocketClient(port: server.port)
            try client.sendRaw(Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nonly some".utf8))
            let (bytes, eof) = RawSocket.readToEOF(client.fd)
            #expect(bytes.isEmpty)
            #expect(eof, "the server should close a connection whose body stalls")
        }
    }
}
