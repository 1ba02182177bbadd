import BuzzerArchive
import BuzzerGame
import BuzzerReplay
import BuzzerWebSocket
import Foundation
import Logging

/// The leagues over HTTP (docs/league.md has each route with examples). Standings are public, like
/// a pub's chalkboard; what a phone played is answered only to the phone holding its device id;
/// changes (aliases, scoring) need the library's edit token, whose holder owns the leagues.
/// Errors are `{"error":"…","code":"…"}` with the codes of docs/league.md.
enum LeagueRoutes {
    /// Bodies of the write routes are small JSON objects.
    static let maxBodyBytes = 4096

    /// How long a client refused for a busy league is asked to wait.
    static let busyRetryAfterSeconds = 1

    static func register(in router: inout Router<GameService>, leagues: LeagueService, editTokenHash: String, rateLimit: ComputeRateLimit) {
        router.get("/api/leagues", on: .pool) { _, _ in LibraryAPI.json(200, ["leagues": leagues.list()]) }
        // Live standings come from a cache; `?asOf=` is computed for its caller, so it is rationed
        // per address, and at most `league.asOfConcurrent*` run at once: the rest are refused here,
        // on the loop, before they take a worker (docs/league.md).
        let asOfGate: Router<GameService>.Gate = { request, _ in
            guard QueryString(request.head.query)["asOf"] != nil, let id = checkedID(request[parameter: "id"]) else { return .pass(release: nil) }
            if let refusal = rateLimit.refusal(for: request.remoteAddress) { return .refuse(refusal) }
            guard leagues.beginAsOf(id) else {
                var response = error(503, .standingsBusy(league: id, retryAfterSeconds: busyRetryAfterSeconds))
                response.headers.add(name: "Retry-After", value: String(busyRetryAfterSeconds))
                return .refuse(response)
            }
            return .pass(release: { leagues.endAsOf(id) })
        }
        router.get("/api/leagues/{id}", on: .pool, gate: asOfGate) { request, _ in
            guard let id = checkedID(request[parameter: "id"]) else { return badID() }
            let query = QueryString(request.head.query)
            var asOf: Int64?
            if let raw = query["asOf"] {
                guard let value = Int64(raw), InputBounds.instant.contains(value) else {
                    return error(400, .badAsOf)
                }
                asOf = value
            }
            guard let (body, etag) = leagues.standings(id, asOf: asOf) else { return unknown(id) }
            var headers = LibraryAPI.jsonHeaders
            headers.add(name: "ETag", value: etag)
            if let match = request.head.headers.first(name: "If-None-Match"),
               match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
                return HTTPResponse(status: 304, headers: headers)
            }
            return HTTPResponse(status: 200, headers: headers, body: body)
        }
        // The league page's address as a QR code, for the projector: phones scan it for their nights.
        router.get("/api/leagues/{id}/qr.svg", on: .loop) { request, service in
            guard let id = checkedID(request[parameter: "id"]) else { return badID() }
            let url = "\(service.joinAddress(requestHost: request.head.headers.first(name: "Host")).url)/league/\(id)"
            guard let symbol = QRCode(encoding: url) else { return error(500, .qrUndrawable) }
            var headers = WebAssets.commonHeaders(contentType: "image/svg+xml")
            headers.add(name: "Cache-Control", value: "no-cache")
            headers.add(name: "X-Buzzer-URL", value: url)
            return HTTPResponse(status: 200, headers: headers, body: Array(symbol.svg(label: "QR code: \(url)").utf8))
        }
        router.get("/api/leagues/{id}/games/{key}", on: .pool) { request, _ in
            guard let id = checkedID(request[parameter: "id"]) else { return badID() }
            let key = request[parameter: "key"]
            guard key.utf8.count <= 64, let game = leagues.game(id, key: key) else {
                return error(404, .unknownLeagueGame(league: id, key: key))
            }
            return LibraryAPI.json(200, game)
        }
        // "Your nights" are computed for their caller: rationed per address like the other computed
        // answers, and the nights' queue takes at most `league.nightsQueued` (503 `busy` past it).
        router.get("/api/leagues/{id}/me", on: .pool, gate: rateLimit.gate()) { request, _ in
            guard let id = checkedID(request[parameter: "id"]) else { return badID() }
            let device: String
            switch deviceID(request.head) {
            case .success(let value): device = value
            case .failure(let refusal): return refusal.response
            }
            guard let mine = leagues.mine(id, device: device) else { return unknown(id) }
            return personal(LibraryAPI.json(200, mine))
        }
        // One night, question by question: only to the phone that played it. The replays run one at
        // a time on the nights' own queue (off the loops, never holding the worker pool), and a
        // replayed game is kept for the next phone of the same night (`LeagueNights`).
        let nightsGate: Router<GameService>.Gate = { request, _ in
            if let refusal = rateLimit.refusal(for: request.remoteAddress) { return .refuse(refusal) }
            guard leagues.nights.admit() else {
                var response = error(503, .nightsBusy(retryAfterSeconds: busyRetryAfterSeconds))
                response.headers.add(name: "Retry-After", value: String(busyRetryAfterSeconds))
                return .refuse(response)
            }
            return .pass(release: { leagues.nights.release() })
        }
        router.get("/api/leagues/{id}/me/games/{key}", on: .serial(leagues.nights.queue), gate: nightsGate) { request, service in
            guard let id = checkedID(request[parameter: "id"]) else { return badID() }
            let device: String
            switch deviceID(request.head) {
            case .success(let value): device = value
            case .failure(let refusal): return refusal.response
            }
            let key = request[parameter: "key"]
            let unknownGame = personal(error(404, .unknownNight(league: id, key: key)))
            guard key.utf8.count <= 64 else { return unknownGame }
            let game: LeagueGame
            switch leagues.played(id, key: key, device: device) {
            case .unknownLeague: return unknown(id)
            case .unknownGame: return unknownGame
            case .game(let found): game = found
            }
            do {
                let ranges = service.context.archive.ranges(room: game.code)
                guard let night = try leagues.nights.night(of: game, device: device, ranges: ranges) else { return unknownGame }
                return personal(LibraryAPI.json(200, night))
            } catch {
                // The phone is told what happened, not where the server keeps its files: the log has those.
                service.context.logger.warning("a player's night cannot be read", metadata: ["game": "\(game.key)", "error": "\(error)"])
                return personal(Self.error(409, .unreadableNight(game: game.key)))
            }
        }
        router.group(auth: { head in authorized(head, editTokenHash: editTokenHash) }) { group in
            group.on("POST", "/api/leagues/{id}/aliases", on: .serial(leagues.writes), bodyLimit: maxBodyBytes) { request, _ in
                guard let id = checkedID(request[parameter: "id"]) else { return badID() }
                guard let body = try? JSONDecoder().decode(AliasRequest.self, from: Data(request.body)) else {
                    return error(400, .badAliasBody)
                }
                let alias = LeagueAlias(from: body.from.trimmingCharacters(in: .whitespaces), into: body.into.trimmingCharacters(in: .whitespaces))
                guard body.kind == "team" || body.kind == "player" else { return error(400, .badAliasKind) }
                guard LeagueEntry.aliasLength.contains(alias.from.count), LeagueEntry.aliasLength.contains(alias.into.count) else {
                    return error(400, .badAliasLength(max: LeagueEntry.aliasLength.upperBound))
                }
                return write(leagues, id) { (entry: inout LeagueEntry) throws(LeagueService.WriteError) in
                    if body.kind == "team" {
                        guard !NameSkeleton(alias.from).looksLike(NameSkeleton(alias.into)) else { throw .invalid("those names are already one team") }
                        entry.teamAliases.removeAll { NameSkeleton($0.from).looksLike(NameSkeleton(alias.from)) }
                        entry.teamAliases.append(alias)
                    } else {
                        guard alias.from != alias.into else { throw .invalid("a player is already themself") }
                        entry.playerAliases.removeAll { $0.from == alias.from }
                        entry.playerAliases.append(alias)
                    }
                    guard entry.teamAliases.count <= LeagueEntry.maxAliases, entry.playerAliases.count <= LeagueEntry.maxAliases else {
                        throw .invalid("a league holds at most \(LeagueEntry.maxAliases) aliases of each kind")
                    }
                }
            }
            // `?kind=team|player&from=NAME`: takes an alias back.
            group.on("DELETE", "/api/leagues/{id}/aliases", on: .serial(leagues.writes)) { request, _ in
                guard let id = checkedID(request[parameter: "id"]) else { return badID() }
                let query = QueryString(request.head.query)
                guard let kind = query["kind"], kind == "team" || kind == "player", let from = query["from"],
                      LeagueEntry.aliasLength.contains(from.count) else {
                    return error(400, .badAliasQuery(max: LeagueEntry.aliasLength.upperBound))
                }
                return write(leagues, id) { (entry: inout LeagueEntry) throws(LeagueService.WriteError) in
                    let before = entry.teamAliases.count + entry.playerAliases.count
                    if kind == "team" { entry.teamAliases.removeAll { $0.from == from } } else { entry.playerAliases.removeAll { $0.from == from } }
                    guard entry.teamAliases.count + entry.playerAliases.count < before else { throw .invalid("there is no such alias") }
                }
            }
            group.on("PUT", "/api/leagues/{id}", on: .serial(leagues.writes), bodyLimit: maxBodyBytes) { request, _ in
                guard let id = checkedID(request[parameter: "id"]) else { return badID() }
                guard let body = try? JSONDecoder().decode(SettingsRequest.self, from: Data(request.body)) else {
                    return error(400, .badLeagueSettings)
                }
                return write(leagues, id) { (entry: inout LeagueEntry) throws(LeagueService.WriteError) in
                    if let name = body.name { entry.name = name.trimmingCharacters(in: .whitespaces) }
                    if let scoring = body.scoring { entry.scoring = scoring }
                    if let zone = body.timeZone { entry.timeZone = zone }
                    if let start = body.seasonStart { entry.seasonStart = start }
                }
            }
        }
    }

    struct AliasRequest: Decodable {
        var kind: String
        var from: String
        var into: String
    }

    struct SettingsRequest: Decodable {
        var name: String?
        var scoring: LeagueScoring?
        var timeZone: String?
        var seasonStart: String?
    }

    private static func write(_ leagues: LeagueService, _ id: String, _ change: (inout LeagueEntry) throws(LeagueService.WriteError) -> Void) -> HTTPResponse {
        do {
            return LibraryAPI.json(200, try leagues.update(id, change))
        } catch {
            switch error {
            case .unknownLeague: return unknown(id)
            case .invalid(let reason): return Self.error(422, .leagueChangeInvalid(reason: reason))
            case .unreadableFile(let reason): return Self.error(503, .leagueFileUnreadable(reason: reason))
            case .io(let reason): return Self.error(500, .leagueFileUnwritable(reason: reason))
            }
        }
    }

    /// A refusal of the device header, as its response.
    struct DeviceRefusal: Error {
        var response: HTTPResponse
    }

    /// The caller's device id from `Authorization: Bearer DEVICE` (1 to `InputBounds.Bytes.device`
    /// bytes), checked before anything reads it.
    static func deviceID(_ head: HTTPRequestHead) -> Result<String, DeviceRefusal> {
        guard let value = head.headers.first(name: "Authorization"), value.hasPrefix("Bearer ") else {
            return .failure(DeviceRefusal(response: error(401, .deviceRequired)))
        }
        let device = String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        guard (1...InputBounds.Bytes.device).contains(device.utf8.count) else {
            return .failure(DeviceRefusal(response: error(400, .badDevice(maxBytes: InputBounds.Bytes.device))))
        }
        return .success(device)
    }

    /// An answer that depends on who asks: a cache must not hand it to another phone.
    static func personal(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.add(name: "Vary", value: "Authorization")
        return response
    }

    /// The id as given, when it is one (docs/league.md: 1 to 40 of a-z, 0-9 and -).
    static func checkedID(_ raw: String) -> String? {
        RoomLeague.idProblem(raw) == nil ? raw : nil
    }

    static func badID() -> HTTPResponse {
        error(400, .badLeagueID)
    }

    static func unknown(_ id: String) -> HTTPResponse {
        error(404, .unknownLeague(id: id))
    }

    /// The JSON error body of every coded HTTP refusal: `{"error": message, "code": code}`.
    static func error(_ status: Int, _ refusal: AppError) -> HTTPResponse {
        let definition = refusal.definition
        return LibraryAPI.json(status, ["error": definition.message, "code": definition.code.rawValue])
    }

    private static func authorized(_ head: HTTPRequestHead, editTokenHash: String) -> HTTPResponse? {
        guard let value = head.headers.first(name: "Authorization"), value.hasPrefix("Bearer "),
              Secrets.hash(String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)) == editTokenHash else {
            var response = error(401, .leagueTokenRequired)
            response.headers.add(name: "WWW-Authenticate", value: "Bearer realm=\"buzzer leagues\"")
            return response
        }
        return nil
    }
}
