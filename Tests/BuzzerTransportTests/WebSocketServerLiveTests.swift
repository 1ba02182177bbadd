import BuzzerApp
import BuzzerTestSupport
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Testing

/// Messages, control frames and the close handshake through the echo service over a real socket.
@Suite struct WebSocketEchoLiveTests {
    /// 0, the largest 7-bit length, the smallest 16-bit length, 64 KiB (64-bit length), 1 MiB
    /// (RFC 6455 §5.2 payload length encodings).
    static let sizes = [0, 125, 126, 64 << 10, 1 << 20]

    @Test(arguments: sizes)
    func echoesTextMessage(size: Int) throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let payload = asciiPayload(size)
            try client.sendFrame(.text, payload)
            let reply = try client.receiveMessage(timeout: 10)
            #expect(reply.opcode == .text)
            #expect(reply.payload.count == size)
            #expect(reply.payload == payload)
        }
    }

    @Test(arguments: sizes)
    func echoesBinaryMessage(size: Int) throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            let payload = binaryPayload(size)
            try client.sendFrame(.binary, payload)
            let reply = try client.receiveMessage(timeout: 10)
            #expect(reply.opcode == .binary)
            #expect(reply.payload.count == size)
            #expect(reply.payload == payload)
        }
    }

    @Test func echoesManyMessagesInOrder() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // All written before any is read: the server must keep them apart and in order.
            for index in 0..<200 { try client.send(text: "message \(index)") }
            for index in 0..<200 { #expect(try client.receiveText() == "message \(index)") }
        }
    }

    @Test func reassemblesFragmentsAndAnswersPingBetweenThemFirst() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // §5.4: control frames may be injected in the middle of a fragmented message.
            try client.sendFrame(.text, Array("Hello, ".utf8), fin: false)
            try client.sendFrame(.ping, Array("between".utf8))
            try client.sendFrame(.continuation, Array("fragmented ".utf8), fin: false)
            try client.sendFrame(.continuation, Array("world".utf8), fin: true)
            let first = try client.receiveFrame()
            #expect(first.opcode == .pong)
            #expect(first.text == "between")
            let echo = try client.receiveFrame()
            #expect(echo.opcode == .text)
            #expect(echo.fin)
            #expect(echo.text == "Hello, fragmented world")
        }
    }

    @Test func answersPingWithPongCarryingSamePayload() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // §5.5.2/§5.5.3: the pong carries the ping's application data; 125 bytes is the control-frame maximum.
            let payload = binaryPayload(125)
            try client.sendFrame(.ping, payload)
            let pong = try client.receiveFrame()
            #expect(pong.opcode == .pong)
            #expect(pong.payload == payload)
        }
    }

    @Test func closeHandshakeEchoes1000AndServerClosesTCPFirst() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            #expect(eventually { server.connectionCount == 1 })
            try client.sendClose(code: 1000, reason: "bye")
            let reply = try client.receiveFrame()
            #expect(reply.opcode == .close)
            #expect(reply.closeCode == 1000)
            // §7.1.1: the server closes the TCP connection first; we have not closed ours.
            #expect(client.waitForEOF())
            shutdown(client.fd, Int32(SHUT_RDWR))
            #expect(eventually { server.connectionCount == 0 })
        }
    }

    /// Once both Close frames are through, the peer sends nothing more, so there is no input to
    /// linger for: the server lets the connection go at once, not when the client closes its side or
    /// `closeSeconds` (2 s here) runs out.
    @Test func aCleanCloseHandshakeFreesTheConnectionWithoutWaitingForTheClient() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            #expect(eventually { server.connectionCount == 1 })
            try client.sendClose(code: 1000, reason: "bye")
            #expect(try client.receiveFrame().closeCode == 1000)
            #expect(client.waitForEOF())
            // The client's socket is still open, and stays open until the check is done.
            #expect(eventually(timeout: 1) { server.connectionCount == 0 })
            shutdown(client.fd, Int32(SHUT_RDWR))
        }
    }

    @Test func dataAfterCloseIsNotEchoed() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // §5.5.1: after sending Close the endpoint sends no more data; the echo must not come after it.
            var bytes = WebSocketFrameEncoder.encodeClose(code: 1000, maskingKey: .random())
            bytes += WebSocketFrameEncoder.encode(opcode: .text, payload: Array("late".utf8), maskingKey: .random())
            try client.sendRaw(bytes)
            let reply = try client.receiveFrame()
            #expect(reply.opcode == .close)
            #expect(client.waitForEOF())
        }
    }
}

/// The server fails the connection (RFC 6455 §7.1.7) with the right close code, seen over the socket.
@Suite struct WebSocketProtocolErrorLiveTests {
    /// Waits for the server's Close frame and then its TCP close; returns the close code.
    static func expectFailure(_ client: TestWebSocketClient) throws -> UInt16? {
        let frame = try client.receiveFrame()
        #expect(frame.opcode == .close)
        #expect(client.waitForEOF())
        return frame.closeCode
    }

    @Test func unmaskedClientFrameGets1002() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // §5.1: a server MUST close the connection on an unmasked client frame.
            try client.sendRaw(WebSocketFrameEncoder.encode(opcode: .text, payload: Array("naked".utf8)))
            #expect(try Self.expectFailure(client) == 1002)
            #expect(eventually { server.connectionCount == 0 })
        }
    }

    @Test func invalidUTF8TextGets1007() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // C3 28: a two-byte lead followed by a non-continuation byte (§8.1).
            try client.sendFrame(.text, [0x61, 0xC3, 0x28])
            #expect(try Self.expectFailure(client) == 1007)
        }
    }

    @Test func messageOverLimitGets1009() throws {
        let server = try LiveServer.echo {
            $0.websocket.maxFrameSize = 1024
            $0.websocket.maxMessageSize = 4096
        }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // Five 1,000-byte fragments: each frame fits, the message (5,000 bytes) does not.
            try client.sendFrame(.binary, binaryPayload(1000), fin: false)
            for index in 1..<5 { try client.sendFrame(.continuation, binaryPayload(1000), fin: index == 4) }
            #expect(try Self.expectFailure(client) == 1009)
        }
    }

    @Test func frameOverLimitGets1009() throws {
        let server = try LiveServer.echo { $0.websocket.maxFrameSize = 1024 }
        try LiveServer.with(server) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            try client.sendFrame(.binary, binaryPayload(2048))
            #expect(try Self.expectFailure(client) == 1009)
        }
    }

    @Test func reservedOpcodeGets1002() throws {
        try LiveServer.with(LiveServer.echo()) { server in
            let client = try TestWebSocketClient.connect(port: server.port)
            // FIN + opcode 3 (reserved, §5.2), masked, empty payload.
            try client.sendRaw([0x83, 0x80, 1, 2, 3, 4])
            #expect(try Self.expectFailure(client) == 1002)
        }
    }
}
