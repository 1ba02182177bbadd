import BuzzerWebSocket
import Dispatch

/// Every HTTP route of `buzzer serve`, in one table: status, the question library, results
/// downloads, QR codes, and the pages for anything else. `GameService` hands each plain request
/// to the router this makes; nothing below it knows a path.
enum GameRoutes {
    /// Made once, at start: the pages are read and the library scanned here, off the loops.
    static func router(config: BuzzerConfig, library: PackStore, leagues: LeagueService, questions: QuestionIndexService, editToken: String,
                       clock: @escaping @Sendable () -> Int64) -> Router<GameService> {
        // Blocking work (files, the log, the library's fsyncs) never runs on a connection's loop.
        let pool = WorkerPool(label: "buzzer.http")
        let api = LibraryAPI(
            store: library, media: MediaStore(directory: config.library.mediaDirectory), editTokenHash: Secrets.hash(editToken),
            maxPackBytes: config.library.maxPackBytes, maxMediaBytes: config.library.maxMediaBytes)
        library.keepFresh(on: DispatchQueue(label: "buzzer.library.index", qos: .utility))
        let assets = WebAssets.bundled
        var router = Router<GameService>(
            pool: pool,
            fallback: { request, _ in .whole(WebRoutes.page(request, assets: assets)) },
            methodNotAllowed: methodNotAllowed)
        StatusRoutes.register(in: &router, config: config)
        // One allowance per address for every answer the server computes (http in config.json).
        let rateLimit = ComputeRateLimit(config: config.http)
        // Library writes, one at a time (each ends in an fsync).
        api.register(in: &router, writes: DispatchQueue(label: "buzzer.library"), searchGate: rateLimit.gate(when: { QueryString($0.head.query)["q"] != nil }))
        ResultsRoute.register(in: &router, rateLimit: rateLimit)
        CorrectionsRoute.register(in: &router, editTokenHash: Secrets.hash(editToken), rateLimit: rateLimit)
        LeagueRoutes.register(in: &router, leagues: leagues, editTokenHash: Secrets.hash(editToken), rateLimit: rateLimit)
        QuestionsRoute.register(in: &router, index: questions, library: library, editTokenHash: Secrets.hash(editToken), clock: clock)
        WebRoutes.register(in: &router)
        return router
    }

    /// 405 with `Allow`: the API's as JSON like its other errors, the pages' as text.
    static func methodNotAllowed(_ head: HTTPRequestHead, allowed: [String]) -> HTTPResponse {
        let allow = allowed.joined(separator: ", ")
        var extra = HTTPHeaders()
        extra.add(name: "Allow", value: allow)
        guard head.path.hasPrefix("/api/") || head.path.hasPrefix("/media/") else {
            return .error(status: 405, message: "Only \(allow) is served on \(head.path).", headers: extra)
        }
        return LibraryAPI.error(405, "\(head.method) is not allowed on \(head.path) (allowed: \(allow)).", headers: extra)
    }
}
