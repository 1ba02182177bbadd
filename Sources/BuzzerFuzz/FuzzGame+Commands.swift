import BuzzerApp
import BuzzerGame

/// Commands to send: every kind in every phase, weighted so that games also move on (joins in the
/// lobby, answers while open, `next` after a reveal), with boundary values in every field.
extension FuzzGame {
    enum Kind: CaseIterable {
        case tick, start, next, close, reveal, showLeaderboard, end, pauseClock, resumeClock, addTime, skip, reopen, undoReveal
        case startTiebreak, tiebreakAnswer, kick, rename, renameTeam, mergeTeams, movePlayer, setLocked, adjustScore, accept, reject, mergeAnswers
        case hostDisconnected, hostReconnect, join, resume, playerDisconnected, leave, answer, wager, displayConnected, displayDisconnected
        case breakCountdown, buzz, openBuzzers, markBuzz
    }

    /// The next command.
    mutating func nextCommand() -> RoomCommand {
        guard let room else { return .tick }
        let kinds = Kind.allCases
        // A greedy game only plays: nothing that would cost the one player their run of stakes.
        // A buzz question that waits for the host is opened: the game would otherwise stay in its reading time.
        let plays: Set<Kind> = [.tick, .start, .next, .close, .reveal, .join, .answer, .wager, .openBuzzers, .buzz]
        let weights = kinds.map { !greedy || plays.contains($0) ? weight($0, in: room) : 0 }
        // Chaos neither ends the game nor sends the host away: games would be short.
        let kind = source.chance(chaos) ? source.pick(kinds.filter { $0 != .end && $0 != .hostDisconnected }) : kinds[source.weighted(weights)]
        return command(kind, in: room)
    }

    /// How likely `kind` is now: what moves the game on is likely, everything stays possible.
    private func weight(_ kind: Kind, in room: Room) -> Int {
        let wagerRound = room.currentQuestion.map { room.pack.rounds[$0.round].wager } ?? false
        let late = step > length
        switch (room.phase, kind) {
        case (_, .end): return late ? 50 : 0
        case (.lobby, .join): return room.players.count < (greedy ? 1 : 6) ? 30 : (greedy ? 0 : 4)
        case (.lobby, .start): return room.players.isEmpty ? (greedy ? 0 : 1) : 8
        case (.reading, .tick), (.open, .tick), (.closed, .tick), (.tiebreak, .tick): return 6
        case (_, .tick): return 2
        case (.reading, .answer): return 4
        case (.reading, .wager), (.open, .wager): return wagerRound ? 14 : 1
        case (.open, .answer): return 30
        case (.open, .close): return 2
        case (.open, .reveal): return 3
        case (.reading, .pauseClock), (.open, .pauseClock), (.reading, .resumeClock), (.open, .resumeClock): return 2
        case (.reading, .addTime), (.open, .addTime): return 2
        case (.reading, .skip), (.open, .skip), (.closed, .skip): return 1
        case (.closed, .reveal): return 12
        case (.closed, .reopen): return 3
        case (.revealed, .next): return 14
        case (.onBreak, .next): return 14
        case (.onBreak, .breakCountdown): return 4
        case (.revealed, .showLeaderboard): return 3
        case (.revealed, .undoReveal): return 2
        case (.revealed, .accept): return 3
        case (.revealed, .reject), (.leaderboard, .reject): return hostAccepted(in: room).isEmpty ? 1 : 6
        case (.open, .mergeAnswers), (.closed, .mergeAnswers): return answerGroups(in: room).count >= 2 ? 40 : 1
        case (_, .mergeAnswers): return 1
        case (.leaderboard, .next): return room.isOnLastQuestion ? 2 : 14
        case (.leaderboard, .startTiebreak): return room.isOnLastQuestion ? 12 : 1
        case (.tiebreak, .tiebreakAnswer): return 20
        case (.tiebreak, .close): return 2
        // False starts, and presses again after one (`locked_out`), while a buzz question is read out.
        case (.reading, .buzz): return isBuzz(room) ? 16 : 1
        case (.open, .buzz): return isBuzz(room) ? 30 : 1
        case (.reading, .openBuzzers): return isBuzz(room) ? 4 : 1
        case (.open, .markBuzz), (.closed, .markBuzz): return isBuzz(room) ? 10 : 1
        case (_, .join), (_, .resume), (_, .playerDisconnected): return 2
        case (_, .adjustScore), (_, .kick), (_, .rename), (_, .movePlayer), (_, .renameTeam), (_, .mergeTeams): return 1
        case (_, .hostReconnect): return room.hostConnected ? 1 : 20
        case (_, .hostDisconnected), (_, .displayConnected), (_, .displayDisconnected): return 1
        default: return 0
        }
    }

