import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
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

    /// A media range up to this size is read in one `pread` and sent whole; a longer one (a clip, a
    /// full picture) streams a piece at a time as the socket drains.
    static let wholeMediaBytes = 256 << 10

    /// The library's routes. Reads run on the worker pool (each first looks for files changed by
    /// hand, `PackStore.refreshIfStale`); writes run one at a time on `writes`, off the loops. The
    /// edit-token group refuses a write from its head alone, before one byte of its body is read
    /// (else ten unfinished 10 MiB uploads with a wrong token are 100 MiB held).
    /// `searchGate` rations searches (`?q=`) per address: a search reads every pack's text.
    func register<Context: Sendable>(in router: inout Router<Context>, writes: DispatchQueue, searchGate: Router<Context>.Gate? = nil) {
        let api = self, pool = router.pool
        router.get("/api/packs", on: .pool, gate: searchGate) { request, _ in
            api.store.refreshIfStale()
            return api.listPacks(QueryString(request.head.query))
        }
        router.get("/api/packs/{id}", on: .pool) { request, _ in
            api.store.refreshIfStale()
            // No token at all: what the host console needs to pick the pack; a wrong one is told so.
            guard request.head.headers.contains(name: "Authorization") else { return api.packSummary(request[parameter: "id"]) }
            return api.authorized(request.head) ?? api.getPack(request[parameter: "id"], head: request.head)
        }
        router.get("/media/{file}", on: .pool) { request, _ in api.serveMedia(request, pool: pool) }
        router.group(auth: { api.authorized($0) }) { group in
            group.on("GET", "/api/questions", on: .pool) { request, _ in
                api.store.refreshIfStale()
                return api.listQuestions(QueryString(request.head.query))
            }
            group.on("POST", "/api/packs", on: .serial(writes), bodyLimit: maxPackBytes) { request, _ in api.createPack(request.body) }
            group.on("PUT", "/api/packs/{id}", on: .serial(writes), bodyLimit: maxPackBytes) { request, _ in
                api.putPack(request[parameter: "id"], body: request.body, ifMatch: request.head.headers.first(name: "If-Match"))
            }
            group.on("DELETE", "/api/packs/{id}", on: .serial(writes)) { request, _ in
                api.deletePack(request[parameter: "id"], ifMatch: request.head.headers.first(name: "If-Match"))
            }
            group.on("POST", "/api/media", on: .serial(writes), bodyLimit: maxMediaBytes) { request, _ in api.uploadMedia(request.body) }
            // No disk, but a large CSV is real work: off the loop all the same.
            group.on("POST", "/api/import", on: .pool, bodyLimit: maxPackBytes) { request, _ in
                api.convert(request.body, query: QueryString(request.head.query))
            }
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

    /// 400 for bytes that are not JSON, 422 with every problem for a pack that breaks the rules.
    /// A request refused with this response.
    private struct Refusal: Error { var response: HTTPResponse }

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

    static func response(for error: PackStoreError) -> HTTPResponse {
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
            kinds = entry.pack.kinds.map(\.rawValue)
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
}

extension QuestionKind {
    static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
