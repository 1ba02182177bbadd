import BuzzerArchive
import BuzzerGame
import Dispatch
import Synchronization

/// Whether this server starts new games right now. Running games go on whatever it says: only a
/// `create` is refused, with the reason as a protocol error.
final class NewGameGate: Sendable {
    private let context: GameContext
    private let draining = Mutex(false)
    /// The archive's free space, measured on a utility queue: a `create` runs on a connection's
    /// loop, and a `statvfs` of a hung disk must not stall every player on it.
    private let disk: BackgroundRefreshed<ArchiveDiskSpace>

    init(context: GameContext) {
        self.context = context
        let archive = context.archive
        disk = BackgroundRefreshed(maxAgeMilliseconds: 1000, queue: DispatchQueue(label: "buzzer.disk-space", qos: .utility),
                                   clock: context.clock) { archive.diskSpace() }
    }

    /// A rolling restart: no new games until the process is replaced.
    func beginDrain() { draining.withLock { $0 = true } }
    var isDraining: Bool { draining.withLock { $0 } }

    /// The archive's free space (measured at most once a second, off the caller's thread), reported
    /// to `/metrics` too.
    func diskSpace() -> ArchiveDiskSpace {
        let space = disk.value
        context.metrics.disk(space)
        return space
    }

    /// Why no game may start now; nil when one may.
    func refusal() -> AppError? {
        if !context.archive.acceptsNewGames { return .archiveUnavailable }
        let disk = diskSpace()
        if disk.isLow { return .diskLow(freeMiB: (disk.freeBytes ?? 0) >> 20) }
        if isDraining { return .draining }
        let maxRooms = context.config.rooms.maxRooms
        if context.registry.runningCount >= maxRooms { return .tooManyRooms(max: maxRooms) }
        return nil
    }
}
