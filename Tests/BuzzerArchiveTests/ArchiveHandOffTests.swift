import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing
@testable import BuzzerArchive

/// Appends from many threads at once, as from many event loops: no lock between them, and still
/// every accepted event is written once, numbered in file order, and acknowledged exactly once.
@Suite struct ArchiveHandOffTests {
    struct Tagged: Encodable {
        var type = "tagged"
        var producer: Int
        var index: Int
    }

    /// Counts callbacks per event so a second call for the same event is caught.
    final class CallbackLedger: Sendable {
        private let calls = Mutex<[String: [Result<UInt64, ArchiveError>]]>([:])
        func callback(_ key: String) -> ArchiveWriter.Completion {
            { result in self.calls.withLock { $0[key, default: []].append(result) } }
        }
        var all: [String: [Result<UInt64, ArchiveError>]] { calls.withLock { $0 } }
        var total: Int { calls.withLock { $0.values.map(\.count).reduce(0, +) } }
    }

    private func tags(of line: ArchiveLine) throws -> (producer: Int, index: Int) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.bytes)) as? [String: Any])
        return (try #require(object["producer"] as? Int), try #require(object["index"] as? Int))
    }

    @Test(arguments: [ArchiveDurability.group, .always, .none])
    func concurrentAppendsAreNumberedInFileOrderAndAcknowledgedOnce(durability: ArchiveDurability) async throws {
        let dir = TemporaryDirectory()
        let writer = try ArchiveWriter(config: ArchiveConfig(directory: dir.path, durability: durability, groupCommitMilliseconds: 1))
        let ledger = CallbackLedger()
        let producers = 4, perProducer = 500
        DispatchQueue.concurrentPerform(iterations: producers) { producer in
            for index in 0..<perProducer {
                try? writer.append(room: "R\(producer)", time: Int64(index), encoding: Tagged(producer: producer, index: index),
                                   onDurable: ledger.callback("\(producer)/\(index)"))
            }
        }
        await waitUntil("every acknowledgement") { ledger.total >= producers * perProducer }
        writer.close()

        let calls = ledger.all
        #expect(calls.count == producers * perProducer)
        #expect(calls.values.allSatisfy { $0.count == 1 })
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == (1...UInt64(producers * perProducer)).map { $0 })
        // Each producer's events are in the file in the order it appended them, under the seq its callback got.
        var nextIndex = [Int](repeating: 0, count: producers)
        for line in lines {
            let (producer, index) = try tags(of: line)
            #expect(index == nextIndex[producer])
            nextIndex[producer] += 1
            #expect(try calls["\(producer)/\(index)"]?.first?.get() == line.seq)
        }
        #expect(writer.lastDurableSeq == UInt64(producers * perProducer))
    }

    @Test func appendsRacingCloseAreEitherWrittenAndAcknowledgedOrRefusedAtOnce() async throws {
        let dir = TemporaryDirectory()
        let writer = try ArchiveWriter(config: ArchiveConfig(directory: dir.path, durability: .group, groupCommitMilliseconds: 2))
        let ledger = CallbackLedger()
        let refused = Mutex(0)
        let producers = 4
        DispatchQueue.concurrentPerform(iterations: producers + 1) { worker in
            if worker == producers {
                usleep(2_000)
                writer.close()
                return
            }
            for index in 0..<2_000 {
                do throws(ArchiveError) {
                    try writer.append(room: "R", time: 0, encoding: Tagged(producer: worker, index: index),
                                      onDurable: ledger.callback("\(worker)/\(index)"))
                } catch {
                    #expect(error == .closed)
                    refused.withLock { $0 += 1 }
                }
            }
        }
        let accepted = producers * 2_000 - refused.withLock { $0 }
        await waitUntil("acknowledgements of every accepted event") { ledger.total >= accepted }
        #expect(ledger.all.values.allSatisfy { $0.count == 1 })
        #expect(ledger.total == accepted)
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.count == accepted)
        #expect(writer.health == .closed)
    }

    @Test func appendsRacingAFailingDiskAreEachFailedOnceOrRefusedAtOnce() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        fs.setFaults { $0.writeErrno = ENOSPC }
        let writer = try ArchiveWriter(
            config: ArchiveConfig(directory: dir.path, durability: .always, retrySeconds: 3600), fileSystem: fs)
        defer { writer.close() }
        let ledger = CallbackLedger()
        let refused = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<500 {
                do throws(ArchiveError) {
                    try writer.append(room: "R", time: 0, encoding: Tagged(producer: worker, index: index),
                                      onDurable: ledger.callback("\(worker)/\(index)"))
                } catch {
                    if case .degraded = error {} else { Issue.record("unexpected \(error)") }
                    refused.withLock { $0 += 1 }
                }
            }
        }
        let accepted = 2_000 - refused.withLock { $0 }
        await waitUntil("a callback for every accepted event") { ledger.total >= accepted }
        #expect(accepted > 0)
        #expect(ledger.total == accepted)
        #expect(ledger.all.values.allSatisfy { $0.count == 1 && (try? $0[0].get()) == nil })
        #expect(!writer.acceptsNewGames)
    }
}
