import BuzzerGame

/// The registry of server messages: every `ServerMessageBody` type, once, in docs/protocol-server.md's
/// order, then the ones each registered question kind declares (`QuestionKindModule.serverMessages`).
/// `ProtocolDocTests`, `WireNameTests`, `ReducerRegistryTests` (the pages' reducer reads each and no
/// other) and `ServerMessageRegistryTests` iterate it, so a new message is its own file plus its line
/// here (docs/architecture.md, "Adding a server message").
package enum ServerMessages {
    package static let all: [any ServerMessageBody.Type] = shared + QuestionKind.allCases.flatMap { kind in kind.module.serverMessages }

    /// The messages of every game, whatever its kinds.
    private static let shared: [any ServerMessageBody.Type] = [
        CreatedPayload.self, JoinedPayload.self, HostingPayload.self, WatchingPayload.self, JoinAddressPayload.self,
        StatePayload.self, LobbyPayload.self, PlayersPayload.self, QuestionPayload.self, WagerLimitPayload.self,
        AnswersOpenPayload.self, AnswerAckPayload.self, AnswerCountPayload.self, AnswersClosedPayload.self,
        ClockPayload.self, SkippedPayload.self, RevealPayload.self, ResultPayload.self, LeaderboardPayload.self,
        StandingPayload.self, EndedPayload.self, HostStatusPayload.self, KickedPayload.self, RenamedPayload.self,
        TeamChangedPayload.self, TeamAnswerPayload.self, TiebreakPayload.self, BreakPayload.self,
        TiebreakAckPayload.self, TiebreakResult.self, TeamWagerPayload.self, RoomInfoPayload.self,
        ClipControl.self, DisplaySoundPayload.self, QuestionNotesPayload.self, WaitingPayload.self, OKPayload.self, ErrorPayload.self,
    ]
}
