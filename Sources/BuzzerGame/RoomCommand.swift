/// Something someone asks a room to do. The app decides who may send what (only the host's
/// authenticated connection sends host commands) and passes secrets only as hashes.
package enum RoomCommand: Sendable, Equatable {
    /// A host's command: each is its own type (`ClientCommand`), listed in the app's `ClientCommands.all`.
    case hostCommand(AnyClientCommand)
    case hostDisconnected
    case hostReconnect(tokenHash: String)
    /// Where players join: the host's pick among the addresses offered (`RoomJoinAddress`).
    case setJoinAddress(RoomJoinAddress)

    // Players.
    case join(JoinRequest)
    /// Resume with the hash of the token from an earlier join; `newTokenHash` rotates it.
    case resume(tokenHash: String, newTokenHash: String?)
    case playerDisconnected(PlayerID)
    case leave(PlayerID)
    case answer(PlayerID, AnswerSubmission)
    case wager(PlayerID, question: Int, amount: Int)
    case tiebreakAnswer(PlayerID, value: Double, writtenAt: GameInstant, rttMs: GameDuration)
    /// A player's command of its own type (`PlayerClientCommand`, a kind's), with the connection's RTT when it arrived.
    case playerCommand(PlayerID, AnyClientCommand, rttMs: GameDuration)

    // Displays (read-only screens, counted only).
    case displayConnected
    case displayDisconnected

    /// Emit whatever timers are due; nothing else.
    case tick

    /// Whether a break between rounds refuses it (`on_break`): everything about a question waits for the
    /// round to start. Joining, moderation, scores and a late `accept` (the earlier reveals stand) go on.
    package var waitsForTheRound: Bool {
        switch self {
        case .hostCommand(let command): command.type.waitsForTheRound
        case .playerCommand(_, let command, _): command.type.waitsForTheRound
        case .answer, .wager, .tiebreakAnswer: true
        case .hostDisconnected, .hostReconnect, .setJoinAddress, .join, .resume, .playerDisconnected, .leave, .displayConnected,
             .displayDisconnected, .tick:
            false
        }
    }

    /// A short name for `bad_phase` messages.
    package var name: String {
        switch self {
        case .hostCommand(let command): command.type.title
        case .playerCommand(_, let command, _): command.type.title
        case .tiebreakAnswer: "answer the tiebreak"
        case .hostDisconnected, .hostReconnect: "reconnect"
        case .setJoinAddress: "choose the join address"
        case .join: "join"
        case .resume: "resume"
        case .playerDisconnected, .leave: "leave"
        case .answer: "answer"
        case .wager: "wager"
        case .displayConnected, .displayDisconnected: "watch"
        case .tick: "tick"
        }
    }

    /// A host command as the room runs it.
    package static func host(_ command: some ClientCommand) -> RoomCommand { .hostCommand(AnyClientCommand(command)) }
}

/// What the host asks for a tiebreak.
package struct TiebreakRequest: Sendable, Equatable {
    package var text: String
    package var answer: Double
    package var seconds: Int
    package var players: [PlayerID]
    package var teams: [TeamID]

    package init(text: String, answer: Double, seconds: Int = 30, players: [PlayerID] = [], teams: [TeamID] = []) {
        self.text = text
        self.answer = answer
        self.seconds = seconds
        self.players = players
        self.teams = teams
    }
}

/// Whose score a host adjustment changes.
package enum ScoreTarget: Sendable, Equatable {
    case player(PlayerID)
    case team(TeamID)
}

/// A join attempt; the app has already checked the room code.
package struct JoinRequest: Sendable, Equatable {
    package var nickname: String
    package var team: String?
    package var deviceID: String?
    /// SHA-256 hex of the resume token the app generated for this player.
    package var resumeTokenHash: String

    package init(nickname: String, team: String? = nil, deviceID: String? = nil, resumeTokenHash: String) {
        self.nickname = nickname
        self.team = team
        self.deviceID = deviceID
        self.resumeTokenHash = resumeTokenHash
    }
}

/// A player's answer with the timing facts the app measured.
package struct AnswerSubmission: Sendable, Equatable {
    /// Sequence number of the question this answers.
    package var question: Int
    /// In displayed (possibly shuffled) option positions.
    package var value: AnswerValue
    /// When the question was written to this player's socket.
    package var writtenAt: GameInstant
    /// The connection's latest round-trip time estimate, ms (0 if unknown).
    package var rttMs: GameDuration

    package init(question: Int, value: AnswerValue, writtenAt: GameInstant, rttMs: GameDuration = 0) {
        self.question = question
        self.value = value
        self.writtenAt = writtenAt
        self.rttMs = rttMs
    }
}
