@testable import BuzzerApp
import BuzzerFormats
import BuzzerGame
import Testing

/// The pure parts of a live room, without sockets: the order batches leave in, and when an
/// answer's clock starts.
struct RoomOutboxTests {
    @Test func aBatchGoesAtOnceWhenNothingWaits() {
        var outbox = RoomOutbox<String>()
        #expect(outbox.post("question") == "question")
        #expect(outbox.isEmpty)
    }

    /// Nobody sees the next question before the reveal it follows, although the question is ready first.
    @Test func aBatchWaitingForTheLogHoldsBackEveryLaterOne() {
        var outbox = RoomOutbox<String>()
        let reveal = outbox.reserve()
        #expect(outbox.post("next question") == nil)
        outbox.fill(reveal, with: "reveal")
        #expect(outbox.release(reveal) == ["reveal", "next question"])
        #expect(outbox.isEmpty)
    }

    @Test func heldBatchesLeaveInTheOrderTheirCommandsRanWhateverOrderTheLogAnswers() {
        var outbox = RoomOutbox<String>()
        let first = outbox.reserve(), second = outbox.reserve()
        outbox.fill(first, with: "result 1")
        outbox.fill(second, with: "result 2")
        #expect(outbox.release(second).isEmpty, "the second is durable first, but waits for the first")
        #expect(outbox.release(first) == ["result 1", "result 2"])
    }
}

struct AnswerClockTests {
    let ann = PlayerID(1)

    /// A reload after reading the question does not restart the clock: the answer from the new
    /// connection is timed from when the question reached the first one.
    @Test func anAnswerFromANewConnectionIsTimedFromTheFirst() {
        var clock = AnswerClock<Int>()
        clock.questionSent(3, at: 1_000, to: [(key: ann, value: 7)])
        clock.connectionClosed(7, of: ann, written: (3, 1_020))
        clock.questionShown(3, to: ann, on: 8, at: 5_000)
        #expect(clock.startOfAnswer(by: ann, to: 3, from: 8, connectionWritten: (3, 5_010)) == 1_020)
    }

    @Test func theConnectionThatGotTheQuestionIsTimedFromItsOwnWrite() {
        var clock = AnswerClock<Int>()
        clock.questionSent(3, at: 1_000, to: [(key: ann, value: 7)])
        #expect(clock.startOfAnswer(by: ann, to: 3, from: 7, connectionWritten: (3, 1_004)) == 1_004)
        #expect(clock.startOfAnswer(by: ann, to: 3, from: 7, connectionWritten: nil) == 0, "unknown: the room times from the opening")
    }

    @Test func anEarlierQuestionsWriteDoesNotCount() {
        var clock = AnswerClock<Int>()
        clock.questionSent(4, at: 9_000, to: [(key: ann, value: 7)])
        #expect(clock.startOfAnswer(by: ann, to: 4, from: 7, connectionWritten: (3, 1_004)) == 0)
        #expect(clock.startOfAnswer(by: ann, to: 4, from: 8, connectionWritten: nil) == 9_000)
    }
}

struct RoomSettingsOverridesTests {
    func merge(_ json: String, over defaults: RoomSettings = RoomSettings()) throws(ClientMessageError) -> RoomSettings {
        let value: JSONValue
        do { value = try JSONParser.parse(Array(json.utf8)) } catch { throw ClientMessageError(reason: "not JSON") }
        return try RoomSettings.merging(value, over: defaults)
    }

    @Test func aFieldLeftOutKeepsTheServersDefaultNotTheBuiltInOne() throws {
        var defaults = RoomSettings()
        defaults.timeLimitSeconds = 45
        defaults.shuffleOptions = true
        let merged = try merge(#"{"scoring":"flat"}"#, over: defaults)
        #expect(merged.timeLimitSeconds == 45)
        #expect(merged.shuffleOptions)
        #expect(merged.scoring == .flat)
    }

    @Test func unknownNamesWrongTypesAndRangesAreRefusedWithTheField() {
        func reason(_ json: String) -> String {
            do { _ = try merge(json); return "merged" } catch { return error.reason }
        }
        #expect(reason(#"{"hostAwayGrace":1}"#) == #""settings.hostAwayGrace" is not a room setting"#)
        #expect(reason(#"{"lateJoin":"yes"}"#) == #""settings.lateJoin" has the wrong type or value"#)
        #expect(reason(#"{"hostAwayGraceMs":9223372036854774784}"#).contains("hostAwayGraceMs must be 0-86400000"))
    }
}
