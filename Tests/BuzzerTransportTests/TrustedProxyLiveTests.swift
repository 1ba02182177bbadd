import BuzzerApp
import BuzzerTestSupport
@testable import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Glibc
import Logging
import Synchronization
import Testing

/// `server.trustedProxies` over real sockets, each client on its own loopback address (all of
/// 127.0.0.0/8 is local): a trusted peer's PROXY v2 header and `X-Forwarded-For` name the client the
/// app sees as `remoteAddress`, per request; an untrusted peer's change nothing.
@Suite(.serialized) struct TrustedProxyLiveTests {
    /// Answers every request with the `remoteAddress` it was given, and keeps each upgrade's.
    final class AddressService: WebSocketService {
        final class Handler: WebSocketHandler {
            func received(_ message: WebSocketMessage) {}
            func closed(reason: ConnectionCloseReason, code: UInt16) {}
        }

        let upgrades = Mutex<[String]>([])

        func respond(to head: HTTPRequestHead, body: [UInt8], remoteAddress: String, reply: HTTPResponder) {
            reply(HTTPResponse(status: 200, body: Array(remoteAddress.utf8)))
        }

        func makeHandler(for upgrade: WebSocketUpgrade<Handler>) -> Handler {
            upgrades.withLock { $0.append(upgrade.remoteAddress) }
            return Handler()
        }
    }

    static func server(_ service: AddressService, logger: Logger = Logger(label: "test"), _ adjust: (inout ServerConfig) -> Void = { _ in }) throws -> LiveServer {
        var config = LiveServer.testConfig()
        config.server.trustedProxies = ["127.0.0.1"]
        adjust(&config.server)
        return try LiveServer(
            config: WebSocketServerConfig(server: config.server, websocket: config.websocket, timeouts: config.timeouts, transport: config.transport, paths: ["/ws"]),
            service: service, logger: logger)
    }

    /// A PROXY v2 header for TCP over IPv4 from `source` (proxy-protocol.txt §2.2).
    static func proxyHeader(from source: String, command: UInt8 = 0x21) -> [UInt8] {
        let address = IPAddress(source)!.bytes
        return ProxyProtocolHeader.signature + [command, 0x11, 0x00, 0x0C] + address + [127, 0, 0, 1] + [0x9C, 0x40, 0x1F, 0x90]
    }

    /// The LOCAL header HAProxy's health checks send.
    static let localHeader = ProxyProtocolHeader.signature + [0x20, 0x00, 0x00, 0x00]

    /// Sends `prefix` then `GET /` with `headers` from `source`; the status and body.
    static func get(_ port: Int, from source: String, prefix: [UInt8] = [], headers: String = "") throws -> (status: Int, body: String) {
        let client = try TestWebSocketClient(port: port, from: source)
        try client.sendRaw(prefix + Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)Connection: close\r\n\r\n".utf8))
        let status = try client.readHTTPResponse()
        return (status, try client.readToEOF())
    }

    @Test func aTrustedProxyNamesTheClientInItsHeaderOrItsForwardedFor() throws {
        let service = AddressService()
        try LiveServer.with(Self.server(service)) { server in
            // The proxy itself, with nothing to say: it is the client.
            #expect(try Self.get(server.port, from: "127.0.0.1").body == "127.0.0.1")
            // HAProxy's send-proxy-v2.
            #expect(try Self.get(server.port, from: "127.0.0.1", prefix: Self.proxyHeader(from: "127.0.0.9")).body == "127.0.0.9")
            // The client a header names is not a proxy: what it writes in X-Forwarded-For is its own business.
            #expect(try Self.get(server.port, from: "127.0.0.1", prefix: Self.proxyHeader(from: "127.0.0.9"), headers: "X-Forwarded-For: 127.0.0.77\r\n").body == "127.0.0.9")
            // A health check (LOCAL) is the proxy's own connection; nginx's X-Forwarded-For, right-most hop that is no proxy.
            #expect(try Self.get(server.port, from: "127.0.0.1", prefix: Self.localHeader).body == "127.0.0.1")
            #expect(try Self.get(server.port, from: "127.0.0.1", headers: "X-Forwarded-For: 127.0.0.66, 203.0.113.4\r\n").body == "203.0.113.4")
            #expect(try Self.get(server.port, from: "127.0.0.1", headers: "X-Forwarded-For: 203.0.113.4, 127.0.0.1\r\n").body == "203.0.113.4")

            // A PROXY header cut into single bytes, the request in the same stream after it.
            let client = try TestWebSocketClient(port: server.port, from: "127.0.0.1")
            for byte in Self.proxyHeader(from: "192.0.2.33") { try client.sendRaw([byte]) }
            try client.sendRaw(Array("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".utf8))
            #expect(try client.readHTTPResponse() == 200)
            #expect(try client.readToEOF() == "192.0.2.33")
        }
    }

