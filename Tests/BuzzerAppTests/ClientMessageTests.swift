@testable import BuzzerApp
import BuzzerGame
import Testing

struct ClientMessageTests {
    func decode(_ text: String) throws(ClientMessageError) -> ClientMessage {
        try ClientMessage.decode(Array(text.utf8), packLimits: QuestionPackLimits())
    }

    func reason(_ text: String) -> String {
        do {
            _ = try decode(text)
            return "decoded"
        } catch {
            return error.reason
        }
    }

    @Test func decodesEveryMessageType() throws {
        #expect(try decode(#"{"type":"join","code":"abc123","nickname":"Ada","team":"Owls"}"#) == .entry(.join(code: "abc123", nickname: "Ada", team: "Owls", device: nil)))
        #expect(try decode(#"{"type":"resume","code":"A","token":"t"}"#) == .entry(.resume(code: "A", token: "t")))
        #expect(try decode(#"{"type":"host","code":"A","token":"t"}"#) == .entry(.host(code: "A", token: "t")))
        #expect(try decode(#"{"type":"watch","code":"A"}"#) == .entry(.watch(code: "A")))
        #expect(try decode(#"{"type":"kick","player":3}"#) == .host(KickCommand(PlayerID(3), ban: false)))
        #expect(try decode(#"{"type":"kick","player":3,"ban":true}"#) == .host(KickCommand(PlayerID(3), ban: true)))
        #expect(try decode(#"{"type":"adjust","team":2,"delta":-5,"reason":"noise"}"#) == .host(AdjustCommand(.team(TeamID(2)), delta: -5, reason: "noise")))
        #expect(try decode(#"{"type":"accept","question":4,"text":"Beatles"}"#) == .host(AcceptCommand(question: 4, text: "Beatles")))
        #expect(try decode(#"{"type":"wager","question":1,"amount":3}"#) == .player(.wager(question: 1, amount: 3)))
        for type in ["start", "next", "close", "reveal", "leaderboard", "end", "lock", "unlock", "leave"] {
            #expect(try decode(#"{"type":"\#(type)"}"#).typeName == type)
        }
        #expect(try decode(#"{"type":"create","pack":"pub-classics","settings":{"scoring":"flat"}}"#).typeName == "create")
    }

