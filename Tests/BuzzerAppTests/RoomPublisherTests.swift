import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// Who gets which message, without sockets: a room driven through the game API, its events fed
/// to `RoomPublisher`, and the deliveries (and their JSON) inspected.
struct RoomPublisherTests {
    @Test func noPlayerOrDisplayGetsTheAnswerBeforeTheReveal() throws {
        var settings = RoomSettings()
        settings.shuffleOptions = true
        settings.closeWhenAllAnswered = false
        var game = try PublisherHarness(settings: settings)
        game.displays = 1
        let ada = try game.join("Ada", team: "Owls")
        let bob = try game.join("Bob")
        let answers: [(AnswerValue, AnswerValue)] = [
            (.option(1), .option(0)), (.options([0, 2]), .options([1])), (.bool(true), .bool(false)),
            (.text("the beatles"), .text("Stones")), (.number(1969), .number(1900)), (.vote(0), .vote(1)),
        ]
        try game.run(.start)
        for (sequence, (first, second)) in answers.enumerated() {
            var screens: [StatePayload] = [game.state(for: .player(ada)), game.state(for: .display)]
            try game.openAnswers()
            try game.answer(ada, first)
            screens.append(game.state(for: .player(ada)))
            try game.answer(bob, second)
            game.flush()
            try game.run(.close)
            game.flush()
            screens += [game.state(for: .player(bob)), game.state(for: .display)]

            let beforeReveal = game.sent.filter { $0.audience != .host }
            #expect(beforeReveal.contains { $0.type == "question" })
            #expect(beforeReveal.contains { $0.type == "answers_closed" })
            for delivery in beforeReveal {
                let found = try AnswerLeak.firstKey(inJSON: PublisherHarness.json(delivery.message))
                #expect(found == nil, "question \(sequence): \(delivery.type) to \(delivery.audience) names \(found ?? "")")
            }
            for screen in screens {
                let found = try AnswerLeak.firstKey(inJSON: PublisherHarness.json(.state(screen)))
                #expect(found == nil, "question \(sequence): a \(screen.role)'s state names \(found ?? "")")
            }
            #expect(!beforeReveal.contains { PublisherHarness.json($0.message).contains("purpose-built") })

            try game.run(.reveal)
            #expect(game.sent.contains { $0.audience == .everyoneButHost && $0.type == "reveal" })
            if sequence < answers.count - 1 {
                game.sent = []
                try game.run(.next)
                if game.room.phase == .leaderboard {
                    // A round's leaderboard rows count right answers (`correct`): not part of the next question.
                    game.sent = []
                    try game.run(.next)
                }
            }
        }
    }

    @Test func hostAloneGetsTheCorrectAnswerWithTheQuestion() throws {
        var game = try PublisherHarness()
        game.displays = 2
        _ = try game.join("Ada")
        game.sent = []
        try game.run(.start)
        let questions = game.sent.filter { $0.type == "question" }
        #expect(questions.map(\.audience) == [.everyoneButHost, .host])
        let shared = try PublisherHarness.object(questions[0].message)
        let host = try PublisherHarness.object(questions[1].message)
        #expect(shared["correct"] == nil && shared["explanation"] == nil)
        #expect(PublisherHarness.json(questions[1].message).contains(#""correct":{"kind":"options","options":[1]}"#))
        #expect(host["explanation"] as? String == "Canberra was purpose-built.")
        // Response time starts when the players' copy is written; the host does not answer.
        #expect(questions[0].startsResponseTime == 0 && questions[1].startsResponseTime == nil)

        // Without a host attached, the copy with the answer is not even built.
        var alone = try PublisherHarness()
        alone.hostAttached = false
        _ = try alone.join("Ada")
        try alone.run(.start)
        #expect(!alone.sent.contains { $0.audience == .host })
    }

