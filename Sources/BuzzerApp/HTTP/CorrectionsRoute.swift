import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import BuzzerReplay
import BuzzerWebSocket
import Dispatch
import Foundation
import Synchronization

/// `POST /api/games/GAME/corrections` (GAME is `CODE` or `CODE@N`) with the game's host key or the
/// edit token: corrects a finished game (docs/replay-corrections.md). The game is read from its
/// own lines, the correction checked by the game's code (`Room.correct`) and appended to the log
/// as `game_corrected`; the answer comes once it is durable. Everything that reads the game after
/// (its results, `replay verify`, the league, "your nights") applies it. One at a time, so two
/// corrections of one game never both start from the standings before the other.
/// `GET` the same path, with the same keys, answers what the game's corrections can name
/// (`CorrectableGame`): the pages' corrections form asks it first.
enum CorrectionsRoute {
    static let maxBodyBytes = 16 << 10

    /// A player or a team by its id, or by its name as the game shows it (case and accents ignored).
    enum Named: Decodable {
        case id(Int)
        case name(String)

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let id = try? c.decode(Int.self) { self = .id(id) } else { self = .name(try c.decode(String.self)) }
        }
    }

    /// The body: `action` and the fields that action takes. `question` counts from 1, as the results do.
    struct Body: Decodable {
        var action: GameCorrected.Action
        var question: Int?
        var player: Named?
        var team: Named?
        var right: Bool?
        var delta: Int?
        var answerKey: JSONValue?
        var reason: String
        private enum CodingKeys: String, CodingKey { case action, question, player, team, right, delta, answerKey = "answer_key", reason }
    }

    static func register(in router: inout Router<GameService>, editTokenHash: String, rateLimit: ComputeRateLimit) {
        let writes = DispatchQueue(label: "buzzer.corrections")
        router.on("POST", "/api/games/{game}/corrections", on: .serial(writes), bodyLimit: maxBodyBytes, gate: rateLimit.gate()) { request, service in
            correct(request, editTokenHash: editTokenHash, service: service)
        }
        router.get("/api/games/{game}/corrections", on: .pool, gate: rateLimit.gate()) { request, service in
            read(request, editTokenHash: editTokenHash, service: service)
        }
    }

    static func error(_ status: Int, _ message: String) -> HTTPResponse { LibraryAPI.error(status, message) }

    /// The game a request names, read from the log, and who asks for it (its host or the editor).
    struct Target {
        var game: ReplayGame
        var room: Room
        var author: CorrectionAuthor
        var code: String
    }

    enum Lookup {
        case found(Target)
        case refused(RouteResponse)
    }

    /// Finds the game a request names and checks its key, for both routes: 400 for a name that is
    /// not one, 401 without the game's host key or the edit token, 404 for an unknown game (told only
    /// to the edit token), 409 for a game whose room cannot be read. The key is checked against the
    /// host keys this instance's log holds (`HostKeys`, in memory) before any line is read: a wrong
    /// key costs the same whether the code names a game or not, and a code that names none counts as
    /// a wrong code from the address, as a `join` does (429 once past `rooms.failedJoinsPerMinute`).
    static func target(_ request: HTTPRequest, editTokenHash: String, service: GameService) -> Lookup {
        let context = service.context
        guard var reference = try? GameReference(parsing: request[parameter: "game"]) else {
            return .refused(.whole(error(400, "Name the game as CODE, CODE@N (buzzer replay list shows them) or a league's game key CODE-MS.")))
        }
        reference.code = Secrets.normalizeCode(reference.code)
        guard let authorization = request.head.headers.first(name: "Authorization"), authorization.hasPrefix("Bearer ") else {
            return .refused(.whole(unauthorized()))
        }
        let tokenHash = Secrets.hash(String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        let known = context.hostKeys.hashes(reference.code)
        let isEditor = tokenHash == editTokenHash
        guard !known.isEmpty else {
            // Whether a game exists is told only to the edit token; anyone else's guess is a wrong code.
            if isEditor { return .refused(.whole(error(404, "\(ReplayError.unknownGame(code: reference.code))"))) }
            return .refused(service.entrance.refuseWrongCode(overHTTP: reference.code, from: request.remoteAddress, answer: unauthorized()))
        }
        guard isEditor || known.contains(tokenHash) else { return .refused(.whole(unauthorized())) }
        let game: ReplayGame
        do {
            // The index knows the games of the rooms this process runs or keeps; an older game is found
            // by reading the log for its code (only for a key this log holds, and off the loops).
            let ranges = context.archive.ranges(room: reference.code)
            if !ranges.isEmpty, let found = try? ReplayArchive.scan(code: reference.code, ranges: ranges, depth: .replay, keepRooms: true).game(reference) {
                game = found
            } else {
                guard context.wholeLogReads.withLock({ $0.acquire("") }) else { return .refused(.whole(busy())) }
                defer { context.wholeLogReads.withLock { $0.release("") } }
                game = try ReplayArchive(paths: [context.config.archive.directory]).scan(depth: .replay, code: reference.code, keepRooms: true).game(reference)
            }
        } catch {
            return .refused(.whole(isEditor ? Self.error(404, "\(error)") : unauthorized()))
        }
        guard let room = game.room else {
            return .refused(.whole(error(409, "Game \(game.id) cannot be read from the log: \(game.damage?.message ?? "no room_created").")))
        }
        let author: CorrectionAuthor
        if isEditor { author = .editor } else if tokenHash == room.hostTokenHash { author = .host } else { return .refused(.whole(unauthorized())) }
        return .found(Target(game: game, room: room, author: author, code: reference.code))
    }

    static func correct(_ request: HTTPRequest, editTokenHash: String, service: GameService) -> RouteResponse {
        let found: Target
        switch target(request, editTokenHash: editTokenHash, service: service) {
        case .found(let target): found = target
        case .refused(let response): return response
        }
        return .whole(correct(found, request, service: service))
    }

    /// The POST once its game and key are found.
    static func correct(_ found: Target, _ request: HTTPRequest, service: GameService) -> HTTPResponse {
        let context = service.context
        let (game, room, author) = (found.game, found.room, found.author)
        guard game.status == .finished else {
            return error(409, "Game \(game.id) is \(game.status.rawValue): only a finished game can be corrected.")
        }
        guard game.isComplete else {
            return error(409, "Game \(game.id) has missing or damaged lines (buzzer replay verify \(game.id)); it cannot be corrected.")
        }
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: Data(request.body))
        } catch {
            return Self.error(400, #"Send {"action":"answer_key"|"ruling"|"void"|"adjust","question":N,…,"reason":"…"} (docs/replay-corrections.md)."#)
        }
        let correction: GameCorrection
        switch parse(body, room: room) {
        case .success(let made): correction = made
        case .failure(let problem): return error(400, problem.message)
        }
        let event: GameCorrected
        do {
            event = try room.correct(correction, reason: body.reason, by: author, at: ArchiveWriter.systemMilliseconds())
        } catch {
            return Self.error(400, "The correction was refused: \(error).")
        }
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        do {
            try context.archive.append(room: found.code, time: event.at, encoding: RoomEvent.gameCorrected(event)) { result in
                if case .success = result { outcome.durable = true }
                done.signal()
            }
        } catch {
            return Self.error(503, "The log cannot take the correction: \(error).")
        }
        guard done.wait(timeout: .now() + 30) == .success, outcome.durable else {
            return error(503, "The correction could not be made durable; it may or may not be in the log (buzzer replay show \(game.id)).")
        }
        // The question index holds the game's old figures if it counts: build it again, off the loops.
        context.questions.gameCorrected(room)
        // A room still kept for its podium shows the corrected one.
        context.registry.room(found.code)?.run { $0.corrected(event) }
        return LibraryAPI.json(200, Response(game: game.id, corrections: game.corrections.count + 1, standings: event.standings))
    }

    /// `GET`: the game as a correction can name it (`CorrectableGame`), with the POST's keys and
    /// errors; a game that is not finished is answered too (`finished: false`), for the form to say so.
    static func read(_ request: HTTPRequest, editTokenHash: String, service: GameService) -> RouteResponse {
        switch target(request, editTokenHash: editTokenHash, service: service) {
        case .found(let target): .whole(LibraryAPI.json(200, CorrectableGame(target.game, room: target.room)))
        case .refused(let response): response
        }
    }

    struct Response: Encodable {
        var game: String
        var corrections: Int
        var standings: RecordedStandings?
    }

    /// Set by the archive's callback, read after the semaphore: the semaphore orders the two.
    final class Outcome: @unchecked Sendable {
        var durable = false
    }

    struct Problem: Error {
        var message: String
    }

    /// The correction a body names, with its outside values in range; the game checks the rest.
    static func parse(_ body: Body, room: Room) -> Result<GameCorrection, Problem> {
        func sequence() -> Result<Int, Problem> {
            guard let question = body.question, (1...InputBounds.id.upperBound).contains(question) else {
                return .failure(Problem(message: "question must be the question's number in the game, from 1"))
            }
            return .success(question - 1)
        }
        func id(_ value: Named?, _ name: String) -> Result<Int?, Problem> {
            switch value {
            case nil:
                return .success(nil)
            case .id(let id):
                guard InputBounds.id.contains(id) else { return .failure(Problem(message: "\(name) must be an id from 0 to \(InputBounds.id.upperBound)")) }
                return .success(id)
            case .name(let text):
                guard text.utf8.count <= InputBounds.Bytes.name else { return .failure(Problem(message: "\(name) is too long")) }
                let key = TextNormalizer.fold(text)
                let found = name == "team"
                    ? room.teams.values.filter { TextNormalizer.fold($0.name) == key }.map(\.id.rawValue)
                    : room.players.values.filter { TextNormalizer.fold($0.nickname) == key }.map(\.id.rawValue)
                guard found.count == 1 else {
                    return .failure(Problem(message: found.isEmpty ? "the game has no \(name) called \(text)" : "\(found.count) \(name)s are called \(text): give the id"))
                }
                return .success(found[0])
            }
        }
        switch body.action {
        case .answerKey:
            guard let key = body.answerKey else {
                return .failure(Problem(message: #"answer_key must be the question's kind and answer as a pack writes them, e.g. {"kind":"number","answer":330}"#))
            }
            return sequence().flatMap { sequence in
                do {
                    return .success(.answerKey(sequence: sequence, content: try GameCorrected.content(key)))
                } catch {
                    return .failure(Problem(message: "answer_key is not a valid answer: \(error)"))
                }
            }
        case .ruling:
            guard let right = body.right else { return .failure(Problem(message: "a ruling needs right: true or false")) }
            return sequence().flatMap { sequence in
                id(body.player, "player").flatMap { player in
                    guard let player else { return .failure(Problem(message: "a ruling names the player whose answer it judges")) }
                    return .success(.ruling(sequence: sequence, player: PlayerID(player), right: right))
                }
            }
        case .void:
            return sequence().map { .void(sequence: $0) }
        case .adjust:
            guard let delta = body.delta else { return .failure(Problem(message: "an adjustment needs delta, the points to add (negative to take away)")) }
            return id(body.player, "player").flatMap { player in
                id(body.team, "team").map { team in
                    .adjust(player: player.map(PlayerID.init), team: team.map(TeamID.init), delta: delta)
                }
            }
        }
    }

    /// Another old game is being read from the whole log: one such read at a time (`GameContext.wholeLogReads`).
    static func busy() -> HTTPResponse {
        var response = LeagueRoutes.error(503, .correctionsBusy)
        response.headers.add(name: "Retry-After", value: "1")
        return response
    }

    static func unauthorized() -> HTTPResponse {
        var extra = HTTPHeaders()
        extra.add(name: "WWW-Authenticate", value: "Bearer")
        return LibraryAPI.error(401, "A correction needs the game's host key or the edit token: send Authorization: Bearer KEY.", headers: extra)
    }
}