    @Test func aKeptAliveProxyConnectionCarriesEachRequestsOwnClient() throws {
        // nginx keeps its upstream connections open (`keepalive 16`): one connection, many clients.
        let service = AddressService()
        try LiveServer.with(Self.server(service)) { server in
            let client = try TestWebSocketClient(port: server.port, from: "127.0.0.1")
            for address in ["198.51.100.1", "198.51.100.2"] {
                try client.sendRaw(Array("GET / HTTP/1.1\r\nHost: a\r\nX-Forwarded-For: \(address)\r\n\r\n".utf8))
                #expect(try client.readHTTPResponse() == 200)
                #expect(client.readBody(count: address.utf8.count) == address)
            }
        }
    }

    @Test func anUntrustedPeersHeadersChangeNothing() throws {
        let service = AddressService()
        try LiveServer.with(Self.server(service)) { server in
            #expect(try Self.get(server.port, from: "127.0.0.5", headers: "X-Forwarded-For: 127.0.0.1\r\n").body == "127.0.0.5")
            #expect(try Self.get(server.port, from: "127.0.0.5", headers: "Forwarded: for=127.0.0.1\r\n").body == "127.0.0.5")
            // A PROXY header is not read from it at all: 400, which says why.
            let forged = try Self.get(server.port, from: "127.0.0.5", prefix: Self.proxyHeader(from: "127.0.0.1"))
            #expect(forged.status == 400)
            #expect(forged.body.contains("server.trustedProxies"))
        }
        // With no trusted proxies (the default), not even loopback's headers are read.
        let open = try Self.server(service) { $0.trustedProxies = [] }
        try LiveServer.with(open) { server throws in
            #expect(try Self.get(server.port, from: "127.0.0.1", headers: "X-Forwarded-For: 203.0.113.4\r\n").body == "127.0.0.1")
            #expect(try Self.get(server.port, from: "127.0.0.1", prefix: Self.proxyHeader(from: "127.0.0.9")).status == 400)
        }
    }

    @Test func aMalformedHeaderFromATrustedProxyClosesTheConnectionUnanswered() throws {
        let records = LogRecords()
        var logger = Logger(label: "test.transport") { _ in LogRecords.Handler(sink: records) }
        logger.logLevel = .debug
        let service = AddressService()
        try LiveServer.with(Self.server(service, logger: logger)) { server in
            // Version 3, then a request that must never be answered under a guessed address.
            let client = try TestWebSocketClient(port: server.port, from: "127.0.0.1")
            try client.sendRaw(ProxyProtocolHeader.signature + [0x31, 0x11, 0x00, 0x0C] + [UInt8](repeating: 1, count: 12) + Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
            #expect(try client.readToEOF(timeout: 10) == "")
            #expect(eventually { records.all.contains { $0.level == .warning && $0.message == "closed a connection from a trusted proxy" } })
        }
    }

    @Test func theUpgradeAndItsLogLinesCarryTheClientsAddress() throws {
        let records = LogRecords()
        var logger = Logger(label: "test.transport") { _ in LogRecords.Handler(sink: records) }
        logger.logLevel = .debug
        let service = AddressService()
        try LiveServer.with(Self.server(service, logger: logger)) { server in
            let client = try TestWebSocketClient(port: server.port, from: "127.0.0.1")
            try client.sendRaw(Self.proxyHeader(from: "127.0.0.9"))
            #expect(try client.handshake(path: "/ws") == 101)
            #expect(eventually { service.upgrades.withLock { $0 } == ["127.0.0.9"] })
            // The session logs the upgrade after it hands the connection to the service: wait for the line too.
            #expect(eventually { records.all.contains { $0.message == "upgraded" } })
            let upgraded = try #require(records.all.first { $0.message == "upgraded" })
            #expect(upgraded.metadata["remote"] == "127.0.0.9")
            #expect(upgraded.metadata["proxy"] == "127.0.0.1")
        }
    }
}