    private mutating func command(_ kind: Kind, in room: Room) -> RoomCommand {
        switch kind {
        case .tick: return .tick
        case .start: return .start
        case .next: return .next
        case .close: return .close
        case .reveal: return .reveal
        case .showLeaderboard: return .showLeaderboard
        case .end: return .end
        case .pauseClock: return .pauseClock
        case .resumeClock: return .resumeClock
        case .addTime: return .addTime(ms: extraTime())
        case .skip: return .skip
        case .reopen: return .reopen(ms: extraTime())
        case .undoReveal: return .undoReveal
        case .startTiebreak: return .startTiebreak(tiebreakRequest(in: room))
        case .tiebreakAnswer: return tiebreakAnswer(in: room)
        case .kick:
            return .kick(somePlayer(), ban: source.bool(), reason: source.chance(0.5) ? nil : source.chance(0.8) ? source.text() : String(repeating: "x", count: source.pick([200, 201])))
        case .rename: return .rename(somePlayer(), nickname: name())
        case .renameTeam: return .renameTeam(someTeam(), name: name())
        case .mergeTeams: return .mergeTeams(from: someTeam(), into: someTeam())
        case .movePlayer: return .movePlayer(somePlayer(), team: source.chance(0.2) ? nil : someTeam())
        case .setLocked: return .setLocked(source.chance(0.3))
        case .adjustScore:
            let target: ScoreTarget = source.bool() ? .player(somePlayer()) : .team(someTeam())
            return .adjustScore(target, delta: source.chance(0.5) ? source.boundaryInt() : source.int(-1000...1000), reason: source.chance(0.8) ? "bonus" : source.text())
        case .accept:
            let sequence = source.chance(0.8) ? (room.currentQuestion?.sequence ?? 0) : source.boundaryInt()
            // Mostly an answer a player gave, the only kind the room takes (and what the console offers).
            let typed = room.asked.indices.contains(sequence) ? room.typedAnswers(sequence: sequence).map(\.text) : []
            return .accept(question: sequence, text: !typed.isEmpty && source.chance(0.7) ? source.pick(typed) : answerText(in: room))
        case .reject:
            let sequence = source.chance(0.9) ? (room.currentQuestion?.sequence ?? 0) : source.boundaryInt()
            let taken = hostAccepted(in: room)
            return .reject(question: sequence, text: !taken.isEmpty && source.chance(0.7) ? source.pick(taken) : answerText(in: room))
        case .mergeAnswers:
            let sequence = source.chance(0.9) ? (room.currentQuestion?.sequence ?? 0) : source.boundaryInt()
            return .mergeAnswers(question: sequence, from: groupName(in: room), into: groupName(in: room))
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
        case .buzz:
            let sequence = source.chance(0.9) ? (room.currentQuestion?.sequence ?? 0) : source.boundaryInt()
            return .buzz(somePlayer(), question: sequence, rttMs: source.chance(0.8) ? GameDuration(source.int(0...800)) : source.boundaryDuration())
        case .openBuzzers: return .openBuzzers
        case .markBuzz: return .markBuzz(right: source.chance(0.4))
        case .breakCountdown:
            if source.chance(0.3) { return .breakCountdown(.endNow) }
            return .breakCountdown(.add(ms: source.chance(0.7) ? GameDuration(source.int(1...60)).times(60_000) : GameDuration(source.boundaryInt())))
        }
    }

    /// Whether the current question is a buzz question (the buzzer's commands are likely then).
    private func isBuzz(_ room: Room) -> Bool {
        room.currentQuestion.map { room.question($0).kind == .buzz } ?? false
    }

    /// The current survey's answer groups (keys), biggest first; empty for other questions.
    func answerGroups(in room: Room) -> [String] {
        room.currentQuestion.flatMap { room.liveGroups(sequence: $0.sequence) }?.map(\.key) ?? []
    }

    /// A group for `merge_answers`: mostly one the players made, else what a player might type.
    mutating func groupName(in room: Room) -> String {
        let groups = answerGroups(in: room)
        if !groups.isEmpty, source.chance(0.7) { return source.pick(groups) }
        return SurveyKind.fuzzTyped(room.currentQuestion.map { room.question($0).content }, source: &source)
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
    private mutating func answerValue(in room: Room) -> AnswerValue {
        guard let current = room.currentQuestion, source.chance(0.9) else { return anyAnswer() }
        let question = room.question(current)
        let module = question.kind.module
        if greedy, source.chance(0.95) { return module.rightAnswer(question.content, permutation: current.permutation) }
        return module.fuzzAnswer(question.content, permutation: current.permutation, source: &source)
    }

    private mutating func anyAnswer() -> AnswerValue {
        source.pick(QuestionKind.allCases).module.wildAnswer(source: &source)
    }

    /// The answers the host accepted for the current question, which a `reject` can take back.
    private func hostAccepted(in room: Room) -> [String] {
        room.currentQuestion?.acceptedExtra ?? []
    }

    /// Typed text: an accepted answer as a player might type it, or anything.
    private mutating func answerText(in room: Room) -> String {
        let accepted = room.currentQuestion.flatMap { room.question($0).content.acceptedAnswers }
        return TextKind.fuzzTyped(accepted: accepted, source: &source)
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

    /// Extra time for the run of show: in range (1-600 s) or just outside it, or a boundary.
    private mutating func extraTime() -> GameDuration {
        source.chance(0.6) ? source.pick([1000, 10_000, 600_000, 999, 600_001]) : source.boundaryDuration()
    }

    // MARK: - Tiebreaks

    /// Mostly a tiebreak the room should start: everyone level on one score (players or teams).
    private mutating func tiebreakRequest(in room: Room) -> TiebreakRequest {
        var players: [PlayerID] = [], teams: [TeamID] = []
        let standings = room.standings
        if source.chance(0.3), let team = standings.teams.first(where: { row in standings.teams.filter { $0.score == row.score }.count > 1 }) {
            teams = standings.teams.filter { $0.score == team.score }.map(\.team)
        } else if let row = standings.players.first(where: { row in standings.players.filter { $0.score == row.score }.count > 1 }) {
            players = standings.players.filter { $0.score == row.score }.map(\.player)
        } else {
            players = [somePlayer(), somePlayer()]
        }
        if source.chance(0.1) { players.append(somePlayer()) }
        let text = source.chance(0.8) ? "How many keys has a piano?" : source.text()
        let seconds = source.chance(0.8) ? source.int(5...60) : source.boundaryInt()
        return TiebreakRequest(text: text, answer: tiebreakNumber(), seconds: seconds, players: players, teams: teams)
    }

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
