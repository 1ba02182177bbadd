import BuzzerGame
import BuzzerWebSocket
import Foundation

/// The web clients (player, host console, projector display): static files kept in the
/// package as resources (`Web/Public`), read once into memory and served from there.
///
/// Every file is sent with `Cache-Control: no-cache` and an `ETag`: a phone revalidates with a
/// cheap 304 and never keeps a page script older than the server it talks to.
final class WebAssets: Sendable {
    struct Asset: Sendable {
        var bytes: [UInt8]
        var contentType: String
        var etag: String
    }

    /// URL path (`/assets/app.css`, `/index.html`) to file.
    let files: [String: Asset]

    /// The bundled pages. SwiftPM puts them in `buzzer_BuzzerApp.resources` next to the binary;
    /// a binary copied elsewhere must take that folder along (or name it in `BUZZER_WEB_ROOT`).
    /// Found by hand rather than through `Bundle.module`, which traps when the folder is missing:
    /// a server without its pages still runs games (and says what is missing), it does not crash.
    static let bundled = WebAssets(directory: locatePublic())

    static func locatePublic() -> URL? {
        let fm = FileManager.default
        if let root = ProcessInfo.processInfo.environment["BUZZER_WEB_ROOT"], !root.isEmpty {
            return URL(fileURLWithPath: root)
        }
        var folders = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("buzzer_BuzzerApp.resources/Public")
            if fm.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// False when the pages were not found: `/` then explains how to install them.
    var isInstalled: Bool { !files.isEmpty }

    init(directory: URL?) {
        var files: [String: Asset] = [:]
        if let directory, let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) {
            let root = directory.standardizedFileURL.path
            for case let url as URL in walker {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                      let data = FileManager.default.contents(atPath: url.path) else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(root.count))
                let bytes = [UInt8](data)
                files[relative] = Asset(bytes: bytes, contentType: Self.contentType(of: relative), etag: Self.etag(bytes))
            }
        }
        if !files.isEmpty {
            // The kinds this server knows, from the register, for the editor's list (kinds/index.js `loadKindNames`).
            let bytes = Array(("[" + QuestionKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]").utf8)
            files[Self.kindNamesPath] = Asset(bytes: bytes, contentType: Self.contentType(of: Self.kindNamesPath), etag: Self.etag(bytes))
            // The room mechanics' question fields, for the editor's form (edit/extras.js).
            let fields = Array(("[" + RoomMechanics.questionFields.map(Self.fieldJSON).joined(separator: ",") + "]").utf8)
            files[Self.questionFieldsPath] = Asset(bytes: fields, contentType: Self.contentType(of: Self.questionFieldsPath), etag: Self.etag(fields))
        }
        self.files = files
    }

    /// Where the pages read every kind's name (built from `QuestionKind.allCases`, not a file).
    static let kindNamesPath = "/assets/kinds/names.json"
    /// Where the editor reads the room mechanics' question fields (built from `RoomMechanics.questionFields`).
    static let questionFieldsPath = "/assets/edit/fields.json"

    /// One field as the editor reads it: `{"name":"hints","shape":"texts","maxCount":5,"maxLength":200}`.
    static func fieldJSON(_ field: QuestionExtraField) -> String {
        switch field.shape {
        case let .texts(maxCount, maxLength): #"{"name":"\#(field.name)","shape":"texts","maxCount":\#(maxCount),"maxLength":\#(maxLength)}"#
        case .fraction: #"{"name":"\#(field.name)","shape":"fraction"}"#
        }
    }

    /// The page or file for a GET or HEAD path, or nil when there is none.
    func response(for head: HTTPRequestHead) -> HTTPResponse? {
        guard let name = Self.file(for: head.path), let asset = files[name] else { return nil }
        var headers = Self.commonHeaders(contentType: asset.contentType)
        headers.add(name: "Cache-Control", value: "no-cache")
        headers.add(name: "ETag", value: asset.etag)
        if asset.contentType.hasPrefix("text/html") {
            headers.add(name: "Content-Security-Policy", value: Self.pagePolicy(host: head.headers.first(name: "Host")))
        }
        if let tags = head.headers.first(name: "If-None-Match"),
           tags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == asset.etag }) {
            return HTTPResponse(status: 304, headers: headers)
        }
        // HEAD gets the same answer; the transport drops the body (`HTTPResponse.withoutBody`).
        return HTTPResponse(status: 200, headers: headers, body: asset.bytes)
    }

    /// Maps a URL path to a file: pages by route, `/assets/NAME` and `/assets/FOLDER/NAME` (a page's
    /// screens, the question kinds: docs/web-clients.md) as they are.
    static func file(for path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        switch parts.first {
        case nil: return "/index.html"
        case "join"? where parts.count <= 2: return "/index.html"
        case "host"? where parts.count == 1: return "/host.html"
        case "edit"? where parts.count == 1: return "/edit.html"
        case "display"? where parts.count <= 2: return "/display.html"
        case "league"? where parts.count == 2: return "/league.html"
        case "assets"? where (2...3).contains(parts.count) && !parts.dropFirst().contains(where: { $0.hasPrefix(".") }):
            return "/" + parts.joined(separator: "/")
        default: return nil
        }
    }

    /// Scripts and styles only from this server; no inline script, no framing, no plugins.
    /// `connect-src 'self'` covers the same-origin WebSocket in current browsers; older Safari
    /// needs the `ws:`/`wss:` origin spelled out, so it is added when the Host header is sane.
    static func pagePolicy(host: String?) -> String {
        var connect = "'self'"
        if let host = host.flatMap(plausibleHost) { connect += " ws://\(host) wss://\(host)" }
        // Pictures and sounds come from this server's media library; the editor previews an upload
        // from a blob: URL before it is sent.
        return "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; media-src 'self' blob:; "
            + "connect-src \(connect); font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// `host[:port]` made only of host-name and address characters, else nil.
    static func plausibleHost(_ value: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        return !value.isEmpty && value.count <= 255 && value.allSatisfy(allowed.contains) ? value : nil
    }

    /// `nosniff` and `Referrer-Policy` are not here: the transport puts them on every answer
    /// (`WebSocketServerConfig.responseHeaders`).
    static func commonHeaders(contentType: String) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        return headers
    }

    static func contentType(of path: String) -> String {
        switch path.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "svg": "image/svg+xml"
        case "json": "application/json; charset=utf-8"
        case "png": "image/png"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    /// A strong validator from the content (FNV-1a, 64 bits): the same file gives the same tag
    /// across restarts, so revalidation survives a server restart.
    static func etag(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
