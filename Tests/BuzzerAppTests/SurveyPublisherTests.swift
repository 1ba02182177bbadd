import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// What a survey question sends: the host alone sees the groups while it runs (in `waiting` and
/// its `state`), a merge sends a new `waiting`, and the reveal and each `result` carry the groups.
@Suite struct SurveyPublisherTests {
    private func game() throws -> (PublisherHarness, [PlayerID]) {
        let pack = QuestionPack(title: "Survey", rounds: [PackRound(title: "Only", questions: [
            Question(category: "Travel", text: "A city in France?", content: .survey(Survey(scoring: .rare, accepted: ["Paris"], display: .cloud))),
        ])])
        var harness = try PublisherHarness(pack: pack)
        let ids = try ["Ann", "Bob", "Cy"].map { try harness.join($0) }
        try harness.run(.start)
        try harness.openAnswers()
        for (id, text) in zip(ids, ["Paris", "Pari", "Lyon"]) { try harness.answer(id, .phrase(text)) }
        return (harness, ids)
    }

    @Test func onlyTheHostSeesTheGroupsBeforeTheReveal() throws {
        var (harness, ids) = try game()
        let flushed = harness.flush()
        let waiting = try #require(flushed.first { $0.type == "waiting" })
        #expect(waiting.audience == .host)
        let groups = try #require(try PublisherHarness.object(waiting.message)["groups"] as? [[String: Any]])
        #expect(groups.map { $0["count"] as? Int } == [1, 1, 1])
        #expect(groups.compactMap { $0["key"] as? String }.sorted() == ["lyon", "pari", "paris"])
        // The host's state carries them too; a player's and a display's state do not.
        #expect(harness.state(for: .host).waiting?.groups?.count == 3)
        #expect(harness.state(for: .player(ids[0])).waiting == nil)
        #expect(harness.state(for: .display).waiting == nil)
        #expect(!PublisherHarness.json(.state(harness.state(for: .player(ids[0])))).contains("\"groups\""))
    }

    @Test func aMergeSendsTheHostANewWaitingAndTheRevealCarriesTheGroups() throws {
        var (harness, ids) = try game()
        harness.flush()
        let publication = try harness.run(.mergeAnswers(question: 0, from: "pari", into: "paris"))
        #expect(publication.scheduleFlush)
        let waiting = try #require(harness.flush().first { $0.type == "waiting" })
        let groups = try #require(try PublisherHarness.object(waiting.message)["groups"] as? [[String: Any]])
        #expect(groups.first?["text"] as? String == "Paris" && groups.first?["count"] as? Int == 2 && groups.first?["scored"] as? Bool == true)

        let revealed = try harness.run(.reveal).deliveries
        let reveal = try #require(revealed.first { $0.type == "reveal" && $0.audience == .everyoneButHost })
        let json = try PublisherHarness.object(reveal.message)
        let shown = try #require((json["reveal"] as? [String: Any])?["groups"] as? [String: Any])
        #expect(shown["display"] as? String == "cloud" && shown["more"] as? Int == 0)
        #expect((shown["groups"] as? [[String: Any]])?.map { $0["count"] as? Int } == [2, 1])
        // Bob typed "Pari": his result names the group he is in now, and its size.
        let bob = try #require(revealed.first { $0.type == "result" && $0.audience == .player(ids[1]) })
        let result = try #require(try PublisherHarness.object(bob.message)["result"] as? [String: Any])
        let group = try #require(result["group"] as? [String: Any])
        #expect(group["text"] as? String == "Paris" && group["count"] as? Int == 2 && group["scored"] as? Bool == true)
    }

    /// `merge_answers` is the host's, with its fields' ranges checked where it is read; a survey answer too.
    @Test func mergeAnswersAndSurveyAnswersAreReadWithTheirRanges() throws {
        func decode(_ text: String) throws(ClientMessageError) -> ClientMessage { try ClientMessage.decode(Array(text.utf8), packLimits: QuestionPackLimits()) }
        func reason(_ text: String) -> String {
            do { _ = try decode(text); return "decoded" } catch { return error.reason }
        }
        let merge = try decode(#"{"type":"merge_answers","question":2,"from":"Pari","into":"Paris"}"#)
        #expect(merge == .host(MergeAnswersCommand(question: 2, from: "Pari", into: "Paris")))
        guard case .host(let command) = merge else { Issue.record("merge_answers is not a host command"); return }
        #expect(RoomCommand.hostCommand(command) == .mergeAnswers(question: 2, from: "Pari", into: "Paris"))
        #expect(MergeAnswersCommand.role == .host && MergeAnswersCommand.repliesOK)
        let long = String(repeating: "x", count: 4097)
        #expect(reason(#"{"type":"merge_answers","question":2,"from":"\#(long)","into":"Paris"}"#) == #""from" is longer than 4096 bytes"#)
        #expect(reason(#"{"type":"merge_answers","question":-1,"from":"a","into":"b"}"#).contains("\"question\""))
        #expect(reason(#"{"type":"merge_answers","question":1,"from":"a"}"#) == #""into" is missing"#)
        #expect(reason(#"{"type":"merge_answers","question":1,"from":3,"into":"b"}"#).contains("\"from\""))
        #expect(try decode(#"{"type":"answer","question":1,"answer":{"kind":"survey","text":"Zoë"}}"#) == .player(.answer(question: 1, answer: .phrase("Zoë"))))
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"survey","text":"\#(long)"}}"#) == #""answer.text" is longer than 4096 bytes"#)
    }
}
