import BuzzerArchive
import BuzzerGame
import BuzzerWebSocket
import Logging
import Synchronization

/// What every live room shares with the service: settings, the archive, the clock, messages.
final class GameContext: Sendable {
    let config: BuzzerConfig
    let archive: ArchiveWriter
    let messages: ServerMessageEncoder
    let registry: RoomRegistry
    let logger: Logger
    let metrics: BuzzerMetrics
    /// Wall-clock milliseconds; tests may pass their own.
    let clock: @Sendable () -> GameInstant
    /// The leagues: a room's `create` looks its league up here, and a league game's end refreshes them.
    let leagues: LeagueService
    /// Every question asked before, by fingerprint: built at start off the loops, again as games end.
    let questions: QuestionIndexService
    /// The host key hash of every game in the own log, by code: the corrections route checks keys here first.
    let hostKeys = HostKeys()
    /// Reads of the whole own log for one game the archive's index no longer holds (a correction of an
    /// old game, by a key holder): one at a time, so they never hold more than one worker thread.
    let wholeLogReads = Mutex(ConcurrencyBound(perKey: 1, total: 1))

    init(config: BuzzerConfig, archive: ArchiveWriter, logger: Logger, clock: @escaping @Sendable () -> GameInstant, metrics: BuzzerMetrics) {
        self.config = config
        leagues = LeagueService(config: config, clock: clock)
        questions = QuestionIndexService(folders: [config.archive.directory] + config.league.archives, watched: config.league.archives, clock: clock)
        self.archive = archive
        registry = RoomRegistry(removed: { [archive] code in archive.forgetIndexed(room: code) })
        self.logger = logger
        self.clock = clock
        self.metrics = metrics
        // Each loop compresses a message once for its no-context-takeover connections (the transport's
        // SharedDeflater); a message itself carries only whether it is worth compressing.
        messages = ServerMessageEncoder(compression: config.websocket.compression, metrics: metrics)
    }

    /// Players on the leaderboard message; everyone still gets their own rank.
    static let leaderboardSize = 10
}
