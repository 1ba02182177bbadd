import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import Synchronization

extension ArchiveGenerator {
    /// One room still running whose host sent `adjustments` score adjustments after the first
    /// reveal, past `game.hostLimits` (which the live server would enforce): the log of issue 39's
    /// flood, for timing `buzzer replay verify` and a restart's recovery of it (docs/performance.md).
    package func generateAdjustmentFlood(adjustments: Int, players: Int = 8, directory: String) throws(ReplayError) -> Summary {
        let config = ArchiveConfig(directory: directory, durability: .none, rotateAtMidnight: false)
        let writer: ArchiveWriter
        do { writer = try ArchiveWriter(config: config) } catch { throw .archive(error) }
        let failures = Mutex<[ArchiveError]>([])
        let code = "FLXXD6"
        var now = firstNight
        var log: [RoomEvent] = []
        do {
            let made = try Room.create(code: code, pack: Self.pack(number: 1, wager: false), settings: RoomSettings(), seed: seed, hostTokenHash: "host-flood", at: now)
            var room = made.room
            log.append(made.event)
            var limits = HostLimits()
            limits.scoreAdjustments = max(adjustments, 1)
            func send(_ command: RoomCommand) throws(GameError) { log += try room.handle(command, at: now, limits: limits) }
            for index in 0..<max(players, 1) {
                now += 1000
                try send(.join(JoinRequest(nickname: "Player \(index + 1)", deviceID: "dev-\(index)", resumeTokenHash: "tok-\(index)")))
            }
            try send(.start)
            now = room.currentQuestion!.opensAt
            try send(.tick)
            try send(.reveal)
            for index in 0..<adjustments {
                now += 1
                try send(.adjustScore(.player(PlayerID(index % max(players, 1) + 1)), delta: index % 2 == 0 ? 100 : -99, reason: "flood \(index)"))
            }
        } catch {
            writer.close()
            throw .damagedGame(game: code, issue: "the generator's own game was refused: \(error)")
        }
        for event in log {
            do {
                try writer.append(room: code, time: event.at, encoding: event) { result in
                    if case .failure(let error) = result { failures.withLock { $0.append(error) } }
                }
            } catch {
                writer.close()
                throw .archive(error)
            }
        }
        writer.close()
        if let failure = failures.withLock({ $0.first }) { throw .archive(failure) }
        return Summary(events: log.count, games: 1, files: writer.filesCreated)
    }
}
