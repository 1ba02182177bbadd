import BuzzerApp
import BuzzerGame

/// Commands to send: every kind in every phase, weighted so that games also move on (joins in the
/// lobby, answers while open, `next` after a reveal), with boundary values in every field. The host's
/// commands come from their own definitions (`ClientCommands.all`: each type's `fuzzed` and
/// `fuzzWeight`), so a new one is fuzzed as soon as it is listed; the rest are the room's own.
extension FuzzGame {
    /// The room's commands that are not a client's host command: connections, the answer path, the clock.
    enum Kind: CaseIterable {
        case tick, tiebreakAnswer, hostDisconnected, hostReconnect, join, resume, playerDisconnected, leave, answer, wager
        case displayConnected, displayDisconnected
    }

    /// One step's choice: a room command of the fuzzer's, or a client command by its type (a host's or a kind's).
    enum Choice {
        case room(Kind)
        case host(any ClientCommand.Type)

        /// Chaos neither ends the game nor sends the host away: games would be short.
        var byChaos: Bool {
            switch self {
            case .room(let kind): kind != .hostDisconnected
            case .host(let type): type.fuzzedByChaos
            }
        }
    }

    /// The next command.
    mutating func nextCommand() -> RoomCommand {
        guard let room else { return .tick }
        let choices = Kind.allCases.map(Choice.room) + ClientCommands.all.map(Choice.host)
        // A greedy game only plays: nothing that would cost the one player their run of stakes.
        let plays: Set<Kind> = [.tick, .join, .answer, .wager]
        let weights = choices.map { choice in
            switch choice {
            case .room(let kind): !greedy || plays.contains(kind) ? weight(kind, in: room) : 0
            case .host(let type): !greedy || type.fuzzedWhenGreedy ? type.fuzzWeight(in: room, by: self) : 0
            }
        }
        let choice = source.chance(chaos) ? source.pick(choices.filter(\.byChaos)) : choices[source.weighted(weights)]
        switch choice {
        case .room(let kind): return command(kind, in: room)
        case .host(let type): return hostCommand(type, in: room)
        }
    }

    /// A host command of `type` as the app runs it: an app command becomes the room command the app would run.
    private mutating func hostCommand(_ type: any ClientCommand.Type, in room: Room) -> RoomCommand {
        let command = type.fuzzed(in: room, by: &self)
        if let app = command as? any FuzzedAppCommand { return app.fuzzRoomCommand(in: room) ?? .tick }
        // A player's command (a kind's, as buzz's press): by a player, with a round trip, often a long one.
        if type.role == .player {
            return .playerCommand(somePlayer(), AnyClientCommand(command), rttMs: source.chance(0.8) ? GameDuration(source.int(0...800)) : source.boundaryDuration())
        }
        return .hostCommand(AnyClientCommand(command))
    }

    /// How likely `kind` is now: what moves the game on is likely, everything stays possible.
    private func weight(_ kind: Kind, in room: Room) -> Int {
        let wagerRound = room.currentQuestion.map { room.pack.rounds[$0.round].wager } ?? false
        switch (room.phase, kind) {
        case (.lobby, .join): return room.players.count < (greedy ? 1 : 6) ? 30 : (greedy ? 0 : 4)
        case (.reading, .tick), (.open, .tick), (.closed, .tick), (.tiebreak, .tick): return 6
        case (_, .tick): return 2
        case (.reading, .answer): return 4
        case (.reading, .wager), (.open, .wager): return wagerRound ? 14 : 1
        case (.open, .answer): return 30
        case (.tiebreak, .tiebreakAnswer): return 20
        case (_, .join), (_, .resume), (_, .playerDisconnected): return 2
        case (_, .hostReconnect): return room.hostConnected ? 1 : 20
        case (_, .hostDisconnected), (_, .displayConnected), (_, .displayDisconnected): return 1
        default: return 0
        }
    }

