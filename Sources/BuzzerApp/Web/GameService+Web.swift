import BuzzerTransport
import BuzzerWebSocket
import Foundation

extension GameService {
    /// Everything that is not `/healthz` or the API: the web clients and the join QR code.
    func webResponse(_ head: HTTPRequestHead) -> HTTPResponse {
        let path = head.path
        if path.hasPrefix("/qr/"), path.hasSuffix(".svg") {
            return qrCode(code: String(path.dropFirst(4).dropLast(4)), head: head)
        }
        if let page = WebAssets.bundled.response(for: head) { return page }
        if !WebAssets.bundled.isInstalled, WebAssets.file(for: path) != nil {
            return .error(status: 503, message: "The web pages are not installed: copy buzzer_BuzzerApp.resources next to the buzzer binary, or set BUZZER_WEB_ROOT to its Public folder. Games over /ws still work.")
        }
        return .error(status: 404, message: "Not found. Players connect with a WebSocket on \(Self.path).")
    }

    /// `/qr/CODE.svg`: the room's join address as a QR code, for as long as the room exists.
    private func qrCode(code raw: String, head: HTTPRequestHead) -> HTTPResponse {
        let code = Secrets.normalizeCode(raw)
        guard !code.isEmpty, context.registry.room(code) != nil else {
            return .error(status: 404, message: "No game has that code.")
        }
        let base = context.registry.joinURL(code) ?? joinBase(host: head.headers.first(name: "Host"))
        let url = "\(base)/join/\(code)"
        guard let symbol = QRCode(encoding: url) else {
            return .error(status: 500, message: "The QR code could not be drawn.")
        }
        var headers = WebAssets.commonHeaders(contentType: "image/svg+xml")
        headers.add(name: "Cache-Control", value: "no-cache")
        return HTTPResponse(status: 200, headers: headers, body: Array(symbol.svg(label: "QR code: \(url)").utf8))
    }

    /// For a room with no join address yet: as `JoinAddress` decides from this request.
    func joinBase(host: String?) -> String {
        joinAddress(requestHost: host).url
    }
}
