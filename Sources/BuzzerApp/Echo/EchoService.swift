import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Synchronization

/// The conformance and benchmark target behind `buzzer echo`: echoes every message, and speaks the
/// websocket-shootout protocol (`{"type":"broadcast","payload":P}` goes to everyone, then
/// `{"type":"broadcastResult","payload":P,"listenerCount":N}` to the sender).
package final class EchoService: WebSocketService {
    package typealias Handle = WebSocketHandle<EchoClient>

    private let sessions = Mutex<[UInt64: Handle]>([:])
    private let compression: PerMessageDeflateConfig

    package init(compression: PerMessageDeflateConfig) {
        self.compression = compression
    }

    /// `/healthz`, from memory, at once; anything else is 404.
    package func respond(to head: HTTPRequestHead, body: [UInt8], remoteAddress: String, reply: HTTPResponder) {
        if head.path == "/healthz" {
            let body = "{\"status\":\"ok\",\"connections\":\(sessions.withLock { $0.count })}"
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            reply(HTTPResponse(status: 200, headers: headers, body: Array(body.utf8)))
            return
        }
        reply(.error(status: 404, message: "This is an echo server: connect with a WebSocket."))
    }

    package func makeHandler(for upgrade: WebSocketUpgrade<EchoClient>) -> EchoClient {
        sessions.withLock { $0[upgrade.handle.id] = upgrade.handle }
        return EchoClient(handle: upgrade.handle, service: self)
    }

    func closed(_ handle: Handle) {
        _ = sessions.withLock { $0.removeValue(forKey: handle.id) }
    }

    func received(_ message: WebSocketMessage, from handle: Handle) {
        if message.opcode == .text, let payload = Self.broadcastPayload(message.payload) {
            broadcast(payload, from: handle)
            return
        }
        // Echo, shootout "echo", and anything else all go back unchanged.
        handle.send(OutboundMessage(opcode: message.opcode, payload: message.payload, compression: compression))
    }

    private func broadcast(_ payload: Data, from sender: Handle) {
        let handles = sessions.withLock { Array($0.values) }
        let payloadJSON = String(decoding: payload, as: UTF8.self)
        let outbound = OutboundMessage.text("{\"type\":\"broadcast\",\"payload\":\(payloadJSON)}", compression: compression)
        Handle.broadcast(outbound, to: handles)
        let result = OutboundMessage.text(
            "{\"type\":\"broadcastResult\",\"payload\":\(payloadJSON),\"listenerCount\":\(handles.count)}",
            compression: compression)
        // Behind the broadcast hop to this loop, so the sender sees its own copy first.
        sender.sendLater(result)
    }

    /// The re-encoded payload of a shootout broadcast, or nil for anything else. Cheap check first:
    /// echo traffic must not pay for a JSON parse.
    static func broadcastPayload(_ bytes: [UInt8]) -> Data? {
        guard bytes.count >= 20, bytes.first == UInt8(ascii: "{"), Self.mentionsBroadcast(bytes),
              let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? [String: Any],
              object["type"] as? String == "broadcast", let payload = object["payload"]
        else { return nil }
        return try? JSONSerialization.data(withJSONObject: payload, options: [.fragmentsAllowed, .withoutEscapingSlashes])
    }

    private static let marker = Array("\"broadcast\"".utf8)

    /// Whether `"broadcast"` appears in the first 256 bytes: a byte loop over the buffer, since every
    /// echoed message pays for this check.
    private static func mentionsBroadcast(_ bytes: [UInt8]) -> Bool {
        let limit = min(bytes.count, 256)
        guard limit >= marker.count else { return false }
        return bytes.withUnsafeBufferPointer { text in
            marker.withUnsafeBufferPointer { marker in
                var start = 0
                while start <= limit - marker.count {
                    if text[start] == 0x22, text[start + 1] == 0x62 {  // `"b`: then the rest
                        var matched = 2
                        while matched < marker.count, text[start + matched] == marker[matched] { matched += 1 }
                        if matched == marker.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }
}

/// One echo connection: hands its messages to the service.
package final class EchoClient: WebSocketHandler {
    private let handle: EchoService.Handle
    private let service: EchoService

    init(handle: EchoService.Handle, service: EchoService) {
        self.handle = handle
        self.service = service
    }

    package func received(_ message: WebSocketMessage) {
        service.received(message, from: handle)
    }

    package func closed(reason: ConnectionCloseReason, code: UInt16) {
        service.closed(handle)
    }
}
