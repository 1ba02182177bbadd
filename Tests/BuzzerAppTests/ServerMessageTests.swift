import BuzzerFormats
import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// Each message's exact wire text, as docs/protocol-server.md shows it: one flat object, `type` among the
/// payload's fields, keys sorted, `/` not escaped, absent optionals left out.
struct ServerMessageTests {
    func json(_ message: ServerMessage) -> String { ServerMessageEncoder.json(message) }

    @Test func flatMessagesEncodeToTheProtocolsBytes() {
        #expect(json(.answerAck(AnswerAckPayload(question: 3, durable: true))) == #"{"durable":true,"question":3,"type":"answer_ack"}"#)
        #expect(json(.error(GameError.alreadyAnswered, request: "answer"))
            == #"{"code":"already_answered","message":"You have already answered this question.","request":"answer","type":"error"}"#)
        // No request known: the key is left out, not null.
        #expect(json(.error(AppError.notInRoom)) == #"{"code":"not_in_room","message":"Join or create a room first.","type":"error"}"#)
        #expect(json(.error(GameError.notHost, request: "start")).hasPrefix(#"{"code":"not_host","message":"#))
        #expect(json(.ok(OKPayload(request: "lock"))) == #"{"request":"lock","type":"ok"}"#)
        #expect(json(.hostStatus(HostStatusPayload(connected: false))) == #"{"connected":false,"type":"host_status"}"#)
        #expect(json(.kicked(KickedPayload(ban: true))) == #"{"ban":true,"type":"kicked"}"#)
        #expect(json(.hosting(HostingPayload(code: "K7QM2X", joinURL: "http://10.0.0.5:8080/join/K7QM2X", joinAddresses: ["http://10.0.0.5:8080"], kinds: [.choice, .pin])))
            == #"{"code":"K7QM2X","joinAddresses":["http://10.0.0.5:8080"],"joinURL":"http://10.0.0.5:8080/join/K7QM2X","kinds":["choice","pin"],"type":"hosting"}"#)
        #expect(json(.watching(WatchingPayload(code: "K7QM2X", joinURL: "http://10.0.0.5:8080/join/K7QM2X", kinds: [.number])))
            == #"{"code":"K7QM2X","joinURL":"http://10.0.0.5:8080/join/K7QM2X","kinds":["number"],"type":"watching"}"#)
        #expect(json(.joinAddress(JoinAddressPayload(joinURL: "http://10.0.0.5:8080/join/K7QM2X")))
            == #"{"joinURL":"http://10.0.0.5:8080/join/K7QM2X","type":"join_address"}"#)
        #expect(json(.lobby(LobbyPayload(title: "Pub Classics", playerCount: 42, locked: false, hostConnected: true)))
            == #"{"hostConnected":true,"locked":false,"playerCount":42,"title":"Pub Classics","type":"lobby"}"#)
        #expect(json(.wagerLimit(WagerLimitPayload(question: 16, max: 2450))) == #"{"max":2450,"question":16,"type":"wager_limit"}"#)
        #expect(json(.answersOpen(AnswersOpenPayload(question: 4, serverTime: 1_795_414_168_300, deadline: 1_795_414_188_300)))
            == #"{"deadline":1795414188300,"question":4,"serverTime":1795414168300,"type":"answers_open"}"#)
        #expect(json(.answerCount(AnswerCountPayload(question: 4, answered: 31, connected: 42)))
            == #"{"answered":31,"connected":42,"question":4,"type":"answer_count"}"#)
        #expect(json(.answersClosed(AnswersClosedPayload(question: 4, reason: .deadline))) == #"{"question":4,"reason":"deadline","type":"answers_closed"}"#)
        #expect(json(.standing(StandingPayload(rank: 3, score: 2450, players: 42, teamRank: 1)))
            == #"{"players":42,"rank":3,"score":2450,"teamRank":1,"type":"standing"}"#)
        #expect(json(.standing(StandingPayload(rank: nil, score: 0, players: 42, teamRank: nil))) == #"{"players":42,"score":0,"type":"standing"}"#)
        #expect(json(.joined(JoinedPayload(code: "K7QM2X", player: PlayerID(7), nickname: "Ada", team: "The Owls", resumeToken: "t", resumed: false, kinds: [.choice, .number])))
            == #"{"code":"K7QM2X","kinds":["choice","number"],"nickname":"Ada","player":7,"resumeToken":"t","resumed":false,"team":"The Owls","type":"joined"}"#)
        #expect(json(.players(PlayersPayload(players: [PlayerRow(id: PlayerID(1), nickname: "AC/DC", team: nil, status: .connected, score: 2450)])))
            == #"{"players":[{"id":1,"nickname":"AC/DC","score":2450,"status":"connected"}],"type":"players"}"#)
    }

