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
        let fail = { (code: ProtocolErrorCode, message: String) in
            if charged { self.creates.withLock { $0.giveBack(to: address, now: started) } }
            client.send(self.context.messages.encode(.error(code, message, request: ClientMessageType.create.rawValue)))
        }
        switch creates.withLock({ $0.take(from: address, connectionRequests: requests, now: started) }) {
        case .allowed:
            charged = true
        case .addressLimited(let wait):
            fail(.rateLimited, "Too many new games from your network in the last few minutes; try again in \(max(1, (wait + 999) / 1000)) s. Games already running are not affected.")
            return
        case .connectionLimited:
            fail(.rateLimited, "Too many create requests on this connection (\(config.rooms.createsPerConnection)); reload the page to try again.")
            handle.close(code: 1008, reason: "too many create requests")
            return
        }
        // Hosting shows every answer, so a library pack needs the library's edit token: otherwise a
        // player could host tonight's pack in a room of their own and read its answers.
        if case .library = request.source, request.token.map(Secrets.hash) != editTokenHash {
            fail(.tokenRequired, request.token == nil
                ? "Hosting a pack from the library needs the host link: open the address buzzer serve printed at start-up (…/host#token=…), or paste its token here."
                : "That token is not this server's: open the host link buzzer serve printed at start-up (…/host#token=…), or paste its token here.")
            return
        }
        // A league's standings are its owner's: only the edit token's holder adds games to one.
        if request.league != nil, request.token.map(Secrets.hash) != editTokenHash {
            fail(.tokenRequired, "A league game needs the host link (its token), so nobody else can add games to the league's standings: open the address buzzer serve printed at start-up (…/host#token=…), or paste its token here.")
            return
        }
        var league: RoomLeague?
        var newLeague = false
        if let choice = request.league {
            if let known = context.leagues.entry(choice.id) {
                league = RoomLeague(id: known.id, name: known.name)
            } else if let name = choice.name {
                if let problem = context.leagues.newLeagueProblem() {
                    fail(.unknownLeague, problem)
                    return
                }
                league = RoomLeague(id: choice.id, name: name)
                newLeague = true
            } else {
                fail(.unknownLeague, "There is no league \(choice.id) yet: give its name to start it.")
                return
            }
        }
        if let refusal = gate.refusal() {
            fail(refusal.code, refusal.message)
            return
        }
        // Measured as the log would store it, before anything is written.
        if case .inline(let inline) = request.source, let bytes = try? JSONEncoder().encode(inline).count,
           bytes > config.rooms.maxInlinePackBytes {
            fail(.packTooLarge, "This pack is \(Self.kilobytes(bytes)); a pack sent with create may be at most \(Self.kilobytes(config.rooms.maxInlinePackBytes)) (rooms.maxInlinePackBytes). Save it in the question library and pick it by name, or split it.")
            return
        }
        let pack: QuestionPack
        switch request.source {
        case .inline(let inline):
            pack = inline
        case .library(let name):
            do { pack = try library.pack(named: name) } catch {
                fail(error.isUnknown ? .packNotFound : .invalidPack, error.description)
                return
            }
        }
        let settings: RoomSettings
        do { settings = try RoomSettings.merging(request.settings, over: config.game.roomDefaults) } catch {
            fail(.invalidSettings, error.reason)
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
                fail(error.code, error.description)
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
                fail(.tooManyRooms, "The server is running its maximum of \(config.rooms.maxRooms) rooms; try again when a game ends.")
                return
            }
        }
        guard let (ref, live, events) = created else {
            fail(.`internal`, "No free join code was found; try again.")
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
                    client.send(messages.encode(.error(.archiveUnavailable, "The server could not record the new game (its log is failing), so it did not start it. Running games go on.", request: ClientMessageType.create.rawValue)))
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

    /// "236 KB", for messages to hosts.
    static func kilobytes(_ bytes: Int) -> String {
        "\((bytes + 1023) / 1024) KB"
    }
}
