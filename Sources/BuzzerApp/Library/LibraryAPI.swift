import BuzzerFormats
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation

/// The question library over HTTP (docs/question-library.md has every route with examples):
/// pack summaries (titles, counts, categories, kinds) open to anyone who can reach the server, so
/// a host can pick a pack; questions, answers and every write behind the edit token, since a
/// player on the same Wi-Fi could otherwise read tonight's answers.
/// Answers are JSON; errors are `{"error":"…"}`, and a pack that breaks the format's rules is
/// 422 with the same paths and words as `buzzer check`.
struct LibraryAPI: Sendable {
    let store: PackStore
    let media: MediaStore
    /// SHA-256 hex of the edit token.
    let editTokenHash: String
    let maxPackBytes: Int
    let maxMediaBytes: Int

    /// Pages hold at most this many items.
    static let maxPerPage = 100
    static let defaultPerPage = 20

    /// Whether `path` is the API's.
    static func handles(_ path: String) -> Bool {
        path == "/api/packs" || path.hasPrefix("/api/packs/") || path == "/api/questions" || path == "/api/media" || path.hasPrefix("/media/")
            || path == "/api/import"
    }

    /// From the head alone: a write without this server's edit token is refused before one byte of
    /// its body is read (else ten unfinished 10 MiB uploads with a wrong token are 100 MiB held).
    func bodyDecision(for head: HTTPRequestHead) -> RequestBodyDecision {
        guard Self.handles(head.path) else { return .read(limit: 0) }
        if let refusal = authorized(head) { return .answer(refusal) }
        // Any method, so that a wrong one hears 405 rather than 413.
        return .read(limit: head.path == "/api/media" ? maxMediaBytes : maxPackBytes)
    }

    func respond(to head: HTTPRequestHead, body: [UInt8]) -> HTTPResponse {
        let path = head.path
        let id = path.hasPrefix("/api/packs/") ? String(path.dropFirst("/api/packs/".count)) : nil
        switch (head.method, path, id) {
        case ("GET", "/api/packs", _), ("HEAD", "/api/packs", _):
            return listPacks(QueryString(head.query))
        case ("GET", "/api/questions", _), ("HEAD", "/api/questions", _):
            return authorized(head) ?? listQuestions(QueryString(head.query))
        case ("POST", "/api/media", _):
            return authorized(head) ?? uploadMedia(body)
        case ("POST", "/api/import", _):
            return authorized(head) ?? convert(body, query: QueryString(head.query))
        case ("GET", _, _) where path.hasPrefix("/media/"), ("HEAD", _, _) where path.hasPrefix("/media/"):
            return serveMedia(path, head: head)
        case ("GET", _, let id?), ("HEAD", _, let id?):
            // No token at all: what the host console needs to pick the pack; a wrong one is told so.
            guard head.headers.contains(name: "Authorization") else { return packSummary(id) }
            return authorized(head) ?? getPack(id, head: head)
        case ("POST", "/api/packs", _):
            return authorized(head) ?? createPack(body)
        case ("PUT", _, let id?):
            return authorized(head) ?? putPack(id, body: body, ifMatch: head.headers.first(name: "If-Match"))
        case ("DELETE", _, let id?):
            return authorized(head) ?? deletePack(id, ifMatch: head.headers.first(name: "If-Match"))
        default:
            let allow = path == "/api/media" || path == "/api/import" ? "POST" : id == nil ? (path == "/api/packs" ? "GET, HEAD, POST" : "GET, HEAD") : "GET, HEAD, PUT, DELETE"
            var extra = HTTPHeaders()
            extra.add(name: "Allow", value: allow)
            return Self.error(405, "\(head.method) is not allowed on \(path) (allowed: \(allow)).", headers: extra)
        }
    }

    // MARK: - Reading

    private func listPacks(_ query: QueryString) -> HTTPResponse {
        let paging: Paging
        do { paging = try Paging(query) } catch { return Self.error(400, error.message) }
        let needle = query["q"].map(TextNormalizer.fold).flatMap { $0.isEmpty ? nil : $0 }
        let category = query["category"].map(TextNormalizer.fold).flatMap { $0.isEmpty ? nil : $0 }
        let matching = store.entries().filter { entry in
            if let needle, !entry.searchText.contains(needle) { return false }
            if let category, !entry.pack.categories.contains(where: { TextNormalizer.fold($0) == category }) { return false }
            return true
        }
        let items = paging.slice(matching).map(PackSummary.init)
        return Self.json(200, Page(items: items, page: paging.page, perPage: paging.perPage, total: matching.count))
    }

    /// `GET /api/packs/{id}` without a token: the pack's list entry, no question in it.
    private func packSummary(_ id: String) -> HTTPResponse {
        guard let entry = store.entry(id) else { return Self.error(404, "There is no pack \"\(id.prefix(64))\" in the library.") }
        var response = Self.json(200, PackSummary(entry))
        response.headers.add(name: "Vary", value: "Authorization")
        return response
    }

