import Dispatch
import Glibc
import Logging
import Synchronization

/// Appends events to the log off the event loops and calls back once each one is durable.
///
/// `append` validates and copies bytes under a short lock: it never waits for the disk.
/// A private serial queue does the I/O: it takes everything pending as one batch, writes it with
/// one `write(2)` (O_APPEND), `fdatasync`s it (durability `always`/`group`), and only then calls
/// the batch's callbacks, in sequence order, on that queue. Callbacks must be quick: hop to your
/// own loop from them. Sequence numbers are assigned under the same lock that orders the bytes,
/// so they increase in file order, across files and across restarts.
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

    private let fileSystem: any ArchiveFileSystem
    private let wallClock: @Sendable () -> Int64
    private let logger: Logger
    private let queue: DispatchQueue
    private let state: Mutex<State>
    private let io: Mutex<IOState>

    struct Waiter {
        var seq: UInt64
        var completion: Completion
    }

    struct Batch {
        var bytes: [UInt8]
        var waiters: [Waiter]
        var firstSeq: UInt64
    }

    /// Shared with appending threads; held only for a copy.
    struct State {
        var nextSeq: UInt64
        var pendingBytes: [UInt8] = []
        var pendingWaiters: [Waiter] = []
        var pendingFirstSeq: UInt64
        var flushScheduled = false
        var urgentScheduled = false
        var health: ArchiveHealth = .healthy
        var closed = false
        var lastDurableSeq: UInt64?
    }

    /// Only touched on `queue`; a lock anyway so the class stays honestly Sendable.
    struct IOState {
        var file: ArchiveFileHandle?
        var fileLength = 0
        var fileDay: Int64 = 0
        var retryScheduled = false
        var filesCreated = 0
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
        let next = (lastSeq ?? 0) + 1
        var initial = State(nextSeq: next, pendingFirstSeq: next)
        initial.lastDurableSeq = lastSeq
        initial.pendingBytes.reserveCapacity(64 << 10)
        self.state = Mutex(initial)
        self.io = Mutex(IOState())
    }

    // MARK: - Appending

    /// Encodes `event` on the caller's thread, once and in its own member order (its `type` first,
    /// its `at`, if any, equal to `time`), and appends it. Throws at once, without calling
    /// `onDurable`, when the event is invalid or the writer is degraded or closed; otherwise
    /// `onDurable` is called exactly once.
    package func append(room: String, time: Int64, encoding event: some Encodable, onDurable: @escaping Completion) throws(ArchiveError) {
        try append(ArchiveLineEncoder.prepare(room: room, time: time, encoding: event), onDurable: onDurable)
    }

    /// Appends a prepared event; the writer adds `v` and `seq`.
    package func append(_ prepared: PreparedArchiveEvent, onDurable: @escaping Completion) throws(ArchiveError) {
        enum Schedule { case none, now, afterWindow }
        let maxBytes = config.groupCommitMaxBytes
        let windowed = config.durability == .group && config.groupCommitMilliseconds > 0
        let schedule = try state.withLock { s throws(ArchiveError) -> Schedule in
            if s.closed { throw .closed }
            if case .degraded(let reason, _) = s.health { throw .degraded(reason: reason) }
            let seq = s.nextSeq
            s.nextSeq += 1
            if s.pendingWaiters.isEmpty { s.pendingFirstSeq = seq }
            ArchiveLineEncoder.append(seq: seq, prepared: prepared, to: &s.pendingBytes)
            s.pendingWaiters.append(Waiter(seq: seq, completion: onDurable))
            if s.pendingBytes.count >= maxBytes, !s.urgentScheduled {
                s.urgentScheduled = true
                return .now
            }
            if !s.flushScheduled {
                s.flushScheduled = true
                return windowed ? .afterWindow : .now
            }
            return .none
        }
        switch schedule {
        case .none: break
        case .now: queue.async { self.flush() }
        case .afterWindow:
            queue.asyncAfter(deadline: .now() + .milliseconds(config.groupCommitMilliseconds)) { self.flush() }
        }
    }

    // MARK: - State

    package var health: ArchiveHealth {
        state.withLock { $0.closed ? .closed : $0.health }
    }

    /// False while degraded or closed: the app refuses to create rooms it could not archive.
    package var acceptsNewGames: Bool { health == .healthy }

    /// The highest sequence number known to be durable (or, before any append, the last one on disk).
    package var lastDurableSeq: UInt64? { state.withLock { $0.lastDurableSeq } }

    /// Log files created by this writer so far.
    package var filesCreated: Int { io.withLock { $0.filesCreated } }

    /// Probes the disk now instead of waiting for the next periodic retry (ops command, tests).
    package func retryNow() {
        queue.async { self.attemptRecovery() }
    }

    /// Writes what is pending, syncs and closes the file. Blocks; call it at shutdown, never
    /// from an `onDurable` callback. Later appends throw `.closed`.
    package func close() {
        state.withLock { $0.closed = true }
        queue.sync {
            flush()
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
        let taken: Batch? = state.withLock { s in
            s.flushScheduled = false
            s.urgentScheduled = false
            guard !s.pendingWaiters.isEmpty else { return nil }
            let batch = Batch(bytes: s.pendingBytes, waiters: s.pendingWaiters, firstSeq: s.pendingFirstSeq)
            s.pendingBytes = []
            s.pendingBytes.reserveCapacity(min(batch.bytes.count * 2, max(config.groupCommitMaxBytes, 64 << 10)))
            s.pendingWaiters = []
            s.pendingFirstSeq = s.nextSeq
            return batch
        }
        guard let batch = taken else { return }

        let outcome: Result<Void, ArchiveError> = io.withLock { io in
            do throws(ArchiveError) {
                try write(batch, io: &io)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success:
            let last = batch.waiters.last!.seq
            state.withLock { $0.lastDurableSeq = last }
            for waiter in batch.waiters { waiter.completion(.success(waiter.seq)) }
        case .failure(let error):
            let now = wallClock()
            let dropped: [Waiter] = state.withLock { s in
                if !s.closed { s.health = .degraded(reason: error.description, sinceMilliseconds: now) }
                let waiting = s.pendingWaiters
                s.pendingWaiters = []
                s.pendingBytes = []
                s.nextSeq = batch.firstSeq
                s.pendingFirstSeq = batch.firstSeq
                return waiting
            }
            logger.critical("ARCHIVE DEGRADED: \(error). \(batch.waiters.count + dropped.count) events not archived; new games are refused, running rooms continue in memory; retrying every \(config.retrySeconds) s")
            for waiter in batch.waiters { waiter.completion(.failure(error)) }
            for waiter in dropped { waiter.completion(.failure(error)) }
            scheduleRetry()
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
            if config.durability != .none { try fileSystem.syncData(file) }
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
        io.fileLength += batch.bytes.count
    }

    // MARK: - Degraded mode (on `queue`)

    private func scheduleRetry() {
        let start = io.withLock { io in
            if io.retryScheduled { return false }
            io.retryScheduled = true
            return true
        }
        guard start else { return }
        queue.asyncAfter(deadline: .now() + config.retrySeconds) {
            self.io.withLock { $0.retryScheduled = false }
            self.attemptRecovery()
        }
    }

    private func attemptRecovery() {
        dispatchPrecondition(condition: .onQueue(queue))
        let degraded = state.withLock { s in
            if case .degraded = s.health, !s.closed { return true }
            return false
        }
        guard degraded else { return }
        do throws(ArchiveError) {
            try probe()
        } catch {
            logger.error("archive still degraded: \(error)")
            scheduleRetry()
            return
        }
        state.withLock { $0.health = .healthy }
        logger.notice("archive recovered: writing again and accepting new games")
    }

    /// Writes and syncs 64 KiB to a scratch file beside the log, then removes it: proof that
    /// the disk takes writes again, without putting anything but events in the log.
    private func probe() throws(ArchiveError) {
        let path = (config.directory.hasSuffix("/") ? config.directory : config.directory + "/") + ".\(config.filePrefix)-probe"
        try fileSystem.removeFile(path)
        let file = try fileSystem.openForAppend(path)
        defer {
            fileSystem.close(file)
            try? fileSystem.removeFile(path)
        }
        let block = [UInt8](repeating: 0x20, count: 64 << 10)
        try writeAll(file, block)
        try fileSystem.syncData(file)
    }

    /// Loops over short writes; a write that takes nothing counts as EIO.
    private func writeAll(_ file: ArchiveFileHandle, _ bytes: [UInt8]) throws(ArchiveError) {
        var written = 0
        while written < bytes.count {
            let result: Result<Int, ArchiveError> = bytes.withUnsafeBytes { all in
                let rest = UnsafeRawBufferPointer(rebasing: all[written...])
                do throws(ArchiveError) {
                    return .success(try fileSystem.write(file, rest))
                } catch {
                    return .failure(error)
                }
            }
            let n = try result.get()
            if n <= 0 { throw .io(operation: "write", path: file.path, errno: EIO) }
            written += n
        }
    }
}
