import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Glibc

/// libFuzzer target "client": the bytes of one text message into `ClientMessage.decode`, which drives
/// `JSONParser`, the typed field readers, `answerValue` and, for an inline `create`, `QuestionPack.decode`
/// with the server's default pack limits. The input is the message itself, with no header, so the seeds are
/// real client messages.
///
/// Oracles besides the sanitizers:
/// - a rejection is a `ClientMessageError` with a non-empty reason, and its `request` is either nil or the
///   message's own `type`;
/// - a decoded message round-trips: written back as JSON (`ClientMessageFuzzer.json`, the way a client
///   writes it) it decodes to the same message;
/// - the order of the top-level members does not matter: the object with its members reversed gives the
///   same message, or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzClientMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = ClientMessageFuzzer.decode(bytes)

    // Parse the same bytes on their own to know what the decoder was given.
    let parsed = try? JSONParser.parse(bytes)
    var type: String?
    if case .object(let members)? = parsed, case .string(let name)? = members.first(where: { $0.key == "type" })?.value {
        type = name
    }

    switch outcome {
    case .failure(let error):
        ClientMessageFuzzer.require(!error.reason.isEmpty, "a rejection without a reason", bytes)
        if let request = error.request {
            // The error names the request cut to 40 characters (docs/protocol.md): a long type is not echoed whole.
            ClientMessageFuzzer.require(request == type.map(ClientMessage.shown), "error names request \(request) for a \(type ?? "nil") message", bytes)
        }
    case .success(let message):
        ClientMessageFuzzer.require(message.type == type, "decoded \(message.type) from a \(type ?? "nil") message", bytes)
        let written = Array(JSONPrettyPrinter.print(ClientMessageFuzzer.json(message)).utf8)
        let again = ClientMessageFuzzer.decode(written)
        guard case .success(let reread) = again, reread == message else {
            ClientMessageFuzzer.fail("round trip: \(message)\nwritten: \(String(decoding: written, as: UTF8.self))\nread back: \(again)", bytes)
        }
    }

    if case .object(let members)? = parsed, members.count > 1 {
        let reversed = Array(JSONPrettyPrinter.print(.object(members.reversed())).utf8)
        let other = ClientMessageFuzzer.decode(reversed)
        ClientMessageFuzzer.require(other == outcome, "member order changed the result: \(outcome) vs \(other)", bytes)
    }
    return 0
}

enum ClientMessageFuzzer {
    static func decode(_ bytes: [UInt8]) -> Result<ClientMessage, ClientMessageError> {
        Result { () throws(ClientMessageError) in try ClientMessage.decode(bytes, packLimits: QuestionPackLimits()) }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String, _ input: [UInt8]) {
        if !condition { fail(message(), input) }
    }

    static func fail(_ message: String, _ input: [UInt8]) -> Never {
        print("input: \(String(decoding: input, as: UTF8.self))\n\(message)")
        fflush(nil)
        preconditionFailure("client message oracle failed")
    }

    /// The message as a client writes it (docs/protocol.md): the inverse of `ClientMessage.decode`.
    static func json(_ message: ClientMessage) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string(message.type))]
        func add(_ key: String, _ value: JSONValue?) { if let value { members.append((key, value)) } }
        func number(_ value: Int) -> JSONValue { .number(Double(value)) }
        func numbers(_ values: [Int]) -> JSONValue { .array(values.map(number)) }
        switch message {
        case .entry(.create(let request)):
            switch request.source {
            case .library(let name): add("pack", .string(name))
            case .inline(let pack): add("questions", pack.jsonValue)
            }
            add("settings", request.settings)
        case let .entry(.host(code, token)), let .entry(.resume(code, token)):
            add("code", .string(code))
            add("token", .string(token))
        case let .entry(.join(code, nickname, team, device)):
            add("code", .string(code))
            add("nickname", .string(nickname))
            add("team", team.map(JSONValue.string))
            add("device", device.map(JSONValue.string))
        case .entry(.watch(let code)), .entry(.peek(let code)):
            add("code", .string(code))
        case .host(let command):
            switch command {
            case .start, .next, .close, .reveal, .leaderboard, .end, .lock, .unlock, .pause, .unpause, .skip, .undoReveal, .breakEndCountdown:
                break
            case let .kick(player, ban, reason):
                add("player", number(player))
                add("ban", .bool(ban))
                add("reason", reason.map(JSONValue.string))
            case let .rename(player, nickname):
                add("player", number(player))
                add("nickname", .string(nickname))
            case let .renameTeam(team, name):
                add("team", number(team))
                add("name", .string(name))
            case let .mergeTeams(from, into):
                add("from", number(from))
                add("into", number(into))
            case let .movePlayer(player, team):
                add("player", number(player))
                add("team", team.map(number))
            case let .adjust(player, team, delta, reason):
                add("player", player.map(number))
                add("team", team.map(number))
                add("delta", number(delta))
                add("reason", .string(reason))
            case let .accept(question, text):
                add("question", number(question))
                add("text", .string(text))
            case .addTime(let seconds), .reopen(let seconds), .breakAddTime(let seconds):
                add("seconds", number(seconds))
            case let .tiebreak(text, answer, seconds, players, teams):
                add("text", .string(text))
                add("answer", .number(answer))
                add("seconds", number(seconds))
                add("players", numbers(players))
                add("teams", numbers(teams))
            case .joinAddress(let url):
                add("url", .string(url))
            }
        case .player(let command):
            switch command {
            case .leave:
                break
            case let .answer(question, answer):
                add("question", number(question))
                add("answer", json(answer))
            case let .wager(question, amount):
                add("question", number(question))
                add("amount", number(amount))
            case .tiebreakAnswer(let value):
                add("value", .number(value))
            }
        }
        return .object(members)
    }

    /// The answer's JSON is its kind's (`QuestionKindJSON`), the one the server writes.
    static func json(_ answer: AnswerValue) -> JSONValue { answer.jsonValue }
}
