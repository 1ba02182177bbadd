import Foundation
import Glibc
import Synchronization
import Testing
@testable import BuzzerArchive

@Suite struct ArchiveWriterTests {
    func config(_ dir: TemporaryDirectory, _ durability: ArchiveDurability = .group) -> ArchiveConfig {
        ArchiveConfig(directory: dir.path, durability: durability, retrySeconds: 3600)
    }

    @Test func writesEnvelopeThenEventMembersInTheirOwnOrderWithoutTheInstant() async throws {
        struct Submitted: Encodable {
            struct Nested: Encodable { var a = "}"; var b: Double = 2.5 }
            var type = "answer_submitted"
            var at: Int64 = 1_700_000_000_123
            var player = "p1"
            var text = "∫ x² dx \"quoted\"\n"
            var answer = 2
            var z: [Nested?] = [Nested(), nil]
        }
        let dir = TemporaryDirectory()
        let writer = try ArchiveWriter(config: config(dir))
        let acks = AckCollector()
        try writer.append(room: "ABCD", time: 1_700_000_000_123, encoding: Submitted(), onDurable: acks.callback)
        await acks.wait(for: 1)
        writer.close()
        let files = try dir.logFiles()
        #expect(files.count == 1)
        let text = try String(contentsOfFile: files[0], encoding: .utf8)
        #expect(text == #"{"v":2,"seq":1,"time":1700000000123,"room":"ABCD","type":"answer_submitted","player":"p1","text":"∫ x² dx \"quoted\"\n","answer":2,"z":[{"a":"}","b":2.5},null]}"# + "\n")
        // Readable by any JSON parser (jq included).
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["seq"] as? Int == 1)
        #expect(object?["type"] as? String == "answer_submitted")
        // The event's decoder still sees its `at`: the line's time.
        struct Decoded: Decodable, Equatable { var type: String; var at: Int64; var player: String }
        let (lines, _) = try readAll(dir.path)
        #expect(try lines[0].decode(Decoded.self) == Decoded(type: "answer_submitted", at: 1_700_000_000_123, player: "p1"))
    }

    @Test func refusesEventsThatDoNotFitTheLineFormat() throws {
        struct NoType: Encodable { var answer = 1 }
        struct NumericType: Encodable { var type = 3 }
        struct TypeNotFirst: Encodable { var answer = 1; var type = "x" }
        struct Reserved: Encodable { var type = "x"; var seq = 9 }
        struct ReservedRoom: Encodable { var type = "x"; var room = "X" }
        struct OtherInstant: Encodable { var type = "x"; var at: Int64 = 7 }
        let dir = TemporaryDirectory()
        let writer = try ArchiveWriter(config: config(dir))
        defer { writer.close() }
        let bad: [(any Encodable, ArchiveError)] = [
            ([1, 2], .invalidEvent("not a JSON object")),
            ("text", .invalidEvent("not a JSON object")),
            (NoType(), .invalidEvent("no \"type\" member")),
            (NumericType(), .invalidEvent("\"type\" must be a string")),
            (TypeNotFirst(), .invalidEvent("\"type\" must be the event's first member")),
            (Reserved(), .reservedField("seq")),
            (ReservedRoom(), .reservedField("room")),
            (OtherInstant(), .invalidEvent("\"at\" is 7 but the line's time is 0")),
            (["type": Double.nan], .encodingFailed("type: NaN and infinity are not JSON numbers")),
        ]
        for (event, expected) in bad {
            #expect(throws: expected) {
                try writer.append(room: "R", time: 0, encoding: event) { _ in Issue.record("callback for a refused event") }
            }
        }
        writer.close()
        #expect(try readAll(dir.path).lines.isEmpty)
    }

    @Test func groupCommitWritesEverythingThatArrivedDuringASyncInOneWriteAndOneSync() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        fs.setFaults { $0.holdFirstSync = true }
        let writer = try ArchiveWriter(config: config(dir, .group), fileSystem: fs)
        let acks = AckCollector()
        try writer.append(room: "R", time: 0, encoding: answerEvent(0), onDurable: acks.callback)
        await waitUntil("first sync to start") { fs.counters.syncsEntered == 1 }
        for i in 1..<200 {
            try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i), onDurable: acks.callback)
        }
        #expect(acks.count == 0, "nothing is acknowledged before its sync completed")
        fs.release()
        await acks.wait(for: 200)
        writer.close()
        #expect(acks.successes == Array(1...200), "every append acknowledged, in sequence order")
        #expect(fs.counters.syncs == 2)
        #expect(fs.counters.writes == 2)
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == Array(1...200))
    }

    @Test func groupCommitWindowCollectsAppendsIntoFewerSyncs() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        var cfg = config(dir, .group)
        cfg.groupCommitMilliseconds = 500
        let writer = try ArchiveWriter(config: cfg, fileSystem: fs)
        let acks = AckCollector()
        for i in 0..<100 {
            try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i), onDurable: acks.callback)
        }
        await acks.wait(for: 100)
        writer.close()
        #expect(acks.successes.count == 100)
        #expect(fs.counters.syncs < 100)
        #expect(fs.counters.syncs == fs.counters.writes)
    }

    @Test func groupCommitFlushesAtOnceWhenTheBatchReachesItsSizeCap() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        var cfg = config(dir, .group)
        cfg.groupCommitMilliseconds = 120_000
        cfg.groupCommitMaxBytes = 1
        let writer = try ArchiveWriter(config: cfg, fileSystem: fs)
        let acks = AckCollector()
        try writer.append(room: "R", time: 0, encoding: answerEvent(0), onDurable: acks.callback)
        // Without the cap the ack comes when the 2-minute window closes; this deadline is far shorter.
        await waitUntil("ack before the window closes", timeout: .seconds(60)) { acks.count == 1 }
        #expect(acks.successes == [1])
        writer.close()
    }

    @Test func alwaysSyncsBeforeEachAcknowledgement() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        let writer = try ArchiveWriter(config: config(dir, .always), fileSystem: fs)
        let syncsSeenAtAck = Mutex<[Int]>([])
        for i in 0..<10 {
            let acks = AckCollector()
            try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i)) { result in
                syncsSeenAtAck.withLock { $0.append(fs.counters.syncs) }
                acks.callback(result)
            }
            await acks.wait(for: 1)
            #expect(acks.successes == [UInt64(i + 1)])
        }
        writer.close()
        #expect(syncsSeenAtAck.withLock { $0 } == Array(1...10))
        #expect(try readAll(dir.path).lines.count == 10)
    }

    /// A server commits hundreds of batches a second for hours: telling `/metrics` of the
    /// 10,000th must take the same stack as telling it of the first (it once grew by two frames a
    /// batch, a stack overflow after 174,000).
    @Test func theCommitObserverCostsTheSameStackAtEveryBatch() throws {
        let dir = TemporaryDirectory()
        let writer = try ArchiveWriter(config: config(dir, .none))
        defer { writer.close() }
        let depths = Mutex<[Int]>([])
        writer.observeCommits { _, _ in
            var marker = 0
            let address = withUnsafeMutablePointer(to: &marker) { Int(bitPattern: $0) }
            depths.withLock { $0.append(address) }
        }
        for _ in 0..<10_000 { writer.notifyCommitObserver(events: 1, syncNanoseconds: 0) }
        let addresses = depths.withLock { $0 }
        #expect(addresses.count == 10_000)
        let drift = abs(addresses.last! - addresses.first!)
        #expect(drift < 1024, "the observer's frame moved \(drift) bytes down the stack over 10,000 batches")
    }

    /// `/metrics` counts a batch before its events' waiters hear they are durable: a client that
    /// got its ack and then scrapes finds its event in `buzzer_archive_batch_events`.
    @Test func theCommitObserverHearsOfABatchBeforeItsWaiters() async throws {
        let dir = TemporaryDirectory()
        let writer = try ArchiveWriter(config: config(dir, .none))
        defer { writer.close() }
        let observed = Mutex(0)
        let seenByWaiters = Mutex<[Int]>([])
        writer.observeCommits { events, _ in observed.withLock { $0 += events } }
        for i in 0..<20 {
            try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i)) { _ in
                let count = observed.withLock { $0 }
                seenByWaiters.withLock { $0.append(count) }
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while seenByWaiters.withLock({ $0.count }) < 20, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        let seen = seenByWaiters.withLock { $0 }
        #expect(seen.count == 20)
        for (index, count) in seen.enumerated() {
            #expect(count >= index + 1, "waiter \(index) heard of durability when the observer had counted \(count) events")
        }
    }

    @Test func noneAcknowledgesWithoutSyncing() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        let writer = try ArchiveWriter(config: config(dir, .none), fileSystem: fs)
        let acks = AckCollector()
        for i in 0..<50 {
            try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i), onDurable: acks.callback)
        }
        await acks.wait(for: 50)
        #expect(fs.counters.syncs == 0)
        #expect(try readAll(dir.path).lines.count == 50, "handed to the kernel: readable before close")
        writer.close()
        #expect(acks.successes == Array(1...50))
    }

    @Test func sequenceContinuesAfterReopen() async throws {
        let dir = TemporaryDirectory()
        for round in 0..<3 {
            let writer = try ArchiveWriter(config: config(dir))
            #expect(writer.lastDurableSeq == (round == 0 ? nil : UInt64(round * 5)))
            let acks = AckCollector()
            for i in 0..<5 {
                try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i), onDurable: acks.callback)
            }
            await acks.wait(for: 5)
            writer.close()
            let first = UInt64(round * 5 + 1)
            #expect(acks.successes == Array(first...(first + 4)))
        }
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == Array(1...15))
        #expect(try dir.logFiles().count == 3)
    }

    @Test func reopeningAfterACrashCutsTheTornLineAndContinuesTheSequence() async throws {
        let dir = TemporaryDirectory()
        let name = ArchiveFileName.make(prefix: "buzzer", timeMilliseconds: 0, firstSeq: 1)
        writeFile(dir.file(name), #"{"v":2,"seq":1,"time":1,"room":"R","type":"a"}"# + "\n" + #"{"v":2,"seq":2,"time":2,"ro"#)
        let writer = try ArchiveWriter(config: config(dir))
        #expect(writer.repairAtOpen?.removedBytes == 27)
        let acks = AckCollector()
        try writer.append(room: "R", time: 3, encoding: answerEvent(3), onDurable: acks.callback)
        await acks.wait(for: 1)
        writer.close()
        #expect(acks.successes == [2])
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == [1, 2])
    }

    @Test func rotatesBeforeAFileWouldPassMaxFileBytes() async throws {
        let dir = TemporaryDirectory()
        var cfg = config(dir, .always)
        cfg.maxFileBytes = 4096
        let writer = try ArchiveWriter(config: cfg)
        for i in 0..<120 {
            let acks = AckCollector()
            try writer.append(room: "ROOM", time: Int64(i), encoding: answerEvent(i), onDurable: acks.callback)
            await acks.wait(for: 1)
        }
        writer.close()
        let files = try dir.logFiles()
        #expect(files.count >= 3)
        #expect(writer.filesCreated == files.count)
        for file in files { #expect(fileSize(file) <= 4096) }
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == Array(1...120))
        // Each file is named after its first line's sequence number.
        for file in files {
            let first = lines.first { $0.file == file }
            #expect(ArchiveFileName.firstSeq(of: (file as NSString).lastPathComponent) == first?.seq)
        }
    }

    @Test func rotatesAtUTCMidnight() async throws {
        let dir = TemporaryDirectory()
        let now = Mutex<Int64>(1_700_006_399_000)  // 2023-11-14 23:59:59 UTC
        let writer = try ArchiveWriter(config: config(dir), wallClock: { now.withLock { $0 } })
        let acks = AckCollector()
        try writer.append(room: "R", time: 1, encoding: answerEvent(1), onDurable: acks.callback)
        await acks.wait(for: 1)
        now.withLock { $0 += 2000 }  // 2023-11-15 00:00:01 UTC
        try writer.append(room: "R", time: 2, encoding: answerEvent(2), onDurable: acks.callback)
        await acks.wait(for: 2)
        writer.close()
        let names = try dir.logFiles().map { ($0 as NSString).lastPathComponent }
        #expect(names == ["buzzer-20231114-235959-000000000001.jsonl", "buzzer-20231115-000001-000000000002.jsonl"])
    }

    @Test func diskFullOnDevFullDegradesFailsCallbacksAndRecovers() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        let writer = try ArchiveWriter(config: config(dir), fileSystem: fs)
        let acks = AckCollector()
        for i in 0..<3 {
            try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i), onDurable: acks.callback)
        }
        await acks.wait(for: 3)
        #expect(acks.successes == [1, 2, 3])

        // Force a new file, opened on /dev/full: the kernel answers every write with ENOSPC.
        writer.close()
        let broken = try ArchiveWriter(config: config(dir), fileSystem: fs)
        fs.setFaults { $0.redirectToDevFull = true }
        let failed = AckCollector()
        try broken.append(room: "R", time: 4, encoding: answerEvent(4), onDurable: failed.callback)
        await failed.wait(for: 1)
        #expect(failed.failures.count == 1)
        #expect(failed.failures.first?.isNoSpace == true)
        guard case .degraded(let reason, _) = broken.health else {
            Issue.record("expected degraded, got \(broken.health)")
            return
        }
        #expect(reason.contains("ENOSPC"))
        #expect(!broken.acceptsNewGames)
        #expect(throws: ArchiveError.degraded(reason: reason)) {
            try broken.append(room: "R", time: 5, encoding: answerEvent(5)) { _ in Issue.record("callback for a refused event") }
        }

        // Still full: a retry keeps it degraded.
        broken.retryNow()
        broken.retryNow()
        await waitUntil("probe attempts") { fs.counters.writes >= 3 }
        #expect(!broken.acceptsNewGames)

        // Space again: the retry clears the state and the sequence goes on without a gap.
        fs.setFaults { $0.redirectToDevFull = false }
        broken.retryNow()
        await waitUntil("recovery") { broken.acceptsNewGames }
        let later = AckCollector()
        try broken.append(room: "R", time: 6, encoding: answerEvent(6), onDurable: later.callback)
        await later.wait(for: 1)
        #expect(later.successes == [4])
        broken.close()
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == [1, 2, 3, 4])
        #expect(!FileManager.default.fileExists(atPath: dir.file(".buzzer-probe")))
    }

    @Test func partialWriteIsCutBackToTheLastGoodLength() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        let writer = try ArchiveWriter(config: config(dir), fileSystem: fs)
        let acks = AckCollector()
        for i in 0..<3 {
            try writer.append(room: "R", time: Int64(i), encoding: answerEvent(i), onDurable: acks.callback)
        }
        await acks.wait(for: 3)
        let file = try #require(try dir.logFiles().first)
        let goodLength = fileSize(file)

        fs.setFaults { $0.partialWriteBytes = 30; $0.writeErrno = ENOSPC }
        let failed = AckCollector()
        try writer.append(room: "R", time: 3, encoding: answerEvent(3), onDurable: failed.callback)
        // The second append usually joins the first's batch; on a busy machine the group-commit window
        // may close between the two, the first batch fails alone, and the degraded writer refuses this one.
        var refused = 0
        do {
            try writer.append(room: "R", time: 4, encoding: answerEvent(4), onDurable: failed.callback)
        } catch {
            guard case .degraded = error else { throw error }
            refused = 1
        }
        await failed.wait(for: 2 - refused)
        #expect(failed.failures.count == 2 - refused)
        #expect(fs.counters.truncates.contains(goodLength))
        #expect(fileSize(file) == goodLength, "the half-written line was cut off")
        #expect(!writer.acceptsNewGames)
        let (lines, problems) = try readAll(dir.path)
        #expect(problems.isEmpty)
        #expect(lines.map(\.seq) == [1, 2, 3])
        writer.close()
        #expect(writer.health == .closed)
    }

    @Test func failedSyncFailsTheBatchAndCutsItOff() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        let writer = try ArchiveWriter(config: config(dir, .always), fileSystem: fs)
        let acks = AckCollector()
        try writer.append(room: "R", time: 0, encoding: answerEvent(0), onDurable: acks.callback)
        await acks.wait(for: 1)
        fs.setFaults { $0.syncErrno = EIO }
        let failed = AckCollector()
        try writer.append(room: "R", time: 1, encoding: answerEvent(1), onDurable: failed.callback)
        await failed.wait(for: 1)
        #expect(failed.failures.first == .io(operation: "fdatasync", path: try dir.logFiles()[0], errno: EIO))
        #expect(try readAll(dir.path).lines.map(\.seq) == [1])
        writer.close()
    }

    @Test func periodicRetryLeavesDegradedStateOnItsOwn() async throws {
        let dir = TemporaryDirectory()
        let fs = FaultyFileSystem()
        var cfg = config(dir)
        cfg.retrySeconds = 0.02
        let writer = try ArchiveWriter(config: cfg, fileSystem: fs)
        fs.setFaults { $0.writeErrno = EIO }
        let failed = AckCollector()
        try writer.append(room: "R", time: 0, encoding: answerEvent(0), onDurable: failed.callback)
        await failed.wait(for: 1)
        #expect(!writer.acceptsNewGames)
        await waitUntil("a failed probe") { fs.counters.writes >= 2 }
        fs.setFaults { $0.writeErrno = nil }
        await waitUntil("periodic recovery") { writer.acceptsNewGames }
        writer.close()
    }

    @Test func appendAfterCloseThrows() throws {
        let dir = TemporaryDirectory()
        let writer = try ArchiveWriter(config: config(dir))
        writer.close()
        #expect(throws: ArchiveError.closed) {
            try writer.append(room: "R", time: 0, encoding: answerEvent(0)) { _ in }
        }
        #expect(!writer.acceptsNewGames)
    }
}
