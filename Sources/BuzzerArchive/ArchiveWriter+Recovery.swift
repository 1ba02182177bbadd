import Dispatch
import Glibc
import Logging
import Synchronization

/// Degraded mode (on `queue`): after a failed write the writer retries on a timer, probing the disk,
/// and resumes once a probe succeeds.
extension ArchiveWriter {

    func scheduleRetry() {
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

    func attemptRecovery() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard handOff.refusal == .degraded else { return }
        do throws(ArchiveError) {
            try probe()
        } catch {
            logger.error("archive still degraded: \(error)")
            scheduleRetry()
            return
        }
        degradation.withLock { $0 = .healthy }
        handOff.reopen()
        logger.notice("archive recovered: writing again and accepting new games")
    }

    /// Writes and syncs 64 KiB to a scratch file beside the log, then removes it: proof that
    /// the disk takes writes again, without putting anything but events in the log.
    func probe() throws(ArchiveError) {
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
    func writeAll(_ file: ArchiveFileHandle, _ bytes: [UInt8]) throws(ArchiveError) {
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