    @Test func eachPlayerGetsTheirOwnResultAfterAReveal() throws {
        var settings = RoomSettings()
        settings.closeWhenAllAnswered = false
        var game = try PublisherHarness(settings: settings)
        let ada = try game.join("Ada"), bob = try game.join("Bob"), cy = try game.join("Cy")
        try game.run(.start)
        try game.openAnswers()
        try game.answer(ada, .option(1))
        try game.answer(bob, .option(0))
        game.attached.removeAll { $0 == cy }  // Cy's connection dropped: nothing to send to
        game.sent = []
        try game.run(.reveal)

        #expect(game.sent.map(\.type).prefix(3) == ["answers_closed", "reveal", "reveal"])
        let results = game.sent.filter { $0.type == "result" }
        #expect(results.map(\.audience) == [.player(ada), .player(bob)])
        var outcomes: [PlayerID: String] = [:]
        for delivery in results {
            guard case .player(let id) = delivery.audience, let payload = delivery.message.body(as: ResultPayload.self) else { continue }
            #expect(payload.result.sequence == 0 && payload.players == 3)
            outcomes[id] = payload.result.outcome?.rawValue ?? "none"
        }
        #expect(outcomes == [ada: "correct", bob: "wrong"])
        // The host's reveal has the typed-answer list (empty for a choice question); the shared one does not.
        let reveals = game.sent.filter { $0.type == "reveal" }
        #expect(reveals.map(\.audience) == [.everyoneButHost, .host])
        #expect(PublisherHarness.json(reveals[1].message).contains(#""typedAnswers":[]"#))
        #expect(!PublisherHarness.json(reveals[0].message).contains("typedAnswers"))
    }

    @Test func lobbyUpdatesAreCoalescedIntoOneFlush() throws {
        var game = try PublisherHarness()
        game.displays = 1
        var asked: [Bool] = []
        for name in ["Ada", "Bob", "Cy", "Dee", "Eve"] {
            asked.append(try game.run(.join(JoinRequest(nickname: name, resumeTokenHash: "token-\(name)"))).scheduleFlush)
        }
        // Only the first change asks for the timer; the rest ride on it.
        #expect(asked == [true, false, false, false, false])
        #expect(try game.run(.setLocked(true)).scheduleFlush == false)
        #expect(try game.run(.displayConnected).scheduleFlush == false)
        #expect(game.sent.isEmpty)

        let flushed = game.flush()
        #expect(flushed.map(\.type) == ["lobby", "players"])
        #expect(flushed.map(\.audience) == [.everyone, .screens])
        #expect(PublisherHarness.json(flushed[0].message) == #"{"hostConnected":true,"locked":true,"playerCount":5,"title":"Pub Classics","type":"lobby"}"#)
        guard let list = flushed[1].message.body(as: PlayersPayload.self) else { Issue.record("not a players message"); return }
        #expect(list.players.map(\.nickname) == ["Ada", "Bob", "Cy", "Dee", "Eve"])

        // Nothing pending: a flush sends nothing, and the next change asks for a timer again.
        #expect(game.flush().isEmpty)
        #expect(try game.run(.setLocked(false)).scheduleFlush == true)

        // Answers are counted the same way: many answers, one count.
        var counting = try PublisherHarness()
        let ids = try (0..<20).map { try counting.join("P\($0)") }
        counting.flush()
        try counting.run(.start)
        try counting.openAnswers()
        // Opening answers sends the host its first list of who has not answered.
        #expect(counting.flush().map(\.type).contains("waiting"))
        counting.sent = []
        var timers = 0
        for id in ids.prefix(12) where try counting.answer(id, .option(1)).scheduleFlush { timers += 1 }
        #expect(timers == 1)
        #expect(!counting.sent.contains { $0.type == "answer_count" })
        let counts = counting.flush().filter { $0.type == "answer_count" }
        #expect(counts.map { PublisherHarness.json($0.message) } == [#"{"answered":12,"connected":20,"question":0,"type":"answer_count"}"#])
        #expect(counts.first?.audience == .screens)
    }

    @Test func answerAckWaitsForDurability() throws {
        var game = try PublisherHarness()
        let ada = try game.join("Ada")
        _ = try game.join("Bob")
        try game.run(.start)
        try game.openAnswers()
        let publication = try game.answer(ada, .option(1))
        let acks = publication.deliveries.filter { $0.type == "answer_ack" }
        #expect(acks.count == 1)
        let ack = try #require(acks.first)
        // It goes back to the connection that answered, only once answer_recorded (event 0) is on disk.
        #expect(ack.audience == .sender)
        #expect(ack.timing == .whenDurable(event: 0))
        #expect(!publication.deliveries.contains { $0.type == "answer_ack" && $0.timing == .now })
        #expect(PublisherHarness.json(ack.settled(durable: true).message) == #"{"durable":true,"lockedIn":{"kind":"choice","option":1},"question":0,"type":"answer_ack"}"#)
        // A failing archive still answers the player, saying the answer may not survive a crash.
        let failed = ack.settled(durable: false)
        #expect(failed.timing == .now)
        #expect(PublisherHarness.json(failed.message) == #"{"durable":false,"lockedIn":{"kind":"choice","option":1},"question":0,"type":"answer_ack"}"#)
    }

