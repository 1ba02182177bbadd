import BuzzerGame
import BuzzerReplay
import BuzzerWebSocket
import Foundation

/// `GET /api/questions/stats` with the edit token (docs/replay-season.md, "The question index"): how the
/// questions fared in earlier games, for the editor's line under each question and the create
/// form's "asked in this league lately" warning. Answered from the `QuestionIndexService` in
/// memory, on the worker pool (a pack's fingerprints are a few microseconds each).
enum QuestionsRoute {
    /// How long a client is asked to wait while the index is first built.
    static let notReadyRetryAfterSeconds = 2

    static func register(in router: inout Router<GameService>, index: QuestionIndexService, library: PackStore,
                         editTokenHash: String, clock: @escaping @Sendable () -> Int64) {
        router.group(auth: { head in authorized(head, editTokenHash: editTokenHash) }) { group in
            group.on("GET", "/api/questions/stats", on: .pool) { request, _ in
                answer(QueryString(request.head.query), index: index, library: library, now: clock())
            }
        }
    }

    /// The query checked (every range once, here), then the lookup.
    static func answer(_ query: QueryString, index: QuestionIndexService, library: PackStore, now: Int64) -> HTTPResponse {
        var asked: [(position: (round: Int, index: Int)?, fingerprint: QuestionFingerprint)] = []
        switch (query["fingerprints"], query["pack"]) {
        case (_?, _?), (nil, nil):
            return error(400, "Ask for ?fingerprints=A,B,C (16 hex digits each) or ?pack=ID, one of the two.")
        case (let list?, nil):
            let parts = list.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count <= QuestionLookup.maxFingerprints else {
                return error(400, "At most \(QuestionLookup.maxFingerprints) fingerprints per request (\(parts.count) given).")
            }
            for part in parts {
                guard let fingerprint = QuestionFingerprint(hex: String(part)), part.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                    return error(400, "A fingerprint is 16 lowercase hex digits, as buzzer replay questions prints it.")
                }
                asked.append((nil, fingerprint))
            }
        case (nil, let id?):
            library.refreshIfStale()
            guard let entry = library.entry(id) else { return error(404, "There is no pack \(id) in the library.") }
            asked = QuestionLookup.positions(of: entry.pack)
        }
        var league: (id: String, days: Int)?
        switch (query["league"], query["days"]) {
        case (nil, nil): break
        case (let id?, let days):
            guard let id = LeagueRoutes.checkedID(id) else {
                return error(400, "A league id is 1 to 40 of a-z, 0-9 and -, starting and ending with a letter or digit.")
            }
            guard let value = Int(days ?? "90"), QuestionLookup.days.contains(value) else {
                return error(400, "days must be a whole number from \(QuestionLookup.days.lowerBound) to \(QuestionLookup.days.upperBound).")
            }
            league = (id, value)
        case (nil, _?):
            return error(400, "days goes with league=ID.")
        }
        guard let snapshot = index.snapshot() else {
            var extra = HTTPHeaders()
            extra.add(name: "Retry-After", value: String(notReadyRetryAfterSeconds))
            return LibraryAPI.error(503, "The question index is still being built from the archive: try again in a moment.", headers: extra)
        }
        return LibraryAPI.json(200, QuestionLookup(index: snapshot.index, builtAt: snapshot.builtAt, asked: asked, league: league, now: now))
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse { LibraryAPI.error(status, message) }

    private static func authorized(_ head: HTTPRequestHead, editTokenHash: String) -> HTTPResponse? {
        guard let value = head.headers.first(name: "Authorization"), value.hasPrefix("Bearer "),
              Secrets.hash(String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)) == editTokenHash else {
            var extra = HTTPHeaders()
            extra.add(name: "WWW-Authenticate", value: "Bearer realm=\"buzzer library\"")
            return LibraryAPI.error(401, "Question statistics need the edit token: send Authorization: Bearer TOKEN.", headers: extra)
        }
        return nil
    }
}
