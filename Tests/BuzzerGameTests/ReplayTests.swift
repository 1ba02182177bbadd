import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

@Suite struct ReplayTests {
    /// A full game touching every event type.
    private func playWholeGame() throws -> GameHarness {
        var settings = RoomSettings()
        settings.shuffleOptions = true
        let pack = QuestionPack(title: "Everything", rounds: [
            PackRound(title: "One", questions: GameHarness.samplePack().rounds.flatMap(\.questions)),
            PackRound(title: "Wagers", wager: true, questions: [Question(category: "c", text: "Pick B", content: .choice(options: ["A", "B", "C"], answer: 1))],
                      breakBefore: RoundBreak(title: "Half-time", text: "Get your drinks in", minutes: 10)),
        ])
        var game = try GameHarness(pack: pack, settings: settings, seed: 0xDEAD_BEEF)
        try game.send(.displayConnected)
        try game.send(.displayConnected)
        try game.send(.displayDisconnected)
        let ann = try game.join("Ann", team: "Reds", device: "d1")
        let bob = try game.join("Bob", team: "Reds", device: "d2")
        let cid = try game.join("Cid", device: "d3")
        let dee = try game.join("Dee", team: "Blues", device: "d4")
        try game.send(.setLocked(true))
        try game.send(.setLocked(false))
        try game.send(.start)
        var turn = 0
        while game.room.phase != .ended {
            switch game.room.phase {
            case .reading:
                let entry = game.room.currentQuestion!
                if game.room.questionView!.wager {
                    try game.send(.wager(ann, question: entry.sequence, amount: 500))
                    try game.send(.wager(cid, question: entry.sequence, amount: 100))
                }
                game.openAnswers()
            case .open:
                let view = game.room.questionView!
                for (offset, id) in [ann, bob, cid, dee].enumerated() where game.room.players[id]!.status == .connected && game.room.phase == .open {
                    let value: AnswerValue = switch view.kind {
                    case .choice: .option((offset + turn) % view.options.count)
                    case .multi: .options([offset % view.options.count])
                    case .truefalse: .bool(offset % 2 == 0)
                    case .text: .text(["Beatles", "the beatles", "Stones", "Beetles"][offset])
                    case .number: .number(1960 + Double(offset * 4))
                    case .poll: .vote(offset % 2)
                    case .order: .ranking(view.options.indices.map { ($0 + offset) % view.options.count })
                    case .pin: .point(PinPoint(x: 2_000 * offset, y: 9_000 - 2_000 * offset))
                    case .survey: .phrase(["Paris", "paris", "Rome", "Oslo"][offset])
                    case .buzz: .press(ButtonPress(place: 1, tie: false, right: nil))
                    default: .number(0)
                    }
                    try game.answer(id, value, afterOpenMs: GameDuration(300 + offset * 1700 + turn * 10), rtt: GameDuration(40 * offset))
                }
                if game.room.phase == .open { game.now = game.room.nextDeadline!; game.tick() }
            case .closed:
                game.advance(1000)
                try game.send(.reveal)
            case .revealed:
                if game.room.currentQuestion!.sequence == 3 { try game.send(.accept(question: 3, text: "Beetles")) }
                if turn == 1 {
                    try game.send(.playerDisconnected(cid))
                    game.advance(5000)
                    try game.send(.resume(tokenHash: "token-Cid", newTokenHash: "token-Cid-2"))
                    try game.send(.hostDisconnected)
                    game.advance(30_000)
                    try game.send(.hostReconnect(tokenHash: "host-hash"))
                }
                if turn == 2 { try game.send(.adjustScore(.player(bob), delta: -50, reason: "Shouted the answer")) }
                if turn == 3 { try game.send(.kick(dee, ban: true)) }
                if turn == 4 { try game.send(.showLeaderboard) } else { try game.send(.next) }
                turn += 1
            case .leaderboard:
                game.advance(3000)
                try game.send(.next)
            case .tiebreak:
                try game.send(.close)
            case .onBreak:
                game.advance(60_000)
                try game.send(.breakCountdown(.add(ms: 300_000)))
                game.advance(60_000)
                try game.send(.breakCountdown(.endNow))
                try game.send(.next)
            case .lobby, .ended:
                break
            }
            game.advance(10)
        }
        return game
    }

    @Test func wholeGameRebuiltFromItsEventsIsIdentical() throws {
        let game = try playWholeGame()
        let types = Set(game.log.map(\.type))
        for type in ["room_created", "team_created", "player_joined", "question_shown", "answers_opened", "answer_recorded",
                     "answers_closed", "question_revealed", "answer_accepted", "score_adjusted", "wager_placed", "player_kicked",
                     "player_disconnected", "player_reconnected", "host_disconnected", "host_reconnected", "leaderboard_shown",
                     "room_ended", "room_lock_changed", "display_connected", "display_disconnected", "break_started",
                     "break_countdown_changed"] {
            #expect(types.contains(type), "missing \(type)")
        }
        let rebuilt = try Room.replay(game.log)
        #expect(rebuilt == game.room)
        #expect(rebuilt.standings == game.room.standings)
        #expect(rebuilt.podium == game.room.podium)
        #expect(game.room.standings.players.contains { $0.score > 0 })
    }

    @Test func eventsRoundTripThroughJSONLines() throws {
        let game = try playWholeGame()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var lines: [Data] = []
        for event in game.log {
            let line = try encoder.encode(event)
            #expect(!line.contains(0x0A))
            lines.append(line)
        }
        let decoded = try lines.map { try JSONDecoder().decode(RoomEvent.self, from: $0) }
        #expect(decoded == game.log)
        #expect(try Room.replay(decoded) == game.room)

        let answerLine = try #require(lines.first { String(decoding: $0, as: UTF8.self).contains("\"answer_recorded\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: answerLine) as? [String: Any])
        #expect(Set(object.keys) == ["type", "at", "sequence", "player", "answer", "response_ms"])
        let joinLine = try #require(lines.first { String(decoding: $0, as: UTF8.self).contains("\"player_joined\"") })
        let join = String(decoding: joinLine, as: UTF8.self)
        #expect(join.contains("\"resume_token_hash\":\"token-Ann\""))
        #expect(join.contains("\"first_question\":0"))
    }

    @Test func anEncodedAnswerEventHasTheDocumentedShape() throws {
        let event = RoomEvent.answerRecorded(AnswerRecorded(at: 1_700_000_012_345, sequence: 3, player: PlayerID(7), answer: .option(1), responseMs: 4210))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(event), as: UTF8.self)
        #expect(json == #"{"answer":{"kind":"choice","option":1},"at":1700000012345,"player":7,"response_ms":4210,"sequence":3,"type":"answer_recorded"}"#)
    }

    @Test func replayRefusesLogsThatDoNotStartWithRoomCreated() throws {
        #expect(throws: GameError.self) { try Room.replay([]) }
        #expect(throws: GameError.self) { try Room.replay([.hostDisconnected(HostDisconnected(at: 0))]) }
        let game = try GameHarness()
        #expect(throws: GameError.self) { try Room.replay(game.log + game.log) }
    }

    @Test func unknownEventTypesAreRejected() {
        let json = Data(#"{"type":"room_exploded","at":1}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RoomEvent.self, from: json) }
    }
}
