import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerReplay
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Logging
import Synchronization

extension RoomEntrance {
    // MARK: - create

    /// Opens a room on the host's own loop, so the host's commands need no hop.
    func create(_ request: CreateRequest, client: GameClient) {
        let handle = client.handle
        let config = context.config
        let address = client.remoteAddress, requests = client.state.createRequests, started = context.clock()
        client.state.createRequests += 1
        // Set once this create has taken from its address's allowance: a refusal gives it back.
        var charged = false
        let fail = { (error: any DefinedError) in
            if charged { self.creates.withLock { $0.giveBack(to: address, now: started) } }
            client.send(self.context.messages.encode(.error(error, request: ClientMessageType.create.rawValue)))
        }
        switch creates.withLock({ $0.take(from: address, connectionRequests: requests, now: started) }) {
        case .allowed:
            charged = true
        case .addressLimited(let wait):
            fail(AppError.tooManyCreatesFromAddress(retryAfterSeconds: AppError.seconds(fromMilliseconds: wait)))
            return
        case .connectionLimited:
            fail(AppError.tooManyCreatesOnConnection(limit: config.rooms.createsPerConnection))
            handle.close(code: 1008, reason: "too many create requests")
            return
        }
        // Hosting shows every answer, so a library pack needs the library's edit token: otherwise a
        // player could host tonight's pack in a room of their own and read its answers.
        if case .library = request.source, request.token.map(Secrets.hash) != editTokenHash {
            fail(AppError.libraryTokenRequired(given: request.token != nil))
            return
        }
        // A league's standings are its owner's: only the edit token's holder adds games to one.
        if request.league != nil, request.token.map(Secrets.hash) != editTokenHash {
            fail(AppError.leagueGameTokenRequired)
            return
        }
        var league: RoomLeague?
        var newLeague = false
        if let choice = request.league {
            if let known = context.leagues.entry(choice.id) {
                league = RoomLeague(id: known.id, name: known.name)
            } else if let name = choice.name {
                if let problem = context.leagues.newLeagueProblem() {
                    fail(AppError.cannotStartLeague(reason: problem))
                    return
                }
                league = RoomLeague(id: choice.id, name: name)
                newLeague = true
            } else {
                fail(AppError.unknownLeagueWithoutName(id: choice.id))
                return
            }
        }
        if let refusal = gate.refusal() {
            fail(refusal)
            return
        }
        // Measured as the log would store it, before anything is written.
        if case .inline(let inline) = request.source, let bytes = try? JSONEncoder().encode(inline).count,
           bytes > config.rooms.maxInlinePackBytes {
            fail(AppError.packTooLarge(bytes: bytes, max: config.rooms.maxInlinePackBytes))
            return
        }
        let pack: QuestionPack
        switch request.source {
        case .inline(let inline):
            pack = inline
        case .library(let name):
            do { pack = try library.pack(named: name) } catch {
                fail(error)
                return
            }
        }
        let settings: RoomSettings
        do { settings = try RoomSettings.merging(request.settings, over: config.game.roomDefaults) } catch {
            fail(GameError.invalidSettings(error.reason))
            return
        }

        // Logged with the room: a library pack's game counts in the question index, an inline one does not.
        let fromLibrary = if case .library = request.source { true } else { false }
        let token = Secrets.token(), now = context.clock(), loop = handle.loop
        // The host's own view of the server (its Host header, else the server's addresses) is where
        // players join; it is logged with the room, so nobody else's request can move it later.
        let offered = joinAddress(for: client)
        var created: (ref: RoomRef, live: LiveRoom, events: [RoomEvent])?
        for _ in 0..<16 where created == nil {
            let code = config.rooms.instanceId.map { $0 + Secrets.joinCode(length: config.rooms.joinCodeLength - 1) }
                ?? Secrets.joinCode(length: config.rooms.joinCodeLength)
            let made: (room: Room, event: RoomEvent)
            do {
                made = try Room.create(code: code, pack: pack, settings: settings, packLimits: config.game.packLimits,
                                       seed: Secrets.seed(), hostTokenHash: Secrets.hash(token), at: now, league: league, fromLibrary: fromLibrary)
            } catch {
                fail(error)
                return
            }
            var room = made.room
            let joinEvents = (try? room.handle(.setJoinAddress(RoomJoinAddress(offered)), at: now)) ?? []
            let live = LiveRoom(room: room, loop: loop, context: context)
            let ref = RoomRef(code: code, hostTokenHash: room.hostTokenHash, loop: loop, bound: LoopBound(live, queue: loop.queue))
            switch context.registry.insert(ref, limit: config.rooms.maxRooms) {
            case .inserted:
                context.hostKeys.add(code: code, hash: room.hostTokenHash)
                created = (ref, live, [made.event] + joinEvents)
                ref.run { $0.reportGauges() }
            case .codeTaken: continue
            case .full:
                fail(AppError.tooManyRooms(max: config.rooms.maxRooms))
                return
            }
        }
        guard let (ref, live, events) = created else {
            fail(AppError.noFreeCode)
            return
        }
        // The host token is handed out only once the room is in the log: a restart must still know it.
        client.state.entering = true
        let messages = context.messages, logger = context.logger, registry = context.registry
        let join = registry.join(ref.code, offering: offered)
        let reply = messages.encode(.created(CreatedPayload(
            code: ref.code, hostToken: token, joinURL: "\(join.chosen)/join/\(ref.code)", joinAddresses: join.offered.candidates,
            displayURL: "\(join.chosen)/display/\(ref.code)", title: pack.title, questionCount: pack.questionCount, settings: settings, league: league, kinds: pack.kinds)))
        let registerLeague: RoomLeague? = newLeague ? league : nil
        let leagueScoring = request.league?.scoring.flatMap(LeagueScoring.init(rawValue:)), leagues = context.leagues
        live.record(events) { durable in
            guard durable else {
                registry.remove(ref.code)
                ref.run { $0.forget() }
                handle.withHandler({ client in
                    client.state.entering = false
                    client.send(messages.encode(.error(AppError.archiveFailedCreate, request: ClientMessageType.create.rawValue)))
                }, ifClosed: {})
                return
            }
            if let registerLeague { leagues.register(registerLeague, scoring: leagueScoring) }
            ref.run { live in
                live.attachHost(handle)
                let state = messages.encode(live.state(for: .host))
                handle.withHandler({ client in
                    client.state.entering = false
                    client.state.room = ref
                    client.state.role = .host
                    client.send(reply)
                    client.send(state)
                }, ifClosed: {
                    ref.run { $0.detach(handle, role: .host) }
                })
            }
            logger.info("room created", metadata: [
                "room": "\(ref.code)", "title": "\(pack.title)", "questions": "\(pack.questionCount)", "scoring": "\(settings.scoring.rawValue)"])
        }
    }
}
