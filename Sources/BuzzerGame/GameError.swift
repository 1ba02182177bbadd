/// Why a command was refused. A refused command changes nothing. Each case's code (a stable snake_case
/// string for protocol `error` messages) and sentence for people are written once, in `definition`.
package enum GameError: DefinedError, Equatable {
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
    /// A question kind's own refusal (`QuestionKindModule`), its code and message defined in the kind's files.
    case kind(ErrorDefinition)
    /// A room mechanic's command with nothing to do now (`reason` says why: no hint left).
    case unavailable(String)
    /// The room has logged `max` events of this host-driven kind (`HostLimits`); nothing was changed.
    case limitReached(kind: HostEventKind, max: Int)

    /// The one place each case's code and message are written (`code` and `description` derive from it).
    package var definition: ErrorDefinition {
        switch self {
        case .invalidPack(let errors): .init(.invalidPack, "The question pack has problems:\n\(errors)")
        case .invalidSettings(let reason): .init(.invalidSettings, "The room settings are invalid: \(reason).")
        case .invalidLeague(let reason): .init(.invalidLeague, "The league is invalid: \(reason).")
        case .roomEnded: .init(.roomEnded, "This game has ended.")
        case .roomLocked: .init(.roomLocked, "The host has locked this room; no new players can join.")
        case .roomFull(let max): .init(.roomFull, "The room is full (\(max) players).")
        case .noSeatsLeft(let max): .init(.roomFull, "The room has given out all its \(max) seats, counting players who left; only players coming back can join.")
        case .tooManyTeams(let max): .init(.roomFull, "The room already has \(max) teams; join one of them.")
        case .lateJoinDisabled: .init(.lateJoinDisabled, "The game has started and this room does not allow late joining.")
        case .nameInvalid(let reason): .init(.nameInvalid, "That name is not allowed: \(reason).")
        case .nameTaken: .init(.nameTaken, "Someone in this room already has that name.")
        case .nameBlocked: .init(.nameBlocked, "That name is not allowed in this room.")
        case .banned: .init(.banned, "You have been banned from this room.")
        case .kicked: .init(.kicked, "You were removed from this room by the host.")
        case .unknownPlayer: .init(.unknownPlayer, "No such player in this room.")
        case .unknownTeam: .init(.unknownTeam, "No such team in this room.")
        case .teamNotListed(let names):
            .init(.teamNotListed, "Pick your team from the host's list: \(names.prefix(12).joined(separator: ", "))\(names.count > 12 ? ", …" : "").")
        case .resumeExpired: .init(.resumeExpired, "Too much time has passed to resume; join again as a new player.")
        case .notHost: .init(.notHost, "Only the host can do that.")
        case let .badPhase(command, phase): .init(.badPhase, "Cannot \(command) while the room is in the \(phase.rawValue) phase.")
        case let .wrongQuestion(expected, got):
            .init(.wrongQuestion, expected.map { "That answer is for question \(Self.number(got)), but question \(Self.number($0)) is current." }
                ?? "That answer is for question \(Self.number(got)), but no question is current.")
        case .answersNotOpen: .init(.answersNotOpen, "Answers are not open yet.")
        case .paused: .init(.paused, "The host has paused the clock: answer when it runs again.")
        case .invalidTiebreak(let reason): .init(.invalidTiebreak, "Cannot start that tiebreak: \(reason).")
        case .notInTiebreak: .init(.notInTiebreak, "This tiebreak is for the tied players only: watch the big screen.")
        case .cannotChangeClock(let reason): .init(.cannotChangeClock, "Cannot do that: \(reason).")
        case .questionClosed: .init(.questionClosed, "This question is closed.")
        case .lateAnswer(let byMs): .init(.lateAnswer, "Your answer arrived \(byMs) ms after the deadline.")
        case .alreadyAnswered: .init(.alreadyAnswered, "You have already answered this question.")
        case .teamAnswered(let by): .init(.teamAnswered, "\(by) already answered for your team.")
        case .teamWagerPlaced(let amount, let by): .init(.teamWagerPlaced, "\(by) already staked \(amount) for your team.")
        case .invalidAnswer(let reason): .init(.invalidAnswer, "That answer is not valid: \(reason).")
        case .notWagerRound: .init(.notWagerRound, "This question is not in a wager round.")
        case .invalidWager(let max): .init(.invalidWager, "The wager must be between 0 and \(max).")
        case .unknownQuestion(let sequence): .init(.unknownQuestion, "Question \(Self.number(sequence)) has not been asked.")
        case .cannotAccept(let reason): .init(.cannotAccept, "Cannot accept that answer: \(reason).")
        case .cannotReject(let reason): .init(.cannotReject, "Cannot reject that answer: \(reason).")
        case .cannotMerge(let reason): .init(.cannotMerge, "Cannot merge those answers: \(reason).")
        case .invalidScoreAdjustment(let reason): .init(.invalidScoreAdjustment, "Cannot adjust the score: \(reason).")
        case .invalidReason(let reason): .init(.invalidReason, "That reason cannot be sent: \(reason).")
        case .onBreak(let command): .init(.onBreak, "Cannot \(command) during the break: the next round has not started yet.")
        case .invalidBreak(let reason): .init(.invalidBreak, "Cannot change the break's countdown: \(reason).")
        case .kind(let definition): definition
        case .unavailable(let reason): .init(.unavailable, "Not available now: \(reason).")
        case let .limitReached(kind, max):
            .init(.limitReached, "This game has had its \(max) \(kind.noun) (the server's game.hostLimits.\(kind.rawValue)); nothing was changed.")
        case .notReplayable(let reason): .init(.notReplayable, "The event log cannot be replayed: \(reason).")
        }
    }

    /// A question's number as people count it (sequence + 1), saturating: a refused sequence may be the
    /// sender's own value, and writing it back must never trap.
    private static func number(_ sequence: Int) -> Int { sequence < .max ? sequence + 1 : sequence }
}
