import BuzzerApp
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON

/// Client messages as text, with boundary numbers where a field wants a number
/// (`{"type":"kick","player":-9223372036854775808}`, 1e308, -0, huge arrays), through
/// `ClientMessage.decode`; what decodes goes to the room as `CommandDispatcher` sends it.
extension FuzzGame {
    /// A message and the role of the connection that sends it: each type and its fields from its
    /// definition (`ClientCommands.all`, `ClientMessageType`), so a new command is fuzzed as soon as it is defined.
    mutating func clientMessage() -> (String, ClientState.Role) {
        let definitions = ClientMessageDefinition.all
        let type = source.chance(0.03) ? nil : source.pick(definitions)
        let name = type?.name ?? source.pick(["", "KICK", "kick ", "unknown", String(repeating: "t", count: 100)])
        var members: [String] = []
        if !source.chance(0.02) { members.append(#""type":\#(source.chance(0.97) ? string(name) : anyValue(depth: 1))"#) }
        for spec in type?.fields ?? [] where !source.chance(0.05) {
            members.append("\(string(spec.field.rawValue)):\(source.chance(0.85) ? value(spec) : anyValue(depth: 1))")
        }
        if source.chance(0.05) { members.append(#""extra":\#(anyValue(depth: 1))"#) }
        if source.chance(0.05), let first = members.first { members.append(first) }  // a duplicate key
        let json = source.chance(0.02) ? "[\(members.joined(separator: ","))]" : "{\(members.joined(separator: ","))}"
        let role: ClientState.Role = switch type?.role {
        case .host?: source.chance(0.85) ? .host : randomRole()
        case .player?: source.chance(0.85) ? .player(somePlayer()) : randomRole()
        case .display?: source.chance(0.85) ? .display : randomRole()
        case .entry?, nil: .none
        }
        return (json, role)
    }

    /// A value for one field: mostly in its defined range (ids of this room's players and teams, the
    /// current question), often at or past its ends.
    private mutating func value(_ spec: ClientFieldSpec) -> String {
        switch spec.shape {
        case .int(let range):
            switch spec.field {
            case .player where source.chance(0.6): return "\(somePlayer().rawValue)"
            case .team where source.chance(0.6), .from where source.chance(0.6), .into where source.chance(0.6):
                return "\(someTeam().rawValue)"
            case .team where source.chance(0.2): return "null"
            case .question where source.chance(0.5):
                if let current = room?.currentQuestion { return "\(current.sequence)" }
            default: break
            }
            if source.chance(0.3) { return source.pick(["\(range.lowerBound)", "\(range.upperBound)", "\(range.lowerBound - 1)", "\(range.upperBound + 1)"]) }
            return source.chance(0.6) ? "\(source.int(max(range.lowerBound, -5)...min(range.upperBound, 2000)) + source.int(-1...1))" : numberLiteral()
        case .string(let maxBytes):
            if source.chance(0.02) { return string(String(repeating: "x", count: maxBytes + source.int(0...1))) }
            switch spec.field {
            case .code: return string(source.chance(0.8) ? (room?.code ?? "FUZZ0") : source.text())
            // The first player's latest token: a dictionary's order differs between runs, and a game must replay alone.
            case .token: return string(source.chance(0.5) ? (tokens.min { $0.key.rawValue < $1.key.rawValue }?.value.last ?? "token-1") : source.text())
            case .nickname, .name, .team: return string(name())
            // `merge_answers`' groups: what the players typed, so merges land.
            case .from, .into: return string(room.map { groupName(in: $0) } ?? source.text())
            default: return string(source.text())
            }
        case .word(let words): return string(source.chance(0.9) ? source.pick(words) : source.text())
        case .number: return source.chance(0.5) ? "\(source.int(0...200))" : numberLiteral()
        case .bool: return source.bool() ? "true" : "false"
        case .ids:
            let count = source.chance(0.05) ? source.pick([1000, 1001, 5000]) : source.int(0...4)
            return "[\((0..<count).map { _ in source.chance(0.7) ? "\(source.int(0...8))" : numberLiteral() }.joined(separator: ","))]"
        case .answer: return answerJSON()
        case .pack, .object: return source.chance(0.3) ? "{}" : anyValue(depth: 1)
        }
    }

    /// Numbers as a client may write them: in range, at the ends of `Int` and `Double`, fractions, -0.
    private mutating func numberLiteral() -> String { source.numberLiteral() }

    private mutating func answerJSON() -> String {
        // Half the time an answer its kind's module makes (every kind, pin and survey too), written as a client does.
        if source.chance(0.5), let room {
            var json = JSONPrettyPrinter.print(answerValue(in: room).jsonValue)
            json.removeLast()  // its final newline
            return json
        }
        return Self.hostileAnswer(source: &source).json
    }

    /// A raw answer object as a hostile client writes it: any registered kind's (`QuestionKind.hostileAnswerJSON`),
    /// or now and then one of no kind at all; with the kind it was written for (nil for none).
    static func hostileAnswer(source: inout FuzzSource) -> (kind: QuestionKind?, json: String) {
        if source.chance(0.05) { return (nil, source.pick([#"{"kind":"other"}"#, #"{"kind":"any","value":1}"#, "{}"])) }
        let kind = source.pick(QuestionKind.allCases)
        return (kind, kind.hostileAnswerJSON(source: &source))
    }

    /// Any JSON value, for a field of the wrong type.
    private mutating func anyValue(depth: Int) -> String {
        switch source.int(0...6) {
        case 0: return "null"
        case 1: return source.bool() ? "true" : "false"
        case 2: return numberLiteral()
        case 3: return string(source.text())
        case 4 where depth < 4: return "[\((0..<source.int(0...3)).map { _ in anyValue(depth: depth + 1) }.joined(separator: ","))]"
        case 5 where depth < 4: return "{\"a\":\(anyValue(depth: depth + 1))}"
        default: return "{}"
        }
    }

    private func string(_ text: String) -> String {
        var json = JSONPrettyPrinter.print(.string(text))
        json.removeLast()  // its final newline
        return json
    }

    // MARK: - Sending

    /// Decodes `json` and, when it decodes, runs what `CommandDispatcher` (or, to enter, `RoomEntrance`) would run for `role`.
    mutating func send(_ json: String, from role: ClientState.Role, report: inout ProtocolFuzzer.Report) throws(Failure) {
        report.clientMessages += 1
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(Array(json.utf8), packLimits: QuestionPackLimits())
        } catch {
            try checkClientError(error, json: json)
            outcome = "refused: \(ProtocolErrorCode.badMessage.rawValue) (\(Self.short(error.reason, limit: 100)))"
            report.refused[ProtocolErrorCode.badMessage.rawValue, default: 0] += 1
            return
        }
        guard let command = command(for: message, from: role, report: &report) else { return }
        if case let .client(json, role, at, _) = action { action = .client(json, from: role, at: at, then: command) }
        try run(command, report: &report)
    }

    /// A refusal names a reason, and the request only as the client wrote its `type`.
    func checkClientError(_ error: ClientMessageError, json: String) throws(Failure) {
        guard !error.reason.isEmpty else { throw failure("client error has a reason", "empty reason") }
        if let request = error.request {
            guard let parsed = try? JSONParser.parse(Array(json.utf8)), case .object(let members) = parsed,
                  case .string(let type)? = members.first(where: { $0.key == "type" })?.value, request == ClientMessage.shown(type) else {
                throw failure("client error names the request", "request \(Self.short(request)) for \(Self.short(json))")
            }
        }
    }

    /// The room command the app runs for `message` from `role` (`CommandDispatcher.perform` for host and player
    /// commands, `RoomEntrance` for entering); nil when none would reach the room.
    private mutating func command(for message: ClientMessage, from role: ClientState.Role, report: inout ProtocolFuzzer.Report) -> RoomCommand? {
        counter += 1
        switch message {
        case .host(let command):
            guard role == .host else {
                outcome = "refused: \(ProtocolErrorCode.notHost.rawValue)"
                report.refused[ProtocolErrorCode.notHost.rawValue, default: 0] += 1
                return nil
            }
            if let app = command.base as? any FuzzedAppCommand { return room.flatMap(app.fuzzRoomCommand) }
            return .hostCommand(command)
        case .player(let command):
            guard case .player(let id) = role else { return nil }
            switch command {
            case let .answer(question, value):
                let written = room?.currentQuestion.flatMap { $0.sequence == question ? $0.shownAt : nil } ?? 0
                return .answer(id, AnswerSubmission(question: question, value: value, writtenAt: written, rttMs: 20))
            case let .wager(question, amount): return .wager(id, question: question, amount: amount)
            case .tiebreakAnswer(let value): return .tiebreakAnswer(id, value: value, writtenAt: 0, rttMs: 20)
            case .leave: return .leave(id)
            case .command(let command): return .playerCommand(id, command, rttMs: 20)
            }
        case .entry(let request):
            switch request {
            case let .join(code, nickname, team, device):
                guard code == room?.code else { return nil }
                return .join(JoinRequest(nickname: nickname, team: team, deviceID: device, resumeTokenHash: "token-\(counter)"))
            case let .resume(code, token):
                return code == room?.code ? .resume(tokenHash: token, newTokenHash: "token-\(counter)") : nil
            case let .host(code, token):
                return code == room?.code ? .hostReconnect(tokenHash: token) : nil
            case .watch(let code):
                return code == room?.code ? .displayConnected : nil
            case .create, .peek:
                return nil
            }
        case .display:
            // A projector's report never reaches the game.
            return nil
        }
    }
}
