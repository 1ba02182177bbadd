import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

@Suite struct RecordedStandingsTests {
    /// Two players in two teams answer the first question of the sample pack; Ann is right.
    private func revealFirstQuestion(settings: RoomSettings = RoomSettings()) throws -> (game: GameHarness, events: [RoomEvent]) {
        var game = try GameHarness(settings: settings)
        let ann = try game.join("Ann", team: "Reds")
        let bob = try game.join("Bob", team: "Blues")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .option(1), afterOpenMs: 800)
        try game.answer(bob, .option(0), afterOpenMs: 900)
        game.advance(1000)
        let events = try game.send(.reveal)
        return (game, events)
    }

    @Test func revealRecordsTheStandingsAfterScoring() throws {
        let (game, events) = try revealFirstQuestion()
        guard case .questionRevealed(let revealed) = events.last else { Issue.record("no reveal in \(events)"); return }
        let recorded = try #require(revealed.standings)
        #expect(recorded == game.room.standings.recorded)
        #expect(recorded.players.first?.id == 1)
        #expect(recorded.players.first?.score ?? 0 > 0)
        #expect(recorded.players.map(\.rank) == [1, 2])
        #expect(recorded.teams.count == 2)
    }

    @Test func timerRevealAndEndRecordStandingsToo() throws {
        var settings = RoomSettings()
        settings.autoAdvance = true
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.truefalse(answer: true)), settings: settings)
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .bool(true), afterOpenMs: 100)
        var timerEvents: [RoomEvent] = []
        while game.room.phase != .ended, let deadline = game.room.nextDeadline {
            game.now = deadline
            timerEvents += game.tick()
        }
        let reveal = try #require(timerEvents.first { $0.type == "question_revealed" })
        let end = try #require(timerEvents.last)
        #expect(end.type == "room_ended")
        #expect(reveal.recordedStandings?.players.first?.score == game.score(ann))
        #expect(end.recordedStandings == game.room.standings.recorded)
    }

    @Test func hostEndRecordsFinalStandings() throws {
        var (game, _) = try revealFirstQuestion()
        let events = try game.send(.end)
        #expect(events.count == 1)
        #expect(events.first?.recordedStandings == game.room.standings.recorded)
    }

    @Test func replayIgnoresTheRecordedStandings() throws {
        let (game, _) = try revealFirstQuestion()
        let tampered = game.log.map { event -> RoomEvent in
            guard case .questionRevealed(var e) = event else { return event }
            e.standings?.players[0].score += 1000
            return .questionRevealed(e)
        }
        #expect(tampered != game.log)
        #expect(try Room.replay(tampered) == game.room)
    }

    @Test func eventsWithoutStandingsFromOlderLogsStillDecode() throws {
        let revealed = try JSONDecoder().decode(RoomEvent.self, from: Data(#"{"type":"question_revealed","at":5,"sequence":0}"#.utf8))
        #expect(revealed == .questionRevealed(QuestionRevealed(at: 5, sequence: 0)))
        let ended = try JSONDecoder().decode(RoomEvent.self, from: Data(#"{"type":"room_ended","at":9,"reason":"finished"}"#.utf8))
        #expect(ended == .roomEnded(RoomEnded(at: 9, reason: .finished)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(revealed), as: UTF8.self) == #"{"at":5,"sequence":0,"type":"question_revealed"}"#)
    }

    @Test func recordedStandingsHaveTheDocumentedShape() throws {
        let event = RoomEvent.roomEnded(RoomEnded(at: 9, reason: .finished, standings: RecordedStandings(
            players: [RecordedScore(id: 2, score: 1840, rank: 1)], teams: [RecordedScore(id: 1, score: 1840, rank: 1)])))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(event), as: UTF8.self)
            == #"{"at":9,"reason":"finished","standings":{"players":[{"id":2,"rank":1,"score":1840}],"teams":[{"id":1,"rank":1,"score":1840}]},"type":"room_ended"}"#)
        #expect(try JSONDecoder().decode(RoomEvent.self, from: encoder.encode(event)) == event)
    }
}