    private func listQuestions(_ query: QueryString) -> HTTPResponse {
        let paging: Paging
        do { paging = try Paging(query) } catch { return Self.error(400, error.message) }
        var kind: QuestionKind?
        if let raw = query["kind"], !raw.isEmpty {
            guard let parsed = QuestionKind(rawValue: raw) else {
                return Self.error(400, "kind \"\(raw.prefix(20))\" is not one of \(QuestionKind.allNames).")
            }
            kind = parsed
        }
        let needle = query["q"].map(TextNormalizer.fold).flatMap { $0.isEmpty ? nil : $0 }
        let category = query["category"].map(TextNormalizer.fold).flatMap { $0.isEmpty ? nil : $0 }
        var hits: [QuestionHit] = []
        for entry in store.entries() {
            var number = 0
            for (roundIndex, round) in entry.pack.rounds.enumerated() {
                for (index, question) in round.questions.enumerated() {
                    defer { number += 1 }
                    if let kind, question.kind != kind { continue }
                    if let category, TextNormalizer.fold(question.category) != category { continue }
                    if let needle, !TextNormalizer.fold(question.text + "\n" + question.category).contains(needle) { continue }
                    hits.append(QuestionHit(pack: entry.id, packTitle: entry.pack.title, round: roundIndex, index: index,
                                            number: number, question: question))
                }
            }
        }
        return Self.json(200, Page(items: paging.slice(hits), page: paging.page, perPage: paging.perPage, total: hits.count))
    }

