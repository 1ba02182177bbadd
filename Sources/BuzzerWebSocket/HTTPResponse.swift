/// An HTTP/1.1 response head plus a small body, serialized in one go. Used for the 101 upgrade,
/// handshake rejections and the app's plain pages.
package struct HTTPResponse: Sendable, Equatable {
    package var status: Int
    package var reason: String
    package var headers: HTTPHeaders
    package var body: [UInt8]

    package init(status: Int, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.reason = reason ?? Self.reasonPhrase(for: status)
        self.headers = headers
        self.body = body
    }

    /// A plain-text error that closes the connection: after a refused request the rest of the
    /// stream cannot be trusted to start at a request boundary.
    package static func error(status: Int, message: String, headers extra: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = extra
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        if !headers.contains(name: "Connection") {
            headers.add(name: "Connection", value: "close")
        }
        return HTTPResponse(status: status, headers: headers, body: Array((message + "\n").utf8))
    }

    /// True when the response tells the client the connection closes after it.
    package var closesConnection: Bool {
        headers.containsToken("close", inHeader: "Connection")
    }

    /// The same response for a HEAD request: the head with the `Content-Length` the body would have,
    /// and no body (RFC 9110 §9.3.2), so the next response on a kept-alive connection starts where
    /// the client expects it.
    package var withoutBody: HTTPResponse {
        var response = self
        if !forbidsBody && !headers.contains(name: "Content-Length") {
            response.headers.add(name: "Content-Length", value: "\(body.count)")
        }
        response.body = []
        return response
    }

    /// 1xx, 204 and 304 carry no body and no `Content-Length` (RFC 9110 §8.6).
    private var forbidsBody: Bool {
        (100..<200).contains(status) || status == 204 || status == 304
    }

    /// The wire form. Adds `Content-Length` unless present or the status forbids a body
    /// (1xx, 204, 304: RFC 9110 §8.6). CR and LF in names or values become spaces so a value can
    /// never inject a header.
    package func serialized() -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.clean(reason))\r\n"
        for field in headers {
            text += "\(Self.clean(field.name)): \(Self.clean(field.value))\r\n"
        }
        if !forbidsBody && !headers.contains(name: "Content-Length") {
            text += "Content-Length: \(body.count)\r\n"
        }
        text += "\r\n"
        var bytes = Array(text.utf8)
        if !forbidsBody {
            bytes.append(contentsOf: body)
        }
        return bytes
    }

    private static func clean(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }

    package static func reasonPhrase(for status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }
}
