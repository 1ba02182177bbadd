/// Why a command was refused. A refused command changes nothing. `code` is a stable
/// snake_case string for protocol `error` messages; `description` is a sentence for people.
package enum GameError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidPack(QuestionPackErrors)
    case invalidSettings(String)
    /// A league id or name outside its range (docs/league.md).
    case invalidLeague(String)
    case roomEnded
    case roomLocked
    case roomFull(max: Int)
    /// Every seat the room hands out (`RoomSettings.seatLimit`) is taken, left players' included.
    case noSeatsLeft(max: Int)
    /// Players have created `RoomSettings.maxTeams` teams: a join must name one of them.
    case tooManyTeams(max: Int)
    case lateJoinDisabled
    case nameInvalid(String)
    case nameTaken
    case nameBlocked
    case banned
    case kicked
    case unknownPlayer
    case unknownTeam
    /// The host set a team list and the join named none of it.
    case teamNotListed([String])
    case resumeExpired
    case notHost
    case badPhase(command: String, phase: RoomPhase)
    case wrongQuestion(expected: Int?, got: Int)
    case answersNotOpen
    /// The host has stopped the clock.
    case paused
    /// A tiebreak the room cannot start as asked (`reason` says why).
    case invalidTiebreak(String)
    /// This player is not one of the tiebreak's.
    case notInTiebreak
    /// A run-of-show change the question's state does not allow (`reason` says why).
    case cannotChangeClock(String)
    case questionClosed
    case lateAnswer(byMs: GameDuration)
    case alreadyAnswered
    /// Team mode: a teammate's answer is the team's.
    case teamAnswered(by: String)
    /// The team's stake is placed, by someone else.
    case teamWagerPlaced(amount: Int, by: String)
    case invalidAnswer(String)
    case notWagerRound
    case invalidWager(max: Int)
    case unknownQuestion(Int)
    case cannotAccept(String)
    /// A `reject` of an answer the host never accepted (`reason` says why).
    case cannotReject(String)
    /// A `merge_answers` the question does not allow (`reason` says why).
    case cannotMerge(String)
    case invalidScoreAdjustment(String)
    case notReplayable(String)
    /// A removal reason the player would see is too long.
    case invalidReason(String)
    /// The room is on a break between rounds: nothing about a question can happen until the round starts.
    case onBreak(command: String)
    /// A change to a break's countdown out of range (`reason` says why).
    case invalidBreak(String)
    /// A buzz: this player or team false-started or answered wrong, and may not press again on this question.
    case lockedOut
    /// `mark_buzz` with nobody on the floor (no press yet, the floor not given yet, or not a buzz question).
    case noFloor
    /// The room has logged `max` events of this host-driven kind (`HostLimits`); nothing was changed.
    case limitReached(kind: HostEventKind, max: Int)

    /// Stable machine-readable code.
    package var code: ProtocolErrorCode {
        switch self {
        case .invalidPack: .invalidPack
        case .invalidSettings: .invalidSettings
        case .invalidLeague: .invalidLeague
        case .roomEnded: .roomEnded
        case .roomLocked: .roomLocked
        case .roomFull, .noSeatsLeft, .tooManyTeams: .roomFull
        case .lateJoinDisabled: .lateJoinDisabled
        case .nameInvalid: .nameInvalid
        case .nameTaken: .nameTaken
        case .nameBlocked: .nameBlocked
        case .banned: .banned
        case .kicked: .kicked
        case .unknownPlayer: .unknownPlayer
        case .unknownTeam: .unknownTeam
        case .teamNotListed: .teamNotListed
        case .resumeExpired: .resumeExpired
        case .notHost: .notHost
        case .badPhase: .badPhase
        case .wrongQuestion: .wrongQuestion
        case .answersNotOpen: .answersNotOpen
        case .paused: .paused
        case .invalidTiebreak: .invalidTiebreak
        case .notInTiebreak: .notInTiebreak
        case .cannotChangeClock: .cannotChangeClock
        case .questionClosed: .questionClosed
        case .lateAnswer: .lateAnswer
        case .alreadyAnswered: .alreadyAnswered
        case .teamAnswered: .teamAnswered
        case .teamWagerPlaced: .teamWagerPlaced
        case .invalidAnswer: .invalidAnswer
        case .notWagerRound: .notWagerRound
        case .invalidWager: .invalidWager
        case .unknownQuestion: .unknownQuestion
        case .cannotAccept: .cannotAccept
        case .cannotReject: .cannotReject
        case .cannotMerge: .cannotMerge
        case .invalidScoreAdjustment: .invalidScoreAdjustment
        case .invalidReason: .invalidReason
        case .onBreak: .onBreak
        case .invalidBreak: .invalidBreak
        case .lockedOut: .lockedOut
        case .noFloor: .noFloor
        case .limitReached: .limitReached
        case .notReplayable: .notReplayable
        }
    }

    package var description: String {
        switch self {
        case .invalidPack(let errors): "The question pack has problems:\n\(errors)"
        case .invalidSettings(let reason): "The room settings are invalid: \(reason)."
        case .invalidLeague(let reason): "The league is invalid: \(reason)."
        case .roomEnded: "This game has ended."
        case .roomLocked: "The host has locked this room; no new players can join."
        case .roomFull(let max): "The room is full (\(max) players)."
        case .noSeatsLeft(let max): "The room has given out all its \(max) seats, counting players who left; only players coming back can join."
        case .tooManyTeams(let max): "The room already has \(max) teams; join one of them."
        case .lateJoinDisabled: "The game has started and this room does not allow late joining."
        case .nameInvalid(let reason): "That name is not allowed: \(reason)."
        case .nameTaken: "Someone in this room already has that name."
        case .nameBlocked: "That name is not allowed in this room."
        case .banned: "You have been banned from this room."
        case .kicked: "You were removed from this room by the host."
        case .unknownPlayer: "No such player in this room."
        case .unknownTeam: "No such team in this room."
        case .teamNotListed(let names):
            "Pick your team from the host's list: \(names.prefix(12).joined(separator: ", "))\(names.count > 12 ? ", …" : "")."
        case .resumeExpired: "Too much time has passed to resume; join again as a new player."
        case .notHost: "Only the host can do that."
        case let .badPhase(command, phase): "Cannot \(command) while the room is in the \(phase.rawValue) phase."
        case let .wrongQuestion(expected, got):
            if let expected { "That answer is for question \(got + 1), but question \(expected + 1) is current." }
            else { "That answer is for question \(got + 1), but no question is current." }
        case .answersNotOpen: "Answers are not open yet."
        case .paused: "The host has paused the clock: answer when it runs again."
        case .invalidTiebreak(let reason): "Cannot start that tiebreak: \(reason)."
        case .notInTiebreak: "This tiebreak is for the tied players only: watch the big screen."
        case .cannotChangeClock(let reason): "Cannot do that: \(reason)."
        case .questionClosed: "This question is closed."
        case .lateAnswer(let byMs): "Your answer arrived \(byMs) ms after the deadline."
        case .alreadyAnswered: "You have already answered this question."
        case .teamAnswered(let by): "\(by) already answered for your team."
        case .teamWagerPlaced(let amount, let by): "\(by) already staked \(amount) for your team."
        case .invalidAnswer(let reason): "That answer is not valid: \(reason)."
        case .notWagerRound: "This question is not in a wager round."
        case .invalidWager(let max): "The wager must be between 0 and \(max)."
        case .unknownQuestion(let sequence): "Question \(sequence + 1) has not been asked."
        case .cannotAccept(let reason): "Cannot accept that answer: \(reason)."
        case .cannotReject(let reason): "Cannot reject that answer: \(reason)."
        case .cannotMerge(let reason): "Cannot merge those answers: \(reason)."
        case .invalidScoreAdjustment(let reason): "Cannot adjust the score: \(reason)."
        case .invalidReason(let reason): "That reason cannot be sent: \(reason)."
        case .onBreak(let command): "Cannot \(command) during the break: the next round has not started yet."
        case .invalidBreak(let reason): "Cannot change the break's countdown: \(reason)."
        case .lockedOut: "You are locked out of this question (a false start or a wrong answer)."
        case .noFloor: "Nobody has the floor to mark: wait for a buzz, or for the floor to be given."
        case let .limitReached(kind, max):
            "This game has had its \(max) \(kind.noun) (the server's game.hostLimits.\(kind.rawValue)); nothing was changed."
        case .notReplayable(let reason): "The event log cannot be replayed: \(reason)."
        }
    }
}
