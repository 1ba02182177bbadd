import BuzzerArchive
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation
import Logging
import Synchronization

/// Builds `buzzer serve`: the archive, the game service with the rooms recovered from the log,
/// and the WebSocket server on `/ws` with the `buzzer.v1` subprotocol.
package struct GameServer: Sendable {
    package let server: WebSocketServer
    package let service: GameService
    package let archive: ArchiveWriter
    package let recovery: RecoverySummary

    /// What start-up found in the log.
    package struct RecoverySummary: Sendable {
        package var restoredRooms: [String] = []
        /// Rooms whose log could not be replayed (damaged lines, or values out of range): left out,
        /// with the reason, so that every other room comes back (docs/operations.md, "Quarantine").
        package var quarantinedRooms: [String: String] = [:]
        package var repairedTail: ArchiveTailRepair?
    }

    /// `fileSystem` is the archive's disk (tests pass one that fails on demand). `startup` is told,
    /// before each step of recovery, how many seconds the step may take and what it is
    /// (`SystemdNotifier.extendStartup`: systemd's start timeout, extended step by step).
    package init(
        config: BuzzerConfig, logger: Logger = Logger(label: "buzzer"), fileSystem: any ArchiveFileSystem = POSIXArchiveFileSystem(),
        clock: @escaping @Sendable () -> GameInstant = GameService.wallClock,
        startup: (_ seconds: Int, _ status: String) -> Void = { SystemdNotifier.extendStartup(bySeconds: $0, status: $1) }
    ) throws(GameServerError) {
        // Before the log is opened: a certificate that does not load stops the start with its reason.
        var tls: TLSContext?
        if let files = config.server.tls {
            do { tls = try TLSContext(config: files) } catch { throw .tls(error) }
        }
        let archive: ArchiveWriter
        do {
            archive = try ArchiveWriter(config: config.archive, fileSystem: fileSystem, logger: Logger(label: "buzzer.archive"))
        } catch {
            throw .archive(error)
        }
        // A token kept beside the log, so an editor link works across restarts; made on the first start.
        var editToken: String?
        if config.library.editToken == nil {
            do { editToken = try EditTokenStore(archiveDirectory: config.archive.directory).loadOrCreate() } catch {
                logger.warning("the edit token is new at every start", metadata: ["reason": "\(error)"])
            }
        }
        let service = GameService(config: config, archive: archive, logger: logger, editToken: editToken, clock: clock)
        let serverConfig = WebSocketServerConfig(
            server: config.server, websocket: config.websocket, timeouts: config.timeouts, transport: config.transport,
            paths: [GameService.path], subprotocols: [GameService.subprotocol])
        let server = WebSocketServer(config: serverConfig, service: service, tls: tls)
        self.archive = archive
        self.service = service
        self.server = server
        var summary = RecoverySummary(repairedTail: archive.repairAtOpen)
        do {
            try Self.recover(into: service, loops: server.loops, summary: &summary, startup: startup)
        } catch {
            throw .archive(error)
        }
        recovery = summary
    }

    /// Reads `server.tls`'s certificate and key again (SIGHUP): new connections get them, open ones
    /// keep theirs. nil when there is no TLS; throws when the files do not load (the old pair stays).
    package func reloadTLS() throws(TransportError) -> Bool {
        guard let tls = server.tls else { return false }
        try tls.reload()
        return true
    }

    /// Starts listening and returns the port (the one picked, for port 0).
    package func start() throws(TransportError) -> Int {
        let port = try server.start()
        service.addresses.listeningPort.store(port, ordering: .relaxed)
        return port
    }

    /// Where people can open the pages, for the start-up log: `server.publicURL` if set; else, when
    /// listening on every interface, each LAN address and then localhost; else the address listened on.
    package func reachableURLs(port: Int) -> [String] {
        let config = service.context.config.server
        let scheme = config.tls == nil ? "http" : "https"
        if let url = config.publicURL, !url.isEmpty { return [url] }
        guard config.host == "0.0.0.0" || config.host == "::" else {
            return [config.host.contains(":") ? "\(scheme)://[\(config.host)]:\(port)" : "\(scheme)://\(config.host):\(port)"]
        }
        return service.listeningAddresses.map { $0.contains(":") ? "\(scheme)://[\($0)]:\(port)" : "\(scheme)://\($0):\(port)" } + ["\(scheme)://localhost:\(port)"]
    }

    /// Drain for a rolling restart: no new games (see `GameService.beginDrain`); once no room is
    /// running (ended rooms, kept for their podium, come back from the log after the restart),
    /// `drained` is called on `queue`. Checked once a second: an operator's pace, not a game's.
    package func drain(queue: DispatchQueue = .main, drained: @escaping @Sendable () -> Void) {
        guard !service.isDraining else { return }
        service.beginDrain()
        let service = self.service
        service.context.logger.notice("draining: no new games; waiting for the running ones", metadata: ["running": "\(service.runningRoomCount)"])
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: .seconds(1))
        timer.setEventHandler {
            guard service.runningRoomCount == 0 else { return }
            timer.cancel()
            service.context.logger.notice("drained: every game has ended")
            drained()
        }
        timer.activate()
    }

    /// Graceful stop: rooms freeze, every connection gets close 1001, the log is synced and closed.
    package func shutdown(within seconds: Double, completion: @escaping @Sendable () -> Void) {
        service.beginShutdown()
        let archive = self.archive
        server.shutdown(within: seconds) {
            archive.close()
            completion()
        }
    }

    /// Rebuilds every room the log shows as still running, through the same game code, and puts
    /// it back under its code. Everyone is marked away (their connections died with the old
    /// process) and overdue timers fire at once: a question whose deadline passed is closed.
    static func recover(
        into service: GameService, loops: [EventLoop], summary: inout RecoverySummary, startup: (_ seconds: Int, _ status: String) -> Void = { _, _ in }
    ) throws(ArchiveError) {
        let context = service.context
        startup(RecoveryAllowance.scanSeconds, "reading the game log")
        // A room that ended less than `endedRoomRetentionSeconds` ago comes back too, on its podium:
        // players whose phones locked may still come back to it, across a restart as well.
        let retentionMs = Int64(context.config.rooms.endedRoomRetentionSeconds) * 1000, now = context.clock()
        let report = try ArchiveRecovery.openRooms(
            directory: context.config.archive.directory, prefix: context.config.archive.filePrefix,
            isTerminal: { $0.type == RoomEvent.roomEndedType && now - $0.time >= retentionMs },
            startsRoom: { line in
                // Every game's host key, for the corrections route to check a key before it reads anything.
                guard line.type == RoomEvent.roomCreatedType else { return false }
                context.hostKeys.add(createdLine: line)
                return true
            },
            isAfterward: { $0.type == RoomEvent.gameCorrectedType }, maxRoomLines: context.config.rooms.maxReplayEvents)
        // Results downloads read a game's own lines through the index; this read is its rebuild.
        // Only rooms the server brings back are served, so only theirs are kept; new games are added as written.
        context.archive.adoptIndex(report.index.keeping(rooms: Set(report.rooms.map(\.room))))
        for (room, problem) in report.abandonedRooms {
            quarantine(room, because: problem.description, into: &summary, context: context)
        }
        // Over the replay budget: such a log is not a game night but a flood, and replaying it would
        // hold the start for as long as it took to write.
        for (room, lines) in report.overBudgetRooms {
            let budget = context.config.rooms.maxReplayEvents
            quarantine(room, because: "its log holds \(lines) events, over the replay budget of \(budget) (rooms.maxReplayEvents)", into: &summary, context: context)
        }
        let decoder = JSONDecoder()
        for (index, recovered) in report.rooms.enumerated() {
            startup(RecoveryAllowance.seconds(replaying: recovered.lines.count), "recovering room \(index + 1) of \(report.rooms.count) (\(recovered.lines.count) events)")
            let room: Room
            do {
                let events = try recovered.lines.map { try $0.decode(RoomEvent.self, decoder: decoder) }
                room = try Room.replay(events)
            } catch {
                quarantine(recovered.room, because: "\(error)", into: &summary, context: context)
                continue
            }
            let loop = loops[index % loops.count]
            let live = LiveRoom(room: room, loop: loop, context: context)
            let ref = RoomRef(code: room.code, hostTokenHash: room.hostTokenHash, loop: loop, bound: .sending(live, to: loop.queue))
            context.registry.restore(ref)
            // `server.publicURL` wins over what the room logged; a log from before join addresses were
            // logged gets the server's own addresses when it is first asked for them.
            if context.config.server.publicURL?.isEmpty == false {
                context.registry.join(room.code, offering: service.joinAddress(requestHost: nil))
            } else if let logged = room.joinAddress {
                context.registry.restoreJoin(room.code, offered: JoinAddress(candidates: logged.offered), chosen: logged.url)
            }
            ref.run { $0.reportGauges() }
            summary.restoredRooms.append(room.code)
            let connected = room.players.values.filter { $0.status == .connected }.map(\.id).sorted()
            let displays = room.displayCount, hostConnected = room.hostConnected
            if room.phase == .ended {
                let left = max(0, (room.phaseSince + retentionMs - now) / 1000)
                ref.run { $0.scheduleRemoval(afterSeconds: Int(left)) }
                context.logger.info("ended room kept for its podium", metadata: ["room": "\(room.code)", "seconds": "\(left)"])
                continue
            }
            ref.run { live in
                for id in connected { _ = try? live.perform(.playerDisconnected(id)) }
                for _ in 0..<displays { _ = try? live.perform(.displayDisconnected) }
                if hostConnected { _ = try? live.perform(.hostDisconnected) }
                _ = try? live.perform(.tick)
                live.armTimer()
            }
            context.logger.info("room recovered from the log", metadata: [
                "room": "\(room.code)", "phase": "\(room.phase.rawValue)", "players": "\(room.activeCount)"])
        }
        service.quarantinedRooms.withLock { $0 = summary.quarantinedRooms.keys.sorted() }
    }

    /// Leaves a room out of recovery rather than stopping the start: the server must come up even
    /// when one room's log is poisoned (`buzzer replay verify` names the same line).
    private static func quarantine(_ room: String, because problem: String, into summary: inout RecoverySummary, context: GameContext) {
        summary.quarantinedRooms[room] = problem
        context.logger.error("room quarantined: its log cannot be replayed, so it is left out; every other room is recovered", metadata: [
            "room": "\(room)", "problem": "\(problem)", "check": "buzzer replay verify \(room)"])
    }
}

package enum GameServerError: Error, CustomStringConvertible {
    case archive(ArchiveError)
    case tls(TransportError)

    package var description: String {
        switch self {
        case .archive(let error): "the game log cannot be opened: \(error)"
        case .tls(let error): "\(error)"
        }
    }
}
