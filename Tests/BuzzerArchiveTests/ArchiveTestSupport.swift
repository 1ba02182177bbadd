import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing
@testable import BuzzerArchive

/// A fresh directory under the system temp dir, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-archive-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    func logFiles() throws -> [String] { try ArchiveFileName.logFiles(in: path) }
}

/// Wraps the real file system and fails, counts or stalls operations on demand.
final class FaultyFileSystem: ArchiveFileSystem {
    struct Faults {
        /// Every write fails with this errno.
        var writeErrno: Int32?
        /// The next write takes only this many bytes; the write after it fails with `writeErrno` or EIO.
        var partialWriteBytes: Int?
        var syncErrno: Int32?
        /// Opens of log and probe files go to /dev/full, where every write fails with ENOSPC.
        var redirectToDevFull = false
        /// The first sync waits for `release()`.
        var holdFirstSync = false
        /// What `availableBytes` reports (nil: what the real disk says).
        var availableBytes: Int?
    }

    struct Counters {
        var writes = 0
        var syncs = 0
        var syncsEntered = 0
        var truncates: [Int] = []
        var freeSpaceQueries = 0
    }

    private let real = POSIXArchiveFileSystem()
    private let faultState = Mutex(Faults())
    private let counterState = Mutex(Counters())
    private let gate = DispatchSemaphore(value: 0)

    var counters: Counters { counterState.withLock { $0 } }
    func setFaults(_ change: (inout Faults) -> Void) { faultState.withLock { change(&$0) } }
    func release() { gate.signal() }

    func createDirectory(_ path: String) throws(ArchiveError) { try real.createDirectory(path) }
    func listDirectory(_ path: String) throws(ArchiveError) -> [String] { try real.listDirectory(path) }

    func openForAppend(_ path: String) throws(ArchiveError) -> ArchiveFileHandle {
        if faultState.withLock({ $0.redirectToDevFull }) {
            let file = try real.openForAppend("/dev/full")
            return ArchiveFileHandle(descriptor: file.descriptor, path: path)
        }
        return try real.openForAppend(path)
    }

    func write(_ file: ArchiveFileHandle, _ bytes: UnsafeRawBufferPointer) throws(ArchiveError) -> Int {
        counterState.withLock { $0.writes += 1 }
        let decision: (partial: Int?, errno: Int32?) = faultState.withLock { f in
            if let partial = f.partialWriteBytes {
                f.partialWriteBytes = nil
                if f.writeErrno == nil { f.writeErrno = EIO }
                return (partial, nil)
            }
            return (nil, f.writeErrno)
        }
        if let code = decision.errno { throw .io(operation: "write", path: file.path, errno: code) }
        if let partial = decision.partial {
            return try real.write(file, UnsafeRawBufferPointer(rebasing: bytes[0..<min(partial, bytes.count)]))
        }
        return try real.write(file, bytes)
    }

    func syncData(_ file: ArchiveFileHandle) throws(ArchiveError) {
        let first = counterState.withLock { c in
            c.syncsEntered += 1
            return c.syncsEntered == 1
        }
        if first && faultState.withLock({ $0.holdFirstSync }) { gate.wait() }
        if let code = faultState.withLock({ $0.syncErrno }) { throw .io(operation: "fdatasync", path: file.path, errno: code) }
        try real.syncData(file)
        counterState.withLock { $0.syncs += 1 }
    }

    func size(_ file: ArchiveFileHandle) throws(ArchiveError) -> Int { try real.size(file) }

    func truncate(_ file: ArchiveFileHandle, to length: Int) throws(ArchiveError) {
        counterState.withLock { $0.truncates.append(length) }
        try real.truncate(file, to: length)
    }

    func close(_ file: ArchiveFileHandle) { real.close(file) }
    func syncDirectory(_ path: String) throws(ArchiveError) { try real.syncDirectory(path) }
    func removeFile(_ path: String) throws(ArchiveError) { try real.removeFile(path) }

    func availableBytes(_ path: String) -> Int? {
        counterState.withLock { $0.freeSpaceQueries += 1 }
        return faultState.withLock { $0.availableBytes } ?? real.availableBytes(path)
    }
}

/// Collects `onDurable` results in call order.
final class AckCollector: Sendable {
    private let results = Mutex<[Result<UInt64, ArchiveError>]>([])

    var all: [Result<UInt64, ArchiveError>] { results.withLock { $0 } }
    var count: Int { results.withLock { $0.count } }
    var successes: [UInt64] { all.compactMap { try? $0.get() } }
    var failures: [ArchiveError] {
        all.compactMap { if case .failure(let e) = $0 { return e } else { return nil } }
    }

    var callback: ArchiveWriter.Completion {
        { result in self.results.withLock { $0.append(result) } }
    }

    func wait(for n: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await waitUntil("\(n) acknowledgements", sourceLocation: sourceLocation) { self.count >= n }
    }
}

/// Polls `condition` until it holds or 10 s pass (then records a failure).
func waitUntil(_ what: String, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool) async {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !condition() {
        if clock.now >= deadline {
            Issue.record("timed out waiting for \(what)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(1))
    }
}

/// A small answer event shaped like the game's: `type` first, then its fields.
struct AnswerEvent: Encodable {
    var type = "answer_submitted"
    var answer: Int
    var player: String
    var question = 1
}

func answerEvent(_ n: Int) -> AnswerEvent {
    AnswerEvent(answer: n % 4, player: "p\(n)")
}

func readAll(_ path: String) throws -> (lines: [ArchiveLine], problems: [ArchiveProblem]) {
    var lines: [ArchiveLine] = []
    var problems: [ArchiveProblem] = []
    try ArchiveReader(path: path).read { item in
        switch item {
        case .line(let line): lines.append(line)
        case .problem(let problem): problems.append(problem)
        }
    }
    return (lines, problems)
}

func writeFile(_ path: String, _ text: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? -1
}