    @Test func aResumerGetsTheSameScreenAsBeforeTheDrop() throws {
        var settings = RoomSettings()
        settings.closeWhenAllAnswered = false
        var game = try PublisherHarness(settings: settings)
        let ada = try game.join("Ada", team: "Owls")
        let bob = try game.join("Bob")
        var phases: [RoomPhase] = []
        var token = "token-Ada"

        /// Drops Ada and resumes her at the same instant: her screen must not change.
        func dropAndResume(_ step: String) throws {
            let before = game.state(for: .player(ada))
            try game.run(.playerDisconnected(ada))
            // Each resume hands out a new token; the next one must use it.
            let fresh = "token-Ada-\(step)"
            try game.run(.resume(tokenHash: token, newTokenHash: fresh))
            token = fresh
            let after = game.state(for: .player(ada))
            #expect(after == before, "\(step)")
            #expect(PublisherHarness.json(.state(after)) == PublisherHarness.json(.state(before)), "\(step)")
            phases.append(game.room.phase)
        }

        try dropAndResume("lobby")
        try game.run(.start)
        try dropAndResume("reading")
        try game.openAnswers()
        try game.answer(ada, .option(1))
        try game.answer(bob, .option(0))
        try dropAndResume("open, answered")
        try game.run(.reveal)
        try dropAndResume("revealed")
        try game.run(.showLeaderboard)
        try dropAndResume("leaderboard")
        #expect(phases == [.lobby, .reading, .open, .revealed, .leaderboard])
    }

    /// Between reveals nothing is sorted: a player's `me` is counted. Kicked players are not on the
    /// board, and equal scores share a place.
    @Test func aPlayerSeesTheirPlaceCountedAmongRankedPlayersDuringAQuestion() throws {
        var settings = RoomSettings()
        settings.closeWhenAllAnswered = false
        var game = try PublisherHarness(settings: settings)
        let ada = try game.join("Ada"), bob = try game.join("Bob"), cat = try game.join("Cat"), dan = try game.join("Dan")
        try game.run(.start)
        try game.openAnswers()
        try game.answer(ada, .option(1))
        try game.answer(bob, .option(0))
        try game.answer(cat, .option(1))
        try game.answer(dan, .option(2))
        try game.run(.reveal)
        try game.run(.next)
        try game.run(.kick(cat, ban: false))
        #expect(game.room.phase == .reading)

        let places = [ada, bob, dan].map { id in game.state(for: .player(id)).me.map { [$0.rank, $0.players] } }
        #expect(places == [[1, 3], [2, 3], [2, 3]])
        #expect(game.state(for: .player(cat)).me == nil)
    }

    /// The ack and a reload's state give back the answer as the player saw it: with shuffled
    /// options, the displayed position, not the pack's.
    @Test func theLockedInAnswerComesBackAsThePlayerSawIt() throws {
        var settings = RoomSettings()
        settings.shuffleOptions = true
        settings.closeWhenAllAnswered = false
        var game = try PublisherHarness(settings: settings)
        let ada = try game.join("Ada")
        try game.run(.start)
        try game.openAnswers()
        let permutation = try #require(game.room.currentQuestion?.permutation)
        let shown = try #require(permutation.indices.first { permutation[$0] != $0 }, "the shuffle kept every option in place")
        let ack = try #require(try game.answer(ada, .option(shown)).deliveries.first { $0.type == "answer_ack" })
        #expect(PublisherHarness.json(ack.message).contains(#""lockedIn":{"kind":"choice","option":\#(shown)}"#))
        #expect(game.state(for: .player(ada)).myAnswer == .option(shown))
    }

    /// The host learns who has not answered (never what anyone answered); nobody else gets the list.
    @Test func onlyTheHostSeesWhoHasNotAnsweredYet() throws {
        var settings = RoomSettings()
        settings.closeWhenAllAnswered = false
        settings.readingTimeMs = 0
        var game = try PublisherHarness(settings: settings)
        let ada = try game.join("Ada", team: "Owls"), bob = try game.join("Bob", team: "Owls"), cy = try game.join("Cy")
        game.displays = 1
        try game.run(.start)
        _ = game.flush()
        try game.answer(bob, .option(1))
        let flushed = game.flush()
        let waiting = try #require(flushed.first { $0.type == "waiting" })
        #expect(waiting.audience == .host)
        let json = try PublisherHarness.object(waiting.message)
        let names = (json["players"] as? [[String: Any]])?.compactMap { $0["nickname"] as? String }
        #expect(names == ["Ada", "Cy"])
        #expect(json["more"] as? Int == 0)
        let teams = json["teams"] as? [[String: Any]]
        #expect(teams?.first?["waiting"] as? Int == 1 && teams?.first?["members"] as? Int == 2)
        #expect(!PublisherHarness.json(waiting.message).contains("\"choice\""), "the list must not carry answers")
        _ = (ada, cy)
    }

