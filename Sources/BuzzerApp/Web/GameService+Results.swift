import BuzzerArchive
import BuzzerReplay
import BuzzerWebSocket
import Foundation

extension GameService {
    /// `GET /api/rooms/CODE/results.csv` (or `.json`) with `Authorization: Bearer HOSTTOKEN`: the
    /// game's answers, one row each, made by the same code as `buzzer replay export` from the same
    /// log, so the two cannot differ. Read from the archive on this connection's loop: a night's
    /// log reads in well under a second, and a host asks once per game.
    func resultsResponse(_ head: HTTPRequestHead) -> HTTPResponse? {
        let parts = head.path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[1] == "api", parts[2] == "rooms", parts[4] == "results.csv" || parts[4] == "results.json" else {
            return nil
        }
        let code = Secrets.normalizeCode(String(parts[3])), csv = parts[4] == "results.csv"
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
            let scan = try ReplayArchive(paths: [context.config.archive.directory]).scan(depth: .replay, code: code, keepRooms: true)
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
