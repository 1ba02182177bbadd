import BuzzerArchive
import BuzzerReplay
import BuzzerWebSocket
import Foundation

/// `GET /api/rooms/CODE/results.csv` (or `.json`) with `Authorization: Bearer HOSTTOKEN`: the
/// game's answers, one row each, made by the same code as `buzzer replay export` from the same
/// log, so the two cannot differ. It reads only the game's lines, through the archive's index
/// (`ArchiveIndex`): its cost is the game's size, not the archive's; still on the worker pool, never
/// on a connection's loop, and rationed per address (`http.computeRequestsPerMinute`).
enum ResultsRoute {
    static func register(in router: inout Router<GameService>, rateLimit: ComputeRateLimit) {
        for format in ["csv", "json"] {
            router.get("/api/rooms/{code}/results.\(format)", on: .pool, gate: rateLimit.gate()) { request, service -> RouteResponse in
                // A code that names no room kept counts as a wrong join from the client's address.
                let code = Secrets.normalizeCode(request[parameter: "code"])
                guard service.context.registry.hostTokenHash(code) != nil else {
                    return service.entrance.refuseWrongCode(overHTTP: code, from: request.remoteAddress)
                }
                return .whole(results(code: code, csv: format == "csv", head: request.head, service: service))
            }
        }
    }

    static func results(code raw: String, csv: Bool, head: HTTPRequestHead, service: GameService) -> HTTPResponse {
        let context = service.context
        let code = Secrets.normalizeCode(raw)
        guard let tokenHash = context.registry.hostTokenHash(code) else {
            return .error(status: 404, message: "No game has the code \(code) on this server (rooms are kept \(context.config.rooms.endedRoomRetentionSeconds) s after they end; older games: buzzer replay export).")
        }
        guard let authorization = head.headers.first(name: "Authorization"), authorization.hasPrefix("Bearer "),
              Secrets.hash(String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)) == tokenHash else {
            var response = HTTPResponse.error(status: 401, message: "The results need the host key of game \(code): send Authorization: Bearer HOSTKEY.")
            response.headers.add(name: "WWW-Authenticate", value: "Bearer")
            return response
        }
        let rows: [AnswerRow]
        do {
            // The game's own lines, where the archive's index says they are: never the whole log.
            let scan = try ReplayArchive.scan(code: code, ranges: context.archive.ranges(room: code), depth: .replay, keepRooms: true)
            rows = try AnswerExport.rows(of: scan.game(GameReference(code: code)))
        } catch {
            return .error(status: 409, message: "The results of game \(code) cannot be read from the log: \(error)")
        }
        var headers = WebAssets.commonHeaders(contentType: csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Content-Disposition", value: "attachment; filename=\"buzzer-\(code)-results.\(csv ? "csv" : "json")\"")
        return HTTPResponse(status: 200, headers: headers, body: Array((csv ? AnswerExport.csv(rows) : AnswerExport.json(rows)).utf8))
    }
}
