import Dispatch
import Glibc
import Logging
import Synchronization

/// Appends events to the log off the event loops and calls back once each one is durable.
///
/// `append` encodes the event on the caller's thread and pushes it onto a lock-free hand-off
/// (`ArchiveHandOff`, one compare-and-swap): event loops never wait for each other or the disk.
/// A private serial queue does the rest: it takes everything pending as one batch, numbers it,
/// writes it with one `write(2)` (O_APPEND), `fdatasync`s it (durability `always`/`group`), and
/// only then calls the batch's callbacks, in sequence order, on that queue. Callbacks must be
/// quick: hop to your own loop from them. Only the queue hands out sequence numbers, in the order
/// it writes the lines, so they increase in file order, across files and across restarts.
///
/// A failed write, sync or file creation makes the writer `degraded`: the file is cut back to its
/// last good length, every waiting callback gets the error, further appends throw at once, and
/// the queue probes the disk every `retrySeconds` until it can write again. Sequence numbers of
/// failed events are reused after recovery, so the file has no gaps.
package final class ArchiveWriter: Sendable {
    /// Called once per accepted event: `.success(seq)` when durable (or, under `none`, when
    /// handed to the kernel); `.failure` when its batch could not be written.
    package typealias Completion = @Sendable (Result<UInt64, ArchiveError>) -> Void

    package let config: ArchiveConfig
    /// What `init` cut off the newest file, if it had a torn tail.
    package let repairAtOpen: ArchiveTailRepair?

    let fileSystem: any ArchiveFileSystem
    private let wallClock: @Sendable () -> Int64
    let logger: Logger
    let queue: DispatchQueue
    let handOff = ArchiveHandOff()
    /// Why the writer is degraded, for `health` and refused appends; read off the queue only then.
    let degradation: Mutex<ArchiveHealth> = Mutex(.healthy)
    /// 0 until something is durable (sequence numbers start at 1).
    private let lastDurable: Atomic<UInt64>
    let io: Mutex<IOState>
    /// The last free-space measurement and when it was taken (wall-clock ms): `diskSpace()` asks the
    /// file system at most once a second.
    private let diskMeasurement = Mutex<(space: ArchiveDiskSpace, at: Int64)?>(nil)
    /// Told of each durable batch (for `/metrics`); read on the writer's queue only. Boxed in a
    /// struct: a bare closure in a `Mutex` is re-abstracted on every `withLock` and written back
    /// wrapped, so each read added two thunks to every later call (at 174,000 batches, a stack overflow).
    private let commitObserver = Mutex<CommitObserver?>(nil)

    private struct CommitObserver: Sendable {
        let notify: @Sendable (_ events: Int, _ syncNanoseconds: UInt64) -> Void
    }
    /// Where each room's lines are, kept as batches are written (and the start-up read's, adopted):
    /// its own lock, so a results download never waits behind a batch's fsync.
    private let index = Mutex(ArchiveIndex())

    struct Waiter {
        var seq: UInt64
        var completion: Completion
    }

    struct Batch {
        var bytes: [UInt8]
        var waiters: [Waiter]
        var firstSeq: UInt64
        /// Each line's room and where it is in `bytes`, for the index.
        var lines: [(room: String, start: Int, count: Int)] = []
    }

    /// Only touched on `queue`; a lock anyway so the class stays honestly Sendable (never contended).
    struct IOState {
        var nextSeq: UInt64
        var file: ArchiveFileHandle?
        var fileLength = 0
        var fileDay: Int64 = 0
        var retryScheduled = false
        var filesCreated = 0
        /// Reused between batches so a steady load does not reallocate it.
        var scratch: [UInt8] = []
        /// How long the last batch's `fdatasync` took (0 under `none`).
        var lastSyncNanoseconds: UInt64 = 0
    }

    /// Opens the log in `config.directory`: creates the directory, cuts a torn tail off the
    /// newest file, and continues the sequence after its last line. The first batch starts a new file.
    package init(
        config: ArchiveConfig,
        fileSystem: any ArchiveFileSystem = POSIXArchiveFileSystem(),
        wallClock: @escaping @Sendable () -> Int64 = ArchiveWriter.systemMilliseconds,
        logger: Logger = Logger(label: "buzzer.archive")
    ) throws(ArchiveError) {
        self.config = config
        self.fileSystem = fileSystem
        self.wallClock = wallClock
        self.logger = logger
        self.queue = DispatchQueue(label: "buzzer.archive.writer", qos: .userInitiated)

        try fileSystem.createDirectory(config.directory)
        let files = try ArchiveFileName.logFiles(in: config.directory, prefix: config.filePrefix, fileSystem: fileSystem)
        var repair: ArchiveTailRepair?
        if let newest = files.last {
            let result = try ArchiveRecovery.repairTail(path: newest)
            if result.reason != nil {
                repair = result
                logger.warning("archive: cut \(result.removedBytes) bytes off \(newest): \(result.reason ?? "")")
            }
        }
        self.repairAtOpen = repair
        let lastSeq = try ArchiveRecovery.lastSeq(files: files)
        self.lastDurable = Atomic(lastSeq ?? 0)
        self.io = Mutex(IOState(nextSeq: (lastSeq ?? 0) + 1))
    }

    /// Calls `observer` on the writer's queue after each durable batch, before its waiters hear, with
    /// its event count and how long its `fdatasync` took (0 under durability `none`).
    package func observeCommits(_ observer: @escaping @Sendable (_ events: Int, _ syncNanoseconds: UInt64) -> Void) {
        commitObserver.withLock { $0 = CommitObserver(notify: observer) }
    }

    /// Tells the observer, if any, of a durable batch of `events`.
    func notifyCommitObserver(events: Int, syncNanoseconds: UInt64) {
        commitObserver.withLock { $0 }?.notify(events, syncNanoseconds)
    }

    // MARK: - Appending

    /// Encodes `event` on the caller's thread, once and in its own member order (its `type` first,
    /// its `at`, if any, equal to `time`), and appends it. Throws at once, without calling
    /// `onDurable`, when the event is invalid or the writer is degraded or closed; otherwise
    /// `onDurable` is called exactly once.
    package func append(room: String, time: Int64, encoding event: some Encodable, onDurable: @escaping Completion) throws(ArchiveError) {
        try append(ArchiveLineEncoder.prepare(room: room, time: time, encoding: event), onDurable: onDurable)
    }

    /// Appends a prepared event; the writer's queue adds `v` and `seq`. Lock-free: a push onto
    /// the hand-off, and a flush scheduled by the push that found it empty (or that took the
    /// waiting bytes past `groupCommitMaxBytes`).
    package func append(_ prepared: PreparedArchiveEvent, onDurable: @escaping Completion) throws(ArchiveError) {
        switch handOff.push(ArchiveHandOff.Item(prepared: prepared, completion: onDurable)) {
        case .failure(let refused):
            switch refused.refusal {
            case .closed: throw .closed
            case .degraded:
                if case .degraded(let reason, _) = degradation.withLock({ $0 }) { throw .degraded(reason: reason) }
                throw .degraded(reason: "recovering")
            }
        case .success(let pushed):
            let maxBytes = config.groupCommitMaxBytes
            let crossedMax = pushed.pendingBytes >= maxBytes && pushed.pendingBytes - prepared.tail.count < maxBytes
            if crossedMax {
                queue.async { self.flush() }
            } else if pushed.wasEmpty {
                if config.durability == .group && config.groupCommitMilliseconds > 0 {
                    queue.asyncAfter(deadline: .now() + .milliseconds(config.groupCommitMilliseconds)) { self.flush() }
                } else {
                    queue.async { self.flush() }
                }
            }
        }
    }

    // MARK: - State

    package var health: ArchiveHealth {
        handOff.refusal == .closed ? .closed : degradation.withLock { $0 }
    }

    /// False while degraded or closed: the app refuses to create rooms it could not archive.
    package var acceptsNewGames: Bool { health == .healthy }

    /// The free space on the archive's disk against `minFreeBytes`, measured at most once a second
    /// (one `statvfs`, from the caller's thread): cheap enough for every create and health check, and
    /// never on the path of an event.
    package func diskSpace() -> ArchiveDiskSpace {
        let now = wallClock()
        return diskMeasurement.withLock { last in
            if let last, now >= last.at, now - last.at < 1000 { return last.space }
            let space = ArchiveDiskSpace(freeBytes: fileSystem.availableBytes(config.directory), minFreeBytes: config.minFreeBytes)
            last = (space, now)
            return space
        }
    }

    /// The highest sequence number known to be durable (or, before any append, the last one on disk).
    package var lastDurableSeq: UInt64? {
        let seq = lastDurable.load(ordering: .acquiring)
        return seq == 0 ? nil : seq
    }

    /// Log files created by this writer so far.
    package var filesCreated: Int { io.withLock { $0.filesCreated } }

    // MARK: - The index

    /// Where `room`'s lines are, in log order: those this writer wrote, and those of older files
    /// once `adoptIndex` has the start-up read's.
    package func ranges(room: String) -> [ArchiveIndex.Location] {
        index.withLock { $0.ranges(room: room) }
    }

    /// The whole index as it stands (tests, and the size it has reached).
    package var currentIndex: ArchiveIndex { index.withLock { $0 } }

    /// Takes the index rebuilt from the files that were there at start-up; files this writer has
    /// written since keep the ranges it noted.
    package func adoptIndex(_ rebuilt: ArchiveIndex) {
        index.withLock { $0.adopt(rebuilt) }
    }

    /// Drops a room from the index (it is no longer served; the lines stay in the log).
    package func forgetIndexed(room: String) {
        index.withLock { $0.forget(room: room) }
    }

    /// Gives back the room's index storage slack: its game has ended, and a room that is over
    /// writes little more (a correction, the close) while it is kept for its podium.
    package func compactIndexed(room: String) {
        index.withLock { $0.compact(room: room) }
    }

    /// Probes the disk now instead of waiting for the next periodic retry (ops command, tests).
    package func retryNow() {
        queue.async { self.attemptRecovery() }
    }

    /// Writes what is pending, syncs and closes the file. Blocks; call it at shutdown, never
    /// from an `onDurable` callback. Later appends throw `.closed`.
    package func close() {
        queue.sync {
            let pending = handOff.refuse(.closed)
            if !pending.isEmpty { write(pending, closing: true) }
            io.withLock { io in
                guard let file = io.file else { return }
                if config.durability == .none { try? fileSystem.syncData(file) }
                fileSystem.close(file)
                io.file = nil
            }
        }
    }

    /// Wall-clock milliseconds since 1970 (CLOCK_REALTIME).
    package static func systemMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    // MARK: - Writing (on `queue`)

    private func flush() {
        dispatchPrecondition(condition: .onQueue(queue))
        let items = handOff.takeAll()
        if !items.isEmpty { write(items, closing: false) }
    }

    /// Numbers `items` from `nextSeq`, writes them as one batch and calls their callbacks.
    private func write(_ items: [ArchiveHandOff.Item], closing: Bool) {
        dispatchPrecondition(condition: .onQueue(queue))
        let outcome: (batch: Batch, result: Result<Void, ArchiveError>) = io.withLock { io in
            var bytes = io.scratch
            io.scratch = []
            bytes.removeAll(keepingCapacity: true)
            let firstSeq = io.nextSeq
            var waiters: [Waiter] = []
            waiters.reserveCapacity(items.count)
            var lines: [(room: String, start: Int, count: Int)] = []
            lines.reserveCapacity(items.count)
            for item in items {
                let start = bytes.count
                ArchiveLineEncoder.append(seq: io.nextSeq, prepared: item.prepared, to: &bytes)
                lines.append((item.prepared.room, start, bytes.count - start))
                waiters.append(Waiter(seq: io.nextSeq, completion: item.completion))
                io.nextSeq += 1
            }
            let batch = Batch(bytes: bytes, waiters: waiters, firstSeq: firstSeq, lines: lines)
            do throws(ArchiveError) {
                try write(batch, io: &io)
                io.scratch = batch.bytes
                return (batch, .success(()))
            } catch {
                // Failed events' numbers are used again, so the log has no gaps.
                io.nextSeq = firstSeq
                return (batch, .failure(error))
            }
        }
        let batch = outcome.batch
        switch outcome.result {
        case .success:
            lastDurable.store(batch.waiters.last!.seq, ordering: .releasing)
            // The observer first: whoever hears an event is durable (an ack, a result) and then reads
            // `/metrics` finds its batch counted.
            notifyCommitObserver(events: batch.waiters.count, syncNanoseconds: io.withLock { $0.lastSyncNanoseconds })
            for waiter in batch.waiters { waiter.completion(.success(waiter.seq)) }
        case .failure(let error):
            var dropped: [ArchiveHandOff.Item] = []
            if !closing {
                degradation.withLock { $0 = .degraded(reason: error.description, sinceMilliseconds: wallClock()) }
                dropped = handOff.refuse(.degraded)
            }
            logger.critical("ARCHIVE DEGRADED: \(error). \(batch.waiters.count + dropped.count) events not archived; new games are refused, running rooms continue in memory; retrying every \(config.retrySeconds) s")
            for waiter in batch.waiters { waiter.completion(.failure(error)) }
            for item in dropped { item.completion(.failure(error)) }
            if !closing { scheduleRetry() }
        }
    }

    private func write(_ batch: Batch, io: inout IOState) throws(ArchiveError) {
        let now = wallClock()
        if let file = io.file {
            let newDay = config.rotateAtMidnight && ArchiveFileName.utcDay(now) != io.fileDay
            let tooBig = io.fileLength > 0 && io.fileLength + batch.bytes.count > config.maxFileBytes
            if newDay || tooBig {
                if config.durability == .none { try? fileSystem.syncData(file) }
                fileSystem.close(file)
                io.file = nil
            }
        }
        if io.file == nil {
            let name = ArchiveFileName.make(prefix: config.filePrefix, timeMilliseconds: now, firstSeq: batch.firstSeq)
            let path = (config.directory.hasSuffix("/") ? config.directory : config.directory + "/") + name
            let file = try fileSystem.openForAppend(path)
            do throws(ArchiveError) {
                io.fileLength = try fileSystem.size(file)
                try fileSystem.syncDirectory(config.directory)
            } catch {
                fileSystem.close(file)
                throw error
            }
            io.file = file
            io.fileDay = ArchiveFileName.utcDay(now)
            io.filesCreated += 1
        }
        guard let file = io.file else { return }
        do throws(ArchiveError) {
            try writeAll(file, batch.bytes)
            io.lastSyncNanoseconds = 0
            if config.durability != .none {
                let started = DispatchTime.now().uptimeNanoseconds
                try fileSystem.syncData(file)
                io.lastSyncNanoseconds = DispatchTime.now().uptimeNanoseconds - started
            }
        } catch {
            // Cut any partial batch off so the file ends on a line boundary, then drop the
            // descriptor: after a failed fsync its page-cache state cannot be trusted.
            do throws(ArchiveError) {
                try fileSystem.truncate(file, to: io.fileLength)
            } catch let truncateError {
                logger.error("archive: could not cut \(file.path) back to \(io.fileLength) bytes: \(truncateError); its last line may be torn")
            }
            fileSystem.close(file)
            io.file = nil
            throw error
        }
        let base = io.fileLength
        index.withLock { index in
            for line in batch.lines { index.add(room: line.room, file: file.path, offset: base + line.start, length: line.count) }
        }
        io.fileLength += batch.bytes.count
    }
}