    private mutating func command(_ kind: Kind, in room: Room) -> RoomCommand {
        switch kind {
        case .tick: return .tick
        case .tiebreakAnswer: return tiebreakAnswer(in: room)
        case .hostDisconnected: return .hostDisconnected
        case .hostReconnect: return .hostReconnect(tokenHash: source.chance(0.9) ? room.hostTokenHash : source.text())
        case .join: return .join(joinRequest(in: room))
        case .resume: return resume()
        case .playerDisconnected: return .playerDisconnected(somePlayer())
        case .leave: return .leave(somePlayer())
        case .answer: return .answer(somePlayer(), submission(in: room))
        case .wager: return wager(in: room)
        case .displayConnected: return .displayConnected
        case .displayDisconnected: return .displayDisconnected
        }
    }

    /// The current question's answer groups (keys), biggest first; empty for kinds without groups.
    func answerGroups(in room: Room) -> [String] {
        room.currentQuestion.flatMap { room.liveGroups(sequence: $0.sequence) }?.map(\.key) ?? []
    }

    /// A group for `merge_answers`: mostly one the players made, else what a player of the question's
    /// kind might answer (its module's fuzz answer, as text), or anything.
    mutating func groupName(in room: Room) -> String {
        let groups = answerGroups(in: room)
        if !groups.isEmpty, source.chance(0.7) { return source.pick(groups) }
        guard let current = room.currentQuestion, source.chance(0.8) else { return source.text() }
        let question = room.question(current)
        let answer = question.kind.module.fuzzAnswer(question.content, permutation: current.permutation, source: &source)
        // Only a kind that groups its answers by a key has groups to name (a fuzzed pin is no text).
        guard question.kind.module.comparisonKey(answer) != nil else { return source.text() }
        return question.kind.module.answerText(answer, tiles: question.content.options)
    }

    // MARK: - Who

    /// A player's id: mostly one that joined, sometimes one that never did (0, -1, the next, Int.max, Int.min).
    mutating func somePlayer() -> PlayerID {
        let count = room?.players.count ?? 0
        if count > 0, greedy { return PlayerID(1) }
        if count > 0, source.chance(0.9) { return PlayerID(source.int(1...count)) }
        return PlayerID(source.pick([0, -1, count + 1, Int.max, Int.min]))
    }

    mutating func someTeam() -> TeamID {
        let count = room?.teams.count ?? 0
        if count > 0, source.chance(0.85) { return TeamID(source.int(1...count)) }
        return TeamID(source.pick([0, -1, count + 1, Int.max, Int.min]))
    }

    /// A nickname or team name: mostly short ones that collide, sometimes anything.
    mutating func name() -> String {
        if source.chance(0.6) { return source.pick(FuzzSource.names) }
        if source.chance(0.5) { return "\(source.pick(FuzzSource.names)) \(source.int(1...99))" }
        return source.text()
    }

    private mutating func joinRequest(in room: Room) -> JoinRequest {
        counter += 1
        var team: String?
        if !room.settings.teams.isEmpty, source.chance(0.8) {
            team = source.pick(room.settings.teams)
        } else if source.chance(0.4) {
            team = source.chance(0.7) ? source.pick(["The Owls", "Owls", "the owls", "Foxes", "Table 1"]) : source.text()
        }
        let device = source.chance(0.5) ? "device-\(source.int(1...8))" : nil
        return JoinRequest(nickname: name(), team: team, deviceID: device, resumeTokenHash: "token-\(counter)")
    }

    /// A resume with the newest token, an older one, or one never handed out.
    private mutating func resume() -> RoomCommand {
        counter += 1
        let fresh = source.chance(0.8) ? "token-\(counter)" : nil
        guard !tokens.isEmpty, source.chance(0.85) else { return .resume(tokenHash: source.text(), newTokenHash: fresh) }
        let held = tokens[tokens.keys.sorted { $0.rawValue < $1.rawValue }[source.int(0...tokens.count - 1)]]!
        let hash = source.chance(0.8) ? held.last! : source.pick(held)
        return .resume(tokenHash: hash, newTokenHash: fresh)
    }

    // MARK: - Answers

