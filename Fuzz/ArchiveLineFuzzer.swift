@testable import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation
import Glibc

/// libFuzzer target "archive": the bytes of a log file into `ArchiveReader`, and each of its lines into
/// the readers of the replay: `ArchiveEnvelope.parse` (the fast path `parseFast` and the `JSONDecoder`
/// fallback), `ArchiveLine.decode(RoomEvent.self)` (the slow path of every event) and
/// `AnswerLineDecoder` (the fast path of `answer_recorded`).
///
/// Input: `[chunk] payload`: the payload is written to a file and read twice, with the reader's 1 MiB
/// buffer and with a buffer of `16 + chunk` bytes, so lines cross buffer boundaries and buffers grow.
///
/// Oracles besides the sanitizers:
/// - both reads report the same lines and problems, the lines are the payload's newline-terminated
///   pieces in order, and the summary counts every byte;
/// - a line the envelope fast path accepts gives the envelope `JSONDecoder` reads from it; if
///   `JSONDecoder` refuses the line, no event decodes from it either;
/// - an `answer_recorded` line the answer fast path accepts gives the event the slow path decodes;
/// - every event that decodes is written back with `ArchiveLineEncoder` (format 2): that line takes both
///   fast paths (when its strings need no escapes), `ArchiveLine.decode` gives the event back, and a
///   second write gives the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzArchiveLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let payload = UnsafeRawBufferPointer(start: data + 1, count: size - 1)
    let path = ArchiveLineFuzzer.write(payload)
    let whole = ArchiveLineFuzzer.read(path, chunkSize: 1 << 20)
    let small = ArchiveLineFuzzer.read(path, chunkSize: 16 + Int(data[0]))
    if whole.items != small.items || whole.summary != small.summary {
        ArchiveLineFuzzer.fail("the reader's buffer size changed the result:\n\(whole.items)\n\(small.items)", payload)
    }
    ArchiveLineFuzzer.checkSplit(whole, payload)

    var start = 0
    for (offset, byte) in payload.enumerated() where byte == 0x0A {
        ArchiveLineFuzzer.checkLine(UnsafeRawBufferPointer(rebasing: payload[start..<offset]))
        start = offset + 1
    }
    return 0
}

enum ArchiveLineFuzzer {
    enum Item: Equatable {
        case line(ArchiveLine)
        case problem(ArchiveProblem)
    }

    static let file: String = {
        let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        atexit { _ = unlink(ArchiveLineFuzzer.file) }
        return "\(folder)/buzzer-fuzz-archive-\(getpid()).jsonl"
    }()

