import BuzzerTransport
import BuzzerWebSocket
import Foundation

/// The web clients and the join QR code. The pages are in memory (`WebAssets.bundled`, read once
/// when the router is made, at start), so they are answered on the connection's loop.
enum WebRoutes {
    static func register(in router: inout Router<GameService>) {
        router.get("/qr/{file}", on: .loop) { request, service in
            let file = request[parameter: "file"]
            guard file.hasSuffix(".svg") else { return RouteResponse.whole(notFound()) }
            return qrCode(code: String(file.dropLast(4)), request: request, service: service)
        }
    }

    /// Everything no route has: a page or an asset, else 404.
    static func page(_ request: HTTPRequest, assets: WebAssets) -> HTTPResponse {
        if let page = assets.response(for: request.head) { return page }
        if !assets.isInstalled, WebAssets.file(for: request.path) != nil {
            return .error(status: 503, message: "The web pages are not installed: copy buzzer_BuzzerApp.resources next to the buzzer binary, or set BUZZER_WEB_ROOT to its Public folder. Games over /ws still work.")
        }
        return notFound()
    }

    static func notFound() -> HTTPResponse {
        .error(status: 404, message: "Not found. Players connect with a WebSocket on \(GameService.path).")
    }

    /// `/qr/CODE.svg`: the room's join address as a QR code, for as long as the room exists.
    /// A code that names no live room counts as a wrong join from the client's address.
    private static func qrCode(code raw: String, request: HTTPRequest, service: GameService) -> RouteResponse {
        let code = Secrets.normalizeCode(raw)
        guard !code.isEmpty, service.context.registry.room(code) != nil else {
            return service.entrance.refuseWrongCode(overHTTP: code, from: request.remoteAddress)
        }
        let base = service.context.registry.joinURL(code) ?? service.joinAddress(requestHost: nil).url
        let url = "\(base)/join/\(code)"
        guard let symbol = QRCode(encoding: url) else {
            return .whole(.error(status: 500, message: "The QR code could not be drawn."))
        }
        var headers = WebAssets.commonHeaders(contentType: "image/svg+xml")
        headers.add(name: "Cache-Control", value: "no-cache")
        return .whole(HTTPResponse(status: 200, headers: headers, body: Array(symbol.svg(label: "QR code: \(url)").utf8)))
    }
}
