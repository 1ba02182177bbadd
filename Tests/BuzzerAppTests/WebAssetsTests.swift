import Foundation
import BuzzerGame
import BuzzerWebSocket
import Testing
@testable import BuzzerApp

@Suite struct WebAssetsTests {
    private func get(_ target: String, headers: [(String, String)] = [], method: String = "GET") -> HTTPResponse? {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.add(name: name, value: value) }
        return WebAssets.bundled.response(for: HTTPRequestHead(method: method, target: target, version: .http1_1, headers: fields))
    }

    @Test func routesPagesByPath() {
        #expect(WebAssets.file(for: "/") == "/index.html")
        #expect(WebAssets.file(for: "/join/ABC123") == "/index.html")
        #expect(WebAssets.file(for: "/host") == "/host.html")
        #expect(WebAssets.file(for: "/display/ABC123") == "/display.html")
        #expect(WebAssets.file(for: "/league/crown-tuesdays") == "/league.html")
        #expect(WebAssets.file(for: "/league") == nil)
        #expect(WebAssets.file(for: "/assets/app.css") == "/assets/app.css")
        #expect(WebAssets.file(for: "/assets/.hidden") == nil)
        // One folder deep: a page's screens and the question kinds (assets/host/lobby.js, assets/kinds/order.js).
        #expect(WebAssets.file(for: "/assets/kinds/order.js") == "/assets/kinds/order.js")
        #expect(WebAssets.file(for: "/assets/../config.json") == nil)
        #expect(WebAssets.file(for: "/assets/a/.hidden") == nil)
        #expect(WebAssets.file(for: "/assets/a/b/c.js") == nil)
        #expect(WebAssets.file(for: "/join/A/B") == nil)
        #expect(WebAssets.file(for: "/host/x") == nil)
    }

    @Test func servesBundledFilesWithTypeCacheAndPolicy() throws {
        let page = try #require(get("/join/ABC123"))
        #expect(page.status == 200)
        #expect(page.headers.first(name: "Content-Type") == "text/html; charset=utf-8")
        #expect(page.headers.first(name: "Cache-Control") == "no-cache")
        #expect(page.headers.first(name: "Content-Security-Policy")?.contains("script-src 'self'") == true)
        let script = try #require(get("/assets/player.js"))
        #expect(script.headers.first(name: "Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.headers.first(name: "Content-Security-Policy") == nil)
        #expect(get("/nope") == nil)
    }

    @Test func matchingETagGives304AndHeadIsAnsweredLikeGet() throws {
        let css = try #require(get("/assets/app.css"))
        let tag = try #require(css.headers.first(name: "ETag"))
        #expect(get("/assets/app.css", headers: [("If-None-Match", "\"x\", \(tag)")])?.status == 304)
        // The transport drops a HEAD answer's body for every route (headGetsNoBody… in the live tests).
        #expect(get("/assets/app.css", method: "HEAD") == css)
    }

    @Test func policyNamesTheWebSocketOriginOnlyForASaneHost() {
        #expect(WebAssets.pagePolicy(host: "quiz.local:8080").contains("connect-src 'self' ws://quiz.local:8080 wss://quiz.local:8080;"))
        #expect(WebAssets.pagePolicy(host: "x; script-src *").contains("connect-src 'self';"))
        #expect(WebAssets.pagePolicy(host: nil).contains("connect-src 'self';"))
    }

    /// `import … from './x.js'` and `'../x.js'`, followed from `entry`: what a page loads before any
    /// game (a kind's module comes later, by `import()`, which this does not follow).
    private func scripts(from entry: String) throws -> Set<String> {
        let files = WebAssets.bundled.files
        var seen: Set<String> = [], todo = [entry]
        while let path = todo.popLast() {
            guard seen.insert(path).inserted else { continue }
            let source = String(decoding: try #require(files[path], "\(path) missing").bytes, as: UTF8.self)
            for piece in source.components(separatedBy: " from '").dropFirst() {
                guard let end = piece.firstIndex(of: "'"), piece.hasPrefix(".") else { continue }
                var parts = path.split(separator: "/").dropLast().map(String.init)
                for part in piece[..<end].split(separator: "/") where part != "." {
                    if part == ".." { parts.removeLast() } else { parts.append(String(part)) }
                }
                todo.append("/" + parts.joined(separator: "/"))
            }
        }
        return seen
    }

    private static let pages = [("player", ["/index.html", "/assets/phone.css"], "/assets/player.js"), ("host", ["/host.html"], "/assets/host.js"),
                                ("display", ["/display.html", "/assets/display.css", "/assets/sound.js"], "/assets/display.js"),
                                ("edit", ["/edit.html", "/assets/edit.css"], "/assets/edit.js"), ("league", ["/league.html", "/assets/league.css"], "/assets/league.js")]
    private static let languages = ["en", "de", "fr", "es", "nl"]

    /// The question kinds, as the server's register names them to the pages (kinds/names.json).
    private func kindNames() throws -> [String] {
        let names = try #require(WebAssets.bundled.files[WebAssets.kindNamesPath]).bytes
        return try JSONDecoder().decode([String].self, from: Data(names))
    }

    /// What one page loads (a phone loads the player page only), uncompressed, in its heaviest language
    /// (docs/web-clients.md, "Weight"). Before any game: its HTML, styles and every script module its
    /// entry imports, at most 150 KB; with its words (the `common` and page catalogues) under 170 KB.
    /// With the heaviest pack's kinds (a pack may use all twelve): their modules, under 216 KB, and their
    /// words (kinds/LANG.NAME.json), under 244 KB.
    @Test func eachPageStaysUnderItsBudgetBeforeAGameAndWithEveryKind() throws {
        let files = WebAssets.bundled.files
        func size(_ path: String) throws -> Int { try #require(files[path], "\(path) missing").bytes.count }
        let kinds = try kindNames()
        #expect(kinds.count == QuestionKind.allCases.count, "\(kinds)")
        let kindScripts = try kinds.reduce(into: Set<String>()) { $0.formUnion(try scripts(from: "/assets/kinds/\($1).js")) }
        for (part, page, entry) in Self.pages {
            let loaded = Set(page + ["/assets/app.css", "/assets/icon.svg"]).union(try scripts(from: entry))
            let code = try loaded.reduce(0) { try $0 + size($1) }
            let withKinds = try loaded.union(kindScripts).reduce(0) { try $0 + size($1) }
            #expect(code <= 150_000, "\(page[0]): \(code) bytes of code before a game")
            #expect(withKinds < 216_000, "\(page[0]): \(withKinds) bytes of code with every kind")
            var heaviest = (words: 0, kindWords: 0)
            for lang in Self.languages {
                let words = try size("/assets/\(lang).common.json") + size("/assets/\(lang).\(part).json")
                let kindWords = kinds.reduce(0) { $0 + (files["/assets/kinds/\(lang).\($1).json"]?.bytes.count ?? 0) }
                #expect(code + words < 170_000, "\(page[0]) in \(lang): \(code + words) bytes before a game")
                #expect(withKinds + words + kindWords < 244_000, "\(page[0]) in \(lang): \(withKinds + words + kindWords) bytes with every kind")
                if words + kindWords > heaviest.words + heaviest.kindWords { heaviest = (words, kindWords) }
            }
            // The figures of docs/performance.md, "Page weight".
            print("page weight \(part): \(code) B of code before a game, \(code + heaviest.words) with its words; "
                  + "\(withKinds) with every kind, \(withKinds + heaviest.words + heaviest.kindWords) with their words")
        }
    }

    /// A page loads a kind only when its game or pack needs one (kinds/index.js): no page's entry
    /// reaches a kind's module, or the helpers they share, through a static import.
    @Test func noPageImportsAKindModuleStatically() throws {
        for (_, page, entry) in Self.pages {
            let kindFiles = try scripts(from: entry).filter { $0.hasPrefix("/assets/kinds/") && $0 != "/assets/kinds/index.js" }
            #expect(kindFiles.isEmpty, "\(page[0]) imports \(kindFiles.sorted())")
        }
        // Each kind's words, where it has any, are in every language; its module is kinds/NAME.js.
        for kind in try kindNames() {
            #expect(WebAssets.bundled.files["/assets/kinds/\(kind).js"] != nil, "\(kind): no kinds/\(kind).js")
            let have = Self.languages.filter { WebAssets.bundled.files["/assets/kinds/\($0).\(kind).json"] != nil }
            #expect(have.isEmpty || have == Self.languages, "\(kind): words in \(have)")
        }
    }

    /// The pages learn every kind from the server's register (kinds/names.json), not from a list in kinds/index.js.
    @Test func kindNamesComeFromTheRegister() throws {
        #expect(try kindNames() == QuestionKind.allCases.map(\.rawValue))
        let register = String(decoding: try #require(WebAssets.bundled.files["/assets/kinds/index.js"]).bytes, as: UTF8.self)
        for kind in QuestionKind.allCases { #expect(!register.contains("./\(kind.rawValue).js"), "kinds/index.js names \(kind.rawValue)") }
    }

    @Test func etagIsStableAndContentBased() {
        #expect(WebAssets.etag(Array("abc".utf8)) == WebAssets.etag(Array("abc".utf8)))
        #expect(WebAssets.etag(Array("abc".utf8)) != WebAssets.etag(Array("abd".utf8)))
        #expect(WebAssets.etag([]) == "\"cbf29ce484222325\"")  // FNV-1a 64 offset basis
    }
}

@Suite struct QRCodeTests {
    @Test func encodesAJoinURLAsASmallSymbol() throws {
        let code = try #require(QRCode(encoding: "http://192.168.1.20:8080/join/K7QX2M"))
        // 36 bytes at level M fit version 3: 29 modules a side (ISO/IEC 18004 table 7).
        #expect(code.width == 29)
        #expect(code.modules.count == 29 * 29)
        // The finder pattern's corner module is dark, the separator beside it light.
        #expect(code.modules[0] && !code.modules[7])
    }

    @Test func svgHasQuietZoneAndEscapedLabel() throws {
        let svg = try #require(QRCode(encoding: "http://x/join/AB")).svg(label: "join <AB> & \"go\"")
        #expect(svg.hasPrefix("<svg"))
        // 16 bytes exceed version 1-M (14 bytes): version 2, 25 modules, plus 2 × 4 of quiet zone.
        #expect(svg.contains("viewBox=\"0 0 33 33\""))
        #expect(svg.contains("M4 4h7v1h-7z"))  // top row of the finder pattern, inside the quiet zone
        #expect(svg.contains("join &lt;AB&gt; &amp; &quot;go&quot;"))
        #expect(!svg.contains("<AB>"))
    }

    @Test func refusesEmptyText() {
        #expect(QRCode(encoding: "") == nil)
    }
}