    /// An answer to the current question, mostly of its kind and often right; any question number now and then.
    private mutating func submission(in room: Room) -> AnswerSubmission {
        let current = room.currentQuestion
        let sequence = current.map { source.chance(0.9) ? $0.sequence : $0.sequence &+ source.pick([-1, 1, Int.max, Int.min]) } ?? source.boundaryInt()
        var written: [GameInstant] = [0, now]
        if let current { written += [current.shownAt, current.opensAt, current.opensAt - 1, max(0, now - 1500)] }
        return AnswerSubmission(question: sequence, value: answerValue(in: room), writtenAt: source.pick(written), rttMs: source.chance(0.7) ? GameDuration(source.int(0...400)) : source.boundaryDuration())
    }

    /// An answer to the current question by its kind (`QuestionKindModule.fuzzAnswer`), now and then one of any kind.
    mutating func answerValue(in room: Room) -> AnswerValue {
        guard let current = room.currentQuestion, source.chance(0.9) else { return anyAnswer() }
        let question = room.question(current)
        let module = question.kind.module
        if greedy, source.chance(0.95) { return module.rightAnswer(question.content, permutation: current.permutation) }
        return module.fuzzAnswer(question.content, permutation: current.permutation, source: &source)
    }

    private mutating func anyAnswer() -> AnswerValue {
        source.pick(QuestionKind.allCases).module.wildAnswer(source: &source)
    }

    /// Typed text: an accepted answer as a player might type it, or anything.
    mutating func answerText(in room: Room) -> String {
        let accepted = room.currentQuestion.flatMap { room.question($0).content.acceptedAnswers }
        return TypedText.fuzzTyped(accepted: accepted, source: &source)
    }

    /// A stake: the most allowed, one more, nothing, or a boundary.
    private mutating func wager(in room: Room) -> RoomCommand {
        let id = somePlayer()
        let sequence = room.currentQuestion.map { source.chance(0.9) ? $0.sequence : source.boundaryInt() } ?? source.boundaryInt()
        var amount = source.boundaryInt()
        if let current = room.currentQuestion, let player = room.players[id], source.chance(0.8) {
            let competitor: Competitor = player.team.map(Competitor.team) ?? .player(id)
            let max = room.maxWager(for: competitor, question: room.question(current))
            amount = greedy && source.chance(0.95) ? max : source.pick([max, max, max, max &+ 1, 0, max / 2, -1])
        }
        return .wager(id, question: sequence, amount: amount)
    }

    // MARK: - Tiebreaks

    private mutating func tiebreakAnswer(in room: Room) -> RoomCommand {
        var id = somePlayer()
        if let tiebreak = room.tiebreaks.last, !tiebreak.competitors.isEmpty, source.chance(0.8) {
            switch source.pick(tiebreak.competitors) {
            case .player(let player): id = player
            case .team(let team): id = room.players.values.first { $0.team == team && $0.isRanked }?.id ?? id
            }
        }
        let writtenAt: GameInstant = source.chance(0.8) ? 0 : source.pick([now, now - 1])
        return .tiebreakAnswer(id, value: tiebreakNumber(), writtenAt: writtenAt, rttMs: source.chance(0.8) ? 0 : source.boundaryDuration())
    }

    /// A tiebreak's answer or a guess at it.
    private mutating func tiebreakNumber() -> Double {
        source.chance(0.5) ? Double(source.int(0...200)) : source.boundaryDouble(nonFinite: source.chance(0.1))
    }
}

/// The game is what command generators draw from (`ClientCommand.fuzzed`).
extension FuzzGame: CommandFuzzer {
    mutating func chance(_ p: Double) -> Bool { source.chance(p) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { source.int(range) }
    mutating func bool() -> Bool { source.bool() }
    mutating func pick<T>(_ choices: [T]) -> T { source.pick(choices) }
    mutating func boundaryInt() -> Int { source.boundaryInt() }
    mutating func boundaryDouble() -> Double { source.boundaryDouble(nonFinite: source.chance(0.1)) }
    mutating func text() -> String { source.text() }
    mutating func player() -> PlayerID { somePlayer() }
    mutating func team() -> TeamID { someTeam() }
    var isLate: Bool { step > length }
    var isGreedy: Bool { greedy }
}