    @Test func decodesEveryAnswerKind() throws {
        let cases: [(String, AnswerValue)] = [
            (#"{"kind":"choice","option":2}"#, .option(2)),
            (#"{"kind":"multi","options":[0,3]}"#, .options([0, 3])),
            (#"{"kind":"truefalse","value":false}"#, .bool(false)),
            (#"{"kind":"text","text":"∫ x² dx"}"#, .text("∫ x² dx")),
            (#"{"kind":"number","value":1969.5}"#, .number(1969.5)),
            (#"{"kind":"poll","option":0}"#, .vote(0)),
            (#"{"kind":"pin","pin":{"x":0.41,"y":0.3}}"#, .point(PinPoint(x: 4_100, y: 3_000))),
        ]
        for (json, value) in cases {
            #expect(try decode(#"{"type":"answer","question":1,"answer":\#(json)}"#) == .player(.answer(question: 1, answer: value)))
        }
    }

    @Test func explainsWhatIsWrong() {
        #expect(reason("nope").hasPrefix("the message is not valid JSON"))
        #expect(reason("[]") == "the message must be a JSON object")
        #expect(reason(#"{"code":"A"}"#) == #"the message has no "type" field"#)
        #expect(reason(#"{"type":"dance"}"#) == #"unknown message type "dance""#)
        #expect(reason(#"{"type":"join","code":"A"}"#) == #""nickname" is missing"#)
        #expect(reason(#"{"type":"kick","player":"3"}"#) == #""player" must be a number"#)
        #expect(reason(#"{"type":"kick","player":1.5}"#) == #""player" must be a whole number"#)
        #expect(reason(#"{"type":"adjust","player":1,"team":2,"delta":1}"#) == #"adjust needs exactly one of "player" or "team""#)
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"guess"}}"#).contains("answer.kind"))
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"choice"}}"#) == #""answer.option" is missing"#)
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"pin","pin":{"x":1.5,"y":0}}}"#) == #""answer.pin.x" must be 0 to 1 (a fraction of the picture's width)"#)
        #expect(reason(#"{"type":"create"}"#).contains("\"pack\""))
        #expect(reason(#"{"type":"create","pack":"x","settings":5}"#) == #""settings" must be an object"#)
    }

    /// docs/protocol-errors.md: `request` names the refused type whenever the `type` itself could be read,
    /// unknown types included (cut to 40 characters, as in the message).
    @Test func anUnknownTypeIsEchoedInTheErrorsRequest() {
        #expect(requestOf(#"{"type":"dance"}"#) == "dance")
        #expect(requestOf(#"{"type":"\#(String(repeating: "x", count: 100))"}"#) == String(repeating: "x", count: 40))
        #expect(requestOf(#"{"type":"join","code":"A"}"#) == "join")
        #expect(requestOf(#"{"type":5}"#) == nil)
        #expect(requestOf(#"{"code":"A"}"#) == nil)
    }

    /// A host who sends both would silently get the library pack, not the questions they wrote.
    @Test func createWithBothALibraryPackAndInlineQuestionsIsRefused() {
        let inline = #"{"title":"Mine","questions":[{"kind":"truefalse","category":"Fun","text":"Water is wet.","answer":true}]}"#
        #expect(reason(#"{"type":"create","pack":"pub-classics","questions":\#(inline)}"#)
            == #"create takes either "pack" (a library pack name) or "questions" (a whole pack), not both"#)
        #expect(requestOf(#"{"type":"create","pack":"pub-classics","questions":\#(inline)}"#) == "create")
        // null stands for absent, as everywhere in buzzer.v1.
        #expect(reason(#"{"type":"create","pack":"pub-classics","questions":null}"#) == "decoded")
        #expect(reason(#"{"type":"create","pack":null,"questions":\#(inline)}"#) == "decoded")
    }

    func requestOf(_ text: String) -> String? {
        do {
            _ = try decode(text)
            return "decoded"
        } catch {
            return error.request
        }
    }

    /// The role a message needs is its type: the router cannot forget a check.
    @Test func everyCommandCarriesItsRole() throws {
        guard case .host = try decode(#"{"type":"reveal"}"#) else { Issue.record("reveal is not a host command"); return }
        guard case .host = try decode(#"{"type":"kick","player":1}"#) else { Issue.record("kick is not a host command"); return }
        guard case .player = try decode(#"{"type":"leave"}"#) else { Issue.record("leave is not a player command"); return }
        guard case .player = try decode(#"{"type":"answer","question":0,"answer":{"kind":"truefalse","value":true}}"#) else {
            Issue.record("answer is not a player command"); return
        }
        guard case .entry = try decode(#"{"type":"peek","code":"A"}"#) else { Issue.record("peek is not an entry"); return }
    }

    /// Found by a hostile player: −2^63 in an integer field trapped in `abs()` while the message was
    /// read, from a fresh connection, and took every room down with it.
    @Test func theSmallestIntegerIsRefusedNotTrapped() {
        let min = "-9223372036854775808"
        #expect(reason(#"{"type":"kick","player":\#(min)}"#) == #""player" must be 0 to 1000000"#)
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"choice","option":\#(min)}}"#) == #""answer.option" must be 0 to 63"#)
        #expect(reason(#"{"type":"wager","question":0,"amount":\#(min)}"#) == #""amount" must be 0 to 1000000000"#)
        #expect(reason(#"{"type":"adjust","player":1,"delta":\#(min),"reason":"x"}"#) == #""delta" must be -1000000 to 1000000"#)
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"multi","options":[0,\#(min)]}}"#) == #""answer.options[]" must be 0 to 63"#)
        #expect(reason(#"{"type":"tiebreak","text":"x","answer":1,"players":[\#(min)]}"#) == #""players[]" must be 0 to 1000000"#)
        #expect(reason(#"{"type":"kick","player":9223372036854775807}"#) == #""player" must be 0 to 1000000"#)
        #expect(reason(#"{"type":"kick","player":1e308}"#) == #""player" must be 0 to 1000000"#)
    }

    /// Found by the protocol fuzzer before main's bounds landed: −2^63 − 1 is not −2^63 as text, but as a
    /// JSON number (a Double) it is, so it reached the same `abs(Int.min)`.
    @Test func anIntegerBelowTheSmallestThatRoundsToItIsRefused() {
        #expect(reason(#"{"type":"rename_team","team":-9223372036854775809,"name":"Table 1"}"#) == #""team" must be 0 to 1000000"#)
        #expect(reason(#"{"type":"kick","player":-9223372036854775809}"#) == #""player" must be 0 to 1000000"#)
    }

    /// Every number field has a documented range (docs/protocol-errors.md, "Ranges"), checked here once.
    @Test func numbersOutsideTheirRangeAreRefused() {
        #expect(reason(#"{"type":"add_time","seconds":0}"#) == #""seconds" must be 1 to 600"#)
        #expect(reason(#"{"type":"add_time","seconds":601}"#) == #""seconds" must be 1 to 600"#)
        #expect(reason(#"{"type":"reopen","seconds":-1}"#) == #""seconds" must be 1 to 600"#)
        #expect(reason(#"{"type":"tiebreak","text":"x","answer":1,"seconds":4,"players":[1,2]}"#) == #""seconds" must be 5 to 600"#)
        #expect(reason(#"{"type":"tiebreak","text":"x","answer":1.7976931348623157e308,"players":[1,2]}"#)
            == #""answer" must be a number between -10^15 and 10^15"#)
        #expect(reason(#"{"type":"tiebreak_answer","value":-1.7976931348623157e308}"#) == #""value" must be a number between -10^15 and 10^15"#)
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"number","value":1e16}}"#)
            == #""answer.value" must be a number between -10^15 and 10^15"#)
        #expect(reason(#"{"type":"wager","question":0,"amount":1000000001}"#) == #""amount" must be 0 to 1000000000"#)
        #expect(reason(#"{"type":"wager","question":0,"amount":-1}"#) == #""amount" must be 0 to 1000000000"#)
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"choice","option":64}}"#) == #""answer.option" must be 0 to 63"#)
        let many = (0..<65).map { _ in "0" }.joined(separator: ",")
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"multi","options":[\#(many)]}}"#) == #""answer.options" has more than 64 items"#)
        let ids = (1...1001).map(String.init).joined(separator: ",")
        #expect(reason(#"{"type":"tiebreak","text":"x","answer":1,"players":[\#(ids)]}"#) == #""players" has more than 1000 items"#)
    }

    @Test func stringsLongerThanTheirCapAreRefused() {
        let long = String(repeating: "é", count: 257)  // 514 bytes
        #expect(reason(#"{"type":"join","code":"A","nickname":"\#(long)"}"#) == #""nickname" is longer than 512 bytes"#)
        #expect(reason(#"{"type":"join","code":"\#(String(repeating: "A", count: 33))","nickname":"Ada"}"#) == #""code" is longer than 32 bytes"#)
        let text = String(repeating: "x", count: 4097)
        #expect(reason(#"{"type":"answer","question":0,"answer":{"kind":"text","text":"\#(text)"}}"#) == #""answer.text" is longer than 4096 bytes"#)
        #expect(reason(#"{"type":"kick","player":1,"reason":"\#(text)"}"#) == #""reason" is longer than 4096 bytes"#)
    }

    /// A library create carries the library's edit token, bounded like every token.
    @Test func createCarriesTheEditTokenWithinItsCap() throws {
        #expect(try decode(#"{"type":"create","pack":"pub-classics","token":"t0k3n"}"#)
            == .entry(.create(CreateRequest(source: .library("pub-classics"), settings: nil, token: "t0k3n"))))
        #expect(try decode(#"{"type":"create","pack":"pub-classics"}"#) == .entry(.create(CreateRequest(source: .library("pub-classics"), settings: nil))))
        #expect(reason(#"{"type":"create","pack":"x","token":"\#(String(repeating: "t", count: 129))"}"#) == #""token" is longer than 128 bytes"#)
        #expect(reason(#"{"type":"create","pack":"x","token":7}"#) == #""token" must be a string"#)
    }
}

struct SecretsTests {
    @Test func joinCodesUseOnlyUnambiguousSymbols() {
        #expect(Secrets.codeAlphabet.count == 32)
        for symbol in "O0I1".utf8 { #expect(!Secrets.codeAlphabet.contains(symbol)) }
        var seen = Set<String>()
        for _ in 0..<1000 {
            let code = Secrets.joinCode(length: 6)
            #expect(code.count == 6)
            #expect(code.utf8.allSatisfy { Secrets.codeAlphabet.contains($0) })
            seen.insert(code)
        }
        #expect(seen.count > 990)
    }

    @Test func typedCodesAreNormalised() {
        #expect(Secrets.normalizeCode(" abc-def ") == "ABCDEF")
    }

    @Test func tokensAreRandomAndStoredOnlyAsSHA256() {
        let token = Secrets.token()
        #expect(token.count == 32)
        #expect(token != Secrets.token())
        // FIPS 180-2 example: SHA-256("abc").
        #expect(Secrets.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