    /// The host's and the displays' list rows write their own bytes (`JSONSortedBytesEncodable`): the
    /// same text `JSONEncoder` writes for them, for names that need escaping, every status, and each
    /// optional field present and absent.
    @Test func listRowsThatWriteTheirOwnBytesWriteWhatJSONEncoderWrites() throws {
        let names = ["Ada", #"The "Owls" \ AC/DC"#, "Zoë (e\u{308})", "東京の夜 🦉", "tab\there\u{1}\u{1F}", "Ünïcødé-Team mit sehr langem Namen für Tisch 12", ""]
        let statuses: [PlayerStatus] = [.connected, .away, .left, .kicked]
        var waitingRows: [WaitingPayload.Row] = [], playerRows: [PlayerRow] = []
        for (index, name) in names.enumerated() {
            let status = statuses[index % statuses.count]
            waitingRows.append(WaitingPayload.Row(id: PlayerID(index * 1_000_003), nickname: name, status: status,
                                                  reconnectingUntil: index.isMultiple(of: 2) ? 1_795_414_188_300 + Int64(index) : nil))
            playerRows.append(PlayerRow(id: PlayerID(index), nickname: name, team: index.isMultiple(of: 3) ? nil : names[(index + 1) % names.count],
                                        teamId: index.isMultiple(of: 2) ? TeamID(index + 7) : nil, status: status, score: index * 1_250 - 3_000))
        }
        let messages: [ServerMessage] = [
            .waiting(WaitingPayload(question: 4, players: waitingRows, more: 3, teams: [WaitingPayload.Team(team: TeamID(2), name: "Owls", waiting: 1, members: 4)], groups: nil)),
            .players(PlayersPayload(players: playerRows, teams: [TeamRow(id: TeamID(2), name: "Owls", members: 4)])),
        ]
        for message in messages {
            #expect(try ServerMessageEncoder.encoded(message) == ServerMessageEncoder.referenceJSON(message))
        }
        #expect(json(messages[0]).contains(#"{"id":3000009,"nickname":"東京の夜 🦉","status":"kicked"}"#))
        #expect(json(messages[1]).contains(#"{"id":4,"nickname":"tab\there\u0001\u001f","score":2000,"status":"connected","team":"Ünïcødé-Team mit sehr langem Namen für Tisch 12","teamId":11}"#))
    }

    /// The rows' own writers name every stored property: a field added to a row and not to its
    /// `appendSortedJSON` would vanish from the wire, so a fully filled row must write every key.
    @Test func listRowWritersNameEveryStoredProperty() throws {
        func keys(_ row: some JSONSortedBytesEncodable) throws -> Set<String> {
            var out: [UInt8] = []
            row.appendSortedJSON(to: &out)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(out)) as? [String: Any])
            return Set(object.keys)
        }
        func properties(_ row: Any) -> Set<String> { Set(Mirror(reflecting: row).children.compactMap(\.label)) }
        let waiting = WaitingPayload.Row(id: PlayerID(1), nickname: "Ada", status: .away, reconnectingUntil: 1_795_414_188_300)
        let player = PlayerRow(id: PlayerID(2), nickname: "Bo", team: "Owls", teamId: TeamID(3), status: .connected, score: 10)
        #expect(try keys(waiting) == properties(waiting))
        #expect(try keys(player) == properties(player))
    }

    /// A body the one-pass encoder refuses (a key written twice) still goes, as `JSONEncoder` writes it.
    struct TwiceBody: ServerMessageBody {
        static let wireName = "twice"
        enum Key: String, CodingKey { case note }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("first", forKey: .note)
            try container.encode("last", forKey: .note)
        }
    }

    /// NaN is no JSON number: the message becomes the documented `internal` refusal.
    struct NotANumberBody: ServerMessageBody {
        static let wireName = "not_a_number"
        var value = Double.nan
        static func == (lhs: Self, rhs: Self) -> Bool { true }
    }

    @Test func aMessageTheOnePassEncoderRefusesGoesAsJSONEncoderWritesIt() throws {
        let message = ServerMessage(TwiceBody())
        #expect(try ServerMessageEncoder.encoded(message) == ServerMessageEncoder.referenceJSON(message))
        #expect(json(message) == #"{"note":"last","type":"twice"}"#)
    }

    @Test func aMessageJSONCannotHoldBecomesTheUnencodableError() {
        let message = ServerMessage(NotANumberBody())
        #expect(throws: (any Error).self) { try ServerMessageEncoder.encoded(message) }
        let refusal = AppError.unencodable(type: NotANumberBody.wireName).definition
        #expect(json(message) == #"{"type":"error","code":"\#(refusal.code.rawValue)","message":"\#(refusal.message)"}"#)
    }

    @Test func createdCarriesURLsWithUnescapedSlashes() {
        let created = json(.created(CreatedPayload(
            code: "K7QM2X", hostToken: "9f0c", joinURL: "http://192.168.1.20:8080/join/K7QM2X",
            joinAddresses: ["http://192.168.1.20:8080"], displayURL: "http://192.168.1.20:8080/display/K7QM2X", title: "Pub Classics", questionCount: 17, settings: RoomSettings(), kinds: [.choice])))
        #expect(created.hasPrefix(#"{"code":"K7QM2X","displayURL":"http://192.168.1.20:8080/display/K7QM2X","hostToken":"9f0c","joinAddresses":["http://192.168.1.20:8080"],"joinURL":"http://192.168.1.20:8080/join/K7QM2X","kinds":["choice"],"questionCount":17,"settings":{"#))
        #expect(created.hasSuffix(#"},"title":"Pub Classics","type":"created"}"#))
    }

    @Test func roomMessagesEncodeToTheProtocolsBytes() throws {
        var game = try PublisherHarness()
        let ada = try game.join("Ada")
        try game.run(.start)
        let questions = game.sent.filter { $0.type == "question" }
        let view = #"{"category":"Geography","deadline":1700000023000,"index":0,"kind":"choice","opensAt":1700000003000,"options":["Sydney","Canberra","Melbourne","Perth"],"points":1,"questionCount":6,"round":0,"roundCount":2,"roundTitle":"General","sequence":0,"shownAt":1700000000000,"text":"Capital of Australia?","timeLimitMs":20000,"wager":false}"#
        #expect(json(questions[0].message) == #"{"question":\#(view),"serverTime":1700000000000,"type":"question"}"#)
        #expect(json(questions[1].message) == #"{"correct":{"kind":"options","options":[1]},"explanation":"Canberra was purpose-built.","question":\#(view),"serverTime":1700000000000,"type":"question"}"#)

        try game.openAnswers()
        try game.answer(ada, .option(1))
        game.sent = []
        try game.run(.reveal)
        let reveal = try #require(game.sent.first { $0.type == "reveal" })
        #expect(json(reveal.message) == #"{"reveal":{"answered":1,"correct":{"kind":"options","options":[1]},"explanation":"Canberra was purpose-built.","optionCounts":[0,1,0,0],"rightCount":1,"sequence":0,"trueFalseCounts":[]},"type":"reveal"}"#)
        let result = try #require(game.sent.first { $0.type == "result" })
        let score = game.room.players[ada]!.score
        #expect(json(result.message) == #"{"players":1,"result":{"answered":true,"outcome":"correct","points":\#(score),"rank":1,"score":\#(score),"sequence":0,"streak":1,"streakBonus":0},"type":"result"}"#)
    }
}