    static func write(_ bytes: UnsafeRawBufferPointer) -> String {
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        precondition(fd >= 0, "cannot open \(file)")
        defer { close(fd) }
        var done = 0
        while done < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            precondition(n > 0, "cannot write \(file)")
            done += n
        }
        return file
    }

    static func read(_ path: String, chunkSize: Int) -> (items: [Item], summary: ArchiveReadSummary) {
        var items: [Item] = []
        do {
            let summary = try ArchiveReader(files: [path], chunkSize: chunkSize).read { item in
                switch item {
                case .line(let line): items.append(.line(line))
                case .problem(let problem): items.append(.problem(problem))
                }
            }
            return (items, summary)
        } catch {
            preconditionFailure("reading \(path): \(error)")
        }
    }

    /// Every line item is the piece of the payload its line number says, and only a last line may lack
    /// its newline.
    static func checkSplit(_ read: (items: [Item], summary: ArchiveReadSummary), _ payload: UnsafeRawBufferPointer) {
        let pieces = payload.split(separator: 0x0A, omittingEmptySubsequences: false)
        // A final newline leaves an empty piece after it that is no line.
        let lineCount = payload.last == 0x0A ? pieces.count - 1 : pieces.count
        require(read.summary.bytes == payload.count, "summary counts \(read.summary.bytes) of \(payload.count) bytes", payload)
        require(read.summary.lines + read.summary.problems >= read.items.count, "summary counts fewer items than reported", payload)
        var lines = 0
        var lastLineNumber = 0
        for item in read.items {
            guard case .line(let line) = item else { continue }
            lines += 1
            require(line.lineNumber > lastLineNumber && line.lineNumber <= lineCount, "line number \(line.lineNumber) out of order", payload)
            lastLineNumber = line.lineNumber
            require(line.bytes.elementsEqual(pieces[line.lineNumber - 1]), "line \(line.lineNumber) is not the payload's", payload)
            require(line.lineNumber < lineCount || payload.last == 0x0A, "a line without its newline was accepted", payload)
        }
        require(lines == read.summary.lines, "summary counts \(read.summary.lines) lines, \(lines) reported", payload)
    }

    static func checkLine(_ bytes: UnsafeRawBufferPointer) {
        let fast = ArchiveEnvelope.parseFast(bytes)
        let decoded = try? JSONDecoder().decode(ArchiveEnvelope.self, from: Data(bytes))
        let parsed = ArchiveEnvelope.parse(bytes)
        if let fast {
            require(parsed == .success(fast), "parse differs from its fast path", bytes)
            if let decoded {
                require(decoded == fast, "fast path read \(fast), JSONDecoder \(decoded)", bytes)
            }
        } else if let decoded, ArchiveLineEncoder.readableVersions.contains(decoded.v) {
            require(parsed == .success(decoded), "parse differs from JSONDecoder", bytes)
        } else {
            guard case .failure(let defect) = parsed else { fail("parse accepted a line neither path reads", bytes) }
            require(!defect.reason.isEmpty, "a defect without a reason", bytes)
        }
        guard case .success(let envelope) = parsed else { return }

        let line = ArchiveLine(version: envelope.v, seq: envelope.seq, time: envelope.time, room: envelope.room,
                               type: envelope.type, bytes: Array(bytes), file: "fuzz", lineNumber: 1)
        let event = try? line.decode(RoomEvent.self)
        if decoded == nil {
            require(event == nil, "an event decoded from a line JSONDecoder refuses", bytes)
        }
        if line.type == AnswerRecorded.wireName, let answer = AnswerLineDecoder.decode(line) {
            require(event == .answerRecorded(answer), "answer fast path read \(answer), slow path \(String(describing: event))", bytes)
        }
        if let event { checkRewrite(event, of: line) }
    }

    /// Writes `event` back as the server would and reads it again.
    static func checkRewrite(_ event: RoomEvent, of original: ArchiveLine) {
        let prepared: PreparedArchiveEvent
        do {
            prepared = try ArchiveLineEncoder.prepare(room: original.room, time: event.at, encoding: event)
        } catch {
            fail("an event read from the log cannot be written: \(error)\n\(event)", original.bytes)
        }
        var bytes = ArchiveLineEncoder.line(seq: original.seq, prepared: prepared)
        require(bytes.last == 0x0A && bytes.dropLast().allSatisfy { $0 != 0x0A }, "a written line is not one line", original.bytes)
        bytes.removeLast()
        let plainRoom = !original.room.utf8.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }
        let envelope = ArchiveEnvelope(v: ArchiveLineEncoder.formatVersion, seq: original.seq, time: event.at, room: original.room, type: event.type)
        bytes.withUnsafeBytes { p in
            let fast = ArchiveEnvelope.parseFast(p)
            require(fast == envelope || (fast == nil && !plainRoom), "written line's envelope: \(String(describing: fast))", p)
            require(ArchiveEnvelope.parse(p) == .success(envelope), "written line does not parse", p)
        }
        let line = ArchiveLine(version: envelope.v, seq: envelope.seq, time: envelope.time, room: envelope.room,
                               type: envelope.type, bytes: bytes, file: "fuzz", lineNumber: 1)
        let reread = Result { try line.decode(RoomEvent.self) }
        guard case .success(let again) = reread, again == event else {
            fail("written line reads back as \(reread), not \(event)", bytes)
        }
        if case .answerRecorded(let answer) = event {
            let fast = AnswerLineDecoder.decode(line)
            require(fast == nil || fast == answer, "answer fast path on a written line: \(String(describing: fast))", bytes)
            var plainText = true
            if case .text(let text) = answer.answer { plainText = !text.utf8.contains { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } }
            if plainRoom, plainText, original.room.utf8.count < 128 {
                require(fast != nil, "the answer fast path refuses a line the writer wrote", bytes)
            }
        }
        let second = try? ArchiveLineEncoder.prepare(room: original.room, time: event.at, encoding: again)
        require(second?.tail == prepared.tail, "writing the event again gives other bytes", bytes)
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String, _ input: some Collection<UInt8>) {
        if !condition { fail(message(), input) }
    }

    static func fail(_ message: String, _ input: some Collection<UInt8>) -> Never {
        print("input: \(String(decoding: Array(input), as: UTF8.self).debugDescription)\n\(message)")
        fflush(nil)
        preconditionFailure("archive oracle failed")
    }
}