    private func getPack(_ id: String, head: HTTPRequestHead) -> HTTPResponse {
        guard let entry = store.entry(id) else { return Self.error(404, "There is no pack \"\(id.prefix(64))\" in the library.") }
        var headers = Self.jsonHeaders
        headers.add(name: "ETag", value: entry.etag)
        headers.add(name: "Vary", value: "Authorization")
        if let match = head.headers.first(name: "If-None-Match"), match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == entry.etag }) {
            return HTTPResponse(status: 304, headers: headers)
        }
        return HTTPResponse(status: 200, headers: headers, body: Array(entry.pack.prettyJSON().utf8))
    }

    // MARK: - Writing

    /// nil when the request carries the edit token; else the 401 to send.
    private func authorized(_ head: HTTPRequestHead) -> HTTPResponse? {
        var extra = HTTPHeaders()
        extra.add(name: "WWW-Authenticate", value: "Bearer realm=\"buzzer library\"")
        guard let value = head.headers.first(name: "Authorization"), value.hasPrefix("Bearer ") else {
            return Self.error(401, "Editing the library needs the edit token: send Authorization: Bearer TOKEN (library.editToken in config.json, or the edit link buzzer serve prints).", headers: extra)
        }
        let token = String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard Secrets.hash(token) == editTokenHash else {
            return Self.error(401, "That edit token is not this server's.", headers: extra)
        }
        return nil
    }

    private func createPack(_ body: [UInt8]) -> HTTPResponse {
        let pack: QuestionPack
        switch decode(body) {
        case .success(let decoded): pack = decoded
        case .failure(let refusal): return refusal.response
        }
        do {
            let (id, etag) = try store.create(pack)
            var headers = Self.jsonHeaders
            headers.add(name: "Location", value: "/api/packs/\(id)")
            headers.add(name: "ETag", value: etag)
            return HTTPResponse(status: 201, headers: headers, body: Self.encode(["id": id, "version": etag]))
        } catch {
            return Self.response(for: error)
        }
    }

    private func putPack(_ id: String, body: [UInt8], ifMatch: String?) -> HTTPResponse {
        guard PackStore.isValidID(id) else {
            return Self.error(400, "\"\(id.prefix(64))\" is not a pack id: use 1 to 64 lower-case letters, digits, - and _, starting with a letter or digit.")
        }
        let pack: QuestionPack
        switch decode(body) {
        case .success(let decoded): pack = decoded
        case .failure(let refusal): return refusal.response
        }
        do {
            let (etag, created) = try store.replace(id, with: pack, ifMatch: ifMatch)
            var headers = Self.jsonHeaders
            headers.add(name: "ETag", value: etag)
            if created { headers.add(name: "Location", value: "/api/packs/\(id)") }
            return HTTPResponse(status: created ? 201 : 200, headers: headers, body: Self.encode(["id": id, "version": etag]))
        } catch {
            return Self.response(for: error)
        }
    }

    private func deletePack(_ id: String, ifMatch: String?) -> HTTPResponse {
        do {
            try store.delete(id, ifMatch: ifMatch)
            return HTTPResponse(status: 204)
        } catch {
            return Self.response(for: error)
        }
    }

    /// `POST /api/import?format=csv|opentdb&title=…`: another format turned into a pack, checked
    /// and returned (not stored), for the editor to open and save.
    private func convert(_ body: [UInt8], query: QueryString) -> HTTPResponse {
        let title = query["title"].flatMap { $0.isEmpty ? nil : String($0.prefix(200)) } ?? "Imported"
        let document: JSONValue
        switch query["format"] {
        case "csv":
            do { document = try CSVImporter.packDocument(from: body, title: title).document } catch {
                return Self.error(422, "The CSV file could not be read: \(error).")
            }
        case "opentdb":
            do { document = try OpenTDBImporter.packDocument(from: Data(body), title: title) } catch {
                return Self.error(422, "The Open Trivia Database response could not be read: \(error).")
            }
        default:
            return Self.error(400, "format must be csv or opentdb.")
        }
        do {
            let pack = try QuestionPack.decode(document, limits: store.limits)
            return HTTPResponse(status: 200, headers: Self.jsonHeaders, body: Array(pack.prettyJSON().utf8))
        } catch {
            let problems = error.errors.map { problem -> Problem in
                if case .invalid(let path, let reason) = problem { return Problem(path: path, message: reason) }
                return Problem(path: "", message: problem.description)
            }
            return Self.json(422, ["errors": problems])
        }
    }

    // MARK: - Media

    /// `POST /api/media`: a picture or a sound as the raw body, typed by its first bytes.
    private func uploadMedia(_ body: [UInt8]) -> HTTPResponse {
        guard !body.isEmpty else { return Self.error(400, "The body is empty: send the file itself.") }
        guard let kind = MediaStore.Kind.sniff(body) else {
            return Self.error(415, "That is not a PNG, JPEG, WebP or GIF picture, nor an MP3, OGG or WAV sound (judged by its first bytes).")
        }
        do {
            let (id, created) = try media.save(body, as: kind)
            var headers = Self.jsonHeaders
            let url = "/media/\(id).\(kind.rawValue)"
            headers.add(name: "Location", value: url)
            return HTTPResponse(status: created ? 201 : 200, headers: headers, body: Self.encode(MediaUploaded(
                id: id, url: url, type: kind.contentType, bytes: body.count)))
        } catch {
            return Self.response(for: error)
        }
    }

    /// `GET /media/<sha256>.<ext>`: cached for ever (the name is the content), with ranges for audio.
    private func serveMedia(_ path: String, head: HTTPRequestHead) -> HTTPResponse {
        guard let file = media.file(for: path), let ext = path.split(separator: ".").last, let kind = MediaStore.Kind(rawValue: String(ext)),
              let data = FileManager.default.contents(atPath: file) else {
            return Self.error(404, "No such picture or sound in the media library.")
        }
        let bytes = Array(data)
        let etag = "\"\(path.dropFirst("/media/".count).prefix(64))\""
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: kind.contentType)
        headers.add(name: "Cache-Control", value: "public, max-age=31536000, immutable")
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Accept-Ranges", value: "bytes")
        if let match = head.headers.first(name: "If-None-Match"), match.contains(etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        guard let range = head.headers.first(name: "Range") else {
            return HTTPResponse(status: 200, headers: headers, body: bytes)
        }
        guard let (start, end) = Self.byteRange(range, size: bytes.count) else {
            headers.add(name: "Content-Range", value: "bytes */\(bytes.count)")
            return HTTPResponse(status: 416, headers: headers, body: Array("That range is not in the file (\(bytes.count) bytes).\n".utf8))
        }
        headers.add(name: "Content-Range", value: "bytes \(start)-\(end)/\(bytes.count)")
        return HTTPResponse(status: 206, headers: headers, body: Array(bytes[start...end]))
    }

    /// One range of `Range: bytes=a-b`, `a-` or `-n` (RFC 9110 §14.1.2), clipped to the file; nil if
    /// it is not satisfiable or not one range (several ranges are not served).
    static func byteRange(_ header: String, size: Int) -> (Int, Int)? {
        guard header.hasPrefix("bytes="), size > 0 else { return nil }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
            return (max(0, size - suffix), size - 1)
        }
        guard let start = Int(first), start < size else { return nil }
        if last.isEmpty { return (start, size - 1) }
        guard let end = Int(last), end >= start else { return nil }
        return (start, min(end, size - 1))
    }

    struct MediaUploaded: Encodable {
        var id: String
        var url: String
        var type: String
        var bytes: Int
    }

    private struct Refusal: Error { var response: HTTPResponse }

    /// 400 for bytes that are not JSON, 422 with every problem for a pack that breaks the rules.
    private func decode(_ body: [UInt8]) -> Result<QuestionPack, Refusal> {
        guard !body.isEmpty else { return .failure(Refusal(response: Self.error(400, "The body is empty: send the pack as JSON."))) }
        do {
            let pack = try QuestionPack.decode(json: body, limits: store.limits)
            // A pack may only name pictures and sounds the library has: upload them first.
            let missing = media.missing(in: pack)
            guard missing.isEmpty else {
                return .failure(Refusal(response: Self.json(422, ["errors": missing.map {
                    Problem(path: $0.path, message: "\($0.reference) is not in the media library: upload it first (POST /api/media)")
                }])))
            }
            return .success(pack)
        } catch {
            if case .syntax(let line, let column, let reason)? = error.errors.first {
                return .failure(Refusal(response: Self.error(400, "The body is not JSON: line \(line), column \(column): \(reason).")))
            }
            let problems = error.errors.compactMap { problem -> Problem? in
                guard case .invalid(let path, let reason) = problem else { return nil }
                return Problem(path: path, message: reason)
            }
            return .failure(Refusal(response: Self.json(422, ["errors": problems])))
        }
    }

    private static func response(for error: PackStoreError) -> HTTPResponse {
        switch error {
        case .notFound(let id): return Self.error(404, "There is no pack \"\(id.prefix(64))\" in the library.")
        case .invalidID(let id): return Self.error(400, "\"\(id.prefix(64))\" is not a pack id.")
        case .versionMismatch(let current?):
            var headers = HTTPHeaders()
            headers.add(name: "ETag", value: current)
            return Self.error(412, "The pack changed since you read it (it is now version \(current)): read it again and redo your change.", headers: headers)
        case .versionMismatch(nil): return Self.error(412, "If-Match names a version, but there is no such pack.")
        case .io(let reason): return Self.error(500, "The library could not be written: \(reason).")
        }
    }

    // MARK: - JSON

    struct Page<Item: Encodable>: Encodable {
        var items: [Item]
        var page: Int
        var perPage: Int
        var total: Int
    }

    struct PackSummary: Encodable, Equatable {
        var id: String
        var title: String
        var description: String?
        var questionCount: Int
        var rounds: Int
        var categories: [String]
        var kinds: [String]
        var version: String

        init(_ entry: PackStore.Entry) {
            id = entry.id
            title = entry.pack.title
            description = entry.pack.description
            questionCount = entry.pack.questionCount
            rounds = entry.pack.rounds.count
            categories = entry.pack.categories
            kinds = entry.pack.kinds
            version = entry.etag
        }
    }

    struct QuestionHit: Encodable {
        var pack: String
        var packTitle: String
        var round: Int
        var index: Int
        /// 0-based position in the whole pack.
        var number: Int
        var question: Question
    }

    struct Problem: Encodable, Equatable {
        var path: String
        var message: String
    }

    /// `page` from 1, `perPage` 1...`maxPerPage`; anything else is a 400 that says so.
    struct Paging {
        struct Invalid: Error { var message: String }
        var page: Int
        var perPage: Int

        init(_ query: QueryString) throws(Invalid) {
            page = try Self.number(query["page"], name: "page", default: 1, range: 1...1_000_000)
            perPage = try Self.number(query["perPage"], name: "perPage", default: LibraryAPI.defaultPerPage, range: 1...LibraryAPI.maxPerPage)
        }

        private static func number(_ raw: String?, name: String, default value: Int, range: ClosedRange<Int>) throws(Invalid) -> Int {
            guard let raw, !raw.isEmpty else { return value }
            guard let number = Int(raw), range.contains(number) else {
                throw Invalid(message: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(raw.prefix(20))\".")
            }
            return number
        }

        func slice<T>(_ all: [T]) -> [T] {
            let start = (page - 1) * perPage
            guard start < all.count else { return [] }
            return Array(all[start..<min(all.count, start + perPage)])
        }
    }

    static var jsonHeaders: HTTPHeaders {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-cache")
        return headers
    }

    static func encode(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }

    static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, body: encode(value))
    }

    static func error(_ status: Int, _ message: String, headers extra: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = jsonHeaders
        for field in extra { headers.add(name: field.name, value: field.value) }
        return HTTPResponse(status: status, headers: headers, body: encode(["error": message]))
    }
}

extension QuestionPack {
    /// Every category its questions use, in first-use order.
    var categories: [String] {
        var seen: Set<String> = [], out: [String] = []
        for round in rounds { for question in round.questions where seen.insert(question.category).inserted { out.append(question.category) } }
        return out
    }

    var kinds: [String] {
        var seen: Set<String> = [], out: [String] = []
        for round in rounds { for question in round.questions where seen.insert(question.kind.rawValue).inserted { out.append(question.kind.rawValue) } }
        return out
    }
}

extension QuestionKind {
    static var allNames: String { "choice, multi, truefalse, text, number, poll" }
}
