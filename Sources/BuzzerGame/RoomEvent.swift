/// Every state change of a room. A room is exactly the fold of its events
/// (`Room.replay`), so the JSON Lines log alone rebuilds any game. Each event is one type
/// conforming to `RoomEventPayload` (Sources/BuzzerGame/Events/, a file each), which holds its
/// wire name, fields, `apply`, log check and publisher reaction; this enum wraps each in a case so
/// the room stores events unboxed. The register: a case here, its line in `visit` and in
/// `RoomEvents.all`, and its line in the archive codec's encode table
/// (BuzzerGameJSON/RoomEvent+Codable.swift). Every type with its fields: docs/archive-format.md.
package enum RoomEvent: Sendable, Equatable {
    case roomCreated(RoomCreated)
    case hostDisconnected(HostDisconnected)
    case hostReconnected(HostReconnected)
    case roomLockChanged(RoomLockChanged)
    case displayConnected(DisplayConnected)
    case displayDisconnected(DisplayDisconnected)
    case joinAddressSet(JoinAddressSet)
    case teamCreated(TeamCreated)
    case playerJoined(PlayerJoined)
    case playerDisconnected(PlayerDisconnected)
    case playerReconnected(PlayerReconnected)
    case playerLeft(PlayerLeft)
    case playerKicked(PlayerKicked)
    case playerRenamed(PlayerRenamed)
    case teamRenamed(TeamRenamed)
    case teamsMerged(TeamsMerged)
    case playerMoved(PlayerMoved)
    case questionShown(QuestionShown)
    case answersOpened(AnswersOpened)
    case wagerPlaced(WagerPlaced)
    case answerRecorded(AnswerRecorded)
    case answersClosed(AnswersClosed)
    case clockPaused(ClockPaused)
    case clockResumed(ClockResumed)
    case timeAdded(TimeAdded)
    case questionSkipped(QuestionSkipped)
    case answersReopened(AnswersReopened)
    case revealUndone(RevealUndone)
    case questionRevealed(QuestionRevealed)
    case answerAccepted(AnswerAccepted)
    case answerRejected(AnswerRejected)
    case scoreAdjusted(ScoreAdjusted)
    case leaderboardShown(LeaderboardShown)
    case tiebreakStarted(TiebreakStarted)
    case tiebreakAnswered(TiebreakAnswered)
    case tiebreakEnded(TiebreakEnded)
    case breakStarted(BreakStarted)
    case breakCountdownChanged(BreakCountdownChanged)
    case roomEnded(RoomEnded)
    case gameCorrected(GameCorrected)
    /// A room mechanic's event (`ExtensionEvent`), boxed: such events are rare.
    case extended(AnyExtensionEvent)

    /// Runs `V` on the event's own payload type: the one switch over the cases.
    @inline(__always)
    package func visit<V: RoomEventVisitor>(_: V.Type, _ subject: inout V.Subject) -> V.Result {
        switch self {
        case .roomCreated(let e): V.visit(e, &subject)
        case .hostDisconnected(let e): V.visit(e, &subject)
        case .hostReconnected(let e): V.visit(e, &subject)
        case .roomLockChanged(let e): V.visit(e, &subject)
        case .displayConnected(let e): V.visit(e, &subject)
        case .displayDisconnected(let e): V.visit(e, &subject)
        case .joinAddressSet(let e): V.visit(e, &subject)
        case .teamCreated(let e): V.visit(e, &subject)
        case .playerJoined(let e): V.visit(e, &subject)
        case .playerDisconnected(let e): V.visit(e, &subject)
        case .playerReconnected(let e): V.visit(e, &subject)
        case .playerLeft(let e): V.visit(e, &subject)
        case .playerKicked(let e): V.visit(e, &subject)
        case .playerRenamed(let e): V.visit(e, &subject)
        case .teamRenamed(let e): V.visit(e, &subject)
        case .teamsMerged(let e): V.visit(e, &subject)
        case .playerMoved(let e): V.visit(e, &subject)
        case .questionShown(let e): V.visit(e, &subject)
        case .answersOpened(let e): V.visit(e, &subject)
        case .wagerPlaced(let e): V.visit(e, &subject)
        case .answerRecorded(let e): V.visit(e, &subject)
        case .answersClosed(let e): V.visit(e, &subject)
        case .clockPaused(let e): V.visit(e, &subject)
        case .clockResumed(let e): V.visit(e, &subject)
        case .timeAdded(let e): V.visit(e, &subject)
        case .questionSkipped(let e): V.visit(e, &subject)
        case .answersReopened(let e): V.visit(e, &subject)
        case .revealUndone(let e): V.visit(e, &subject)
        case .questionRevealed(let e): V.visit(e, &subject)
        case .answerAccepted(let e): V.visit(e, &subject)
        case .answerRejected(let e): V.visit(e, &subject)
        case .scoreAdjusted(let e): V.visit(e, &subject)
        case .leaderboardShown(let e): V.visit(e, &subject)
        case .tiebreakStarted(let e): V.visit(e, &subject)
        case .tiebreakAnswered(let e): V.visit(e, &subject)
        case .tiebreakEnded(let e): V.visit(e, &subject)
        case .breakStarted(let e): V.visit(e, &subject)
        case .breakCountdownChanged(let e): V.visit(e, &subject)
        case .roomEnded(let e): V.visit(e, &subject)
        case .gameCorrected(let e): V.visit(e, &subject)
        case .extended(let e): V.visit(e.base, &subject)
        }
    }
}

/// Every room event type, by metatype: the archive's decoder, `EventRegistryTests`, the doc test
/// and `buzzer replay` iterate it.
package enum RoomEvents {
    package static let all: [any RoomEventPayload.Type] = core + QuestionKind.allCases.flatMap { kind in kind.module.events.map { $0 as any RoomEventPayload.Type } }

    /// The room's own events; each kind's follow (`QuestionKindModule.events`).
    private static let core: [any RoomEventPayload.Type] = [
        RoomCreated.self,
        HostDisconnected.self,
        HostReconnected.self,
        RoomLockChanged.self,
        DisplayConnected.self,
        DisplayDisconnected.self,
        JoinAddressSet.self,
        TeamCreated.self,
        PlayerJoined.self,
        PlayerDisconnected.self,
        PlayerReconnected.self,
        PlayerLeft.self,
        PlayerKicked.self,
        PlayerRenamed.self,
        TeamRenamed.self,
        TeamsMerged.self,
        PlayerMoved.self,
        QuestionShown.self,
        AnswersOpened.self,
        WagerPlaced.self,
        AnswerRecorded.self,
        AnswersClosed.self,
        ClockPaused.self,
        ClockResumed.self,
        TimeAdded.self,
        QuestionSkipped.self,
        AnswersReopened.self,
        RevealUndone.self,
        QuestionRevealed.self,
        AnswerAccepted.self,
        AnswerRejected.self,
        ScoreAdjusted.self,
        LeaderboardShown.self,
        TiebreakStarted.self,
        TiebreakAnswered.self,
        TiebreakEnded.self,
        BreakStarted.self,
        BreakCountdownChanged.self,
        RoomEnded.self,
        GameCorrected.self,
    ] + RoomMechanics.events.map { $0 as any RoomEventPayload.Type }

    /// The type a line's `type` names, by one hash lookup (the league's fast path skips four lines
    /// in five on it); nil for a name no event has.
    package static func type(named wireName: String) -> (any RoomEventPayload.Type)? {
        byWireName[wireName]
    }

    private static let byWireName: [String: any RoomEventPayload.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.wireName, $0) })
}