    @Test func aKickedPlayerIsToldThenClosedWith4003() throws {
        var game = try PublisherHarness()
        let ada = try game.join("Ada")
        game.flush()
        let publication = try game.run(.kick(ada, ban: true))
        #expect(publication.deliveries == [Delivery(
            audience: .player(ada), message: .kicked(KickedPayload(ban: true)), timing: .whenDurable(event: 0),
            thenClose: Delivery.Close(code: 4003, reason: "removed by the host"))])
        #expect(publication.scheduleFlush)
    }

    @Test func resultsPodiumsAndKicksWaitForTheLogWhileQuestionsGoAtOnce() throws {
        // What a restart could take back must not be shown: a reveal, its results, a leaderboard,
        // the podium and a kick wait until their event is durable. A question or a close goes now.
        var game = try PublisherHarness()
        game.displays = 1
        let ada = try game.join("Ada"), bob = try game.join("Bob")
        game.flush()
        let start = try game.run(.start)
        #expect(!start.deliveries.isEmpty && start.deliveries.allSatisfy { $0.timing == .now })
        try game.openAnswers()
        try game.answer(ada, .option(1))
        let reveal = try game.run(.reveal)
        let revealed = try #require(reveal.deliveries.first { $0.type == "reveal" })
        let closeIndex = try #require(reveal.deliveries.firstIndex { $0.type == "answers_closed" })
        #expect(reveal.deliveries[closeIndex].timing == .now)
        for delivery in reveal.deliveries where delivery.type == "reveal" || delivery.type == "result" {
            #expect(delivery.timing == revealed.timing && delivery.timing != .now, "\(delivery.type) to \(delivery.audience)")
        }
        #expect(reveal.deliveries.filter { $0.type == "result" }.count == 2)
        for command in [RoomCommand.showLeaderboard, .end] {
            let publication = try game.run(command)
            #expect(!publication.deliveries.isEmpty)
            #expect(publication.deliveries.allSatisfy { $0.timing == .whenDurable(event: 0) }, "\(command)")
        }
        _ = bob
    }

    @Test func everyPlayerGetsTheirStandingWithTheLeaderboard() throws {
        var game = try PublisherHarness()
        game.hostAttached = false
        let ada = try game.join("Ada", team: "Owls"), bob = try game.join("Bob")
        try game.run(.start)
        try game.openAnswers()
        try game.answer(ada, .option(1))
        try game.answer(bob, .option(0))
        try game.run(.reveal)
        game.sent = []
        try game.run(.showLeaderboard)
        #expect(game.sent.map(\.type) == ["leaderboard", "standing", "standing"])
        #expect(game.sent.first?.audience == .everyone)
        let standings = game.sent.dropFirst().map { PublisherHarness.json($0.message) }
        #expect(standings.contains(#"{"players":2,"rank":1,"score":\#(game.room.players[ada]!.score),"teamRank":1,"type":"standing"}"#))
        #expect(standings.contains(#"{"players":2,"rank":2,"score":0,"type":"standing"}"#))
    }

    @Test func theLeaderboardCountsTheWholeRoomNotItsTopRows() throws {
        // The projector's caption says "Top 8 of N": N is the room, not the ten rows sent.
        var game = try PublisherHarness()
        game.hostAttached = false
        game.displays = 1
        for index in 0..<(GameContext.leaderboardSize + 2) { _ = try game.join("P\(index)") }
        try game.run(.start)
        try game.openAnswers()
        try game.run(.reveal)
        game.sent = []
        try game.run(.showLeaderboard)
        let board = try #require(game.sent.first { $0.type == "leaderboard" })
        guard let payload = board.message.body(as: LeaderboardPayload.self) else { Issue.record("not a leaderboard"); return }
        #expect(payload.players.count == GameContext.leaderboardSize)
        #expect(payload.total == GameContext.leaderboardSize + 2)
        #expect(try PublisherHarness.object(board.message)["total"] as? Int == GameContext.leaderboardSize + 2)
        // A projector that reconnects on the leaderboard gets the same count in its `state`.
        #expect(game.state(for: .display).leaderboard?.total == GameContext.leaderboardSize + 2)
    }
}
