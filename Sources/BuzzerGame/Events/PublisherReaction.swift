/// What the pages get when an event is applied, as the event says it (`RoomEventPayload.publisherReaction`):
/// the app's `RoomPublisher` reads it and builds the messages, so it asks each event instead of
/// switching over events. A new event picks the reaction of an event the pages treat alike; only a
/// new kind of message adds a case here (and its arm in `RoomPublisher`).
package struct PublisherReaction: Sendable, Equatable {
    /// The coalesced updates it marks for the publisher's next flush.
    package var updates: CoalescedUpdates
    /// What it sends at once (or once durable).
    package var send: PublisherSend

    package init(_ updates: CoalescedUpdates = [], _ send: PublisherSend = .nothing) {
        self.updates = updates
        self.send = send
    }

    /// Nothing for the pages (`room_created`, `team_created`).
    package static let none = PublisherReaction()
}

/// The updates the publisher coalesces to one message per flush.
package struct CoalescedUpdates: OptionSet, Sendable, Equatable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `lobby` to everyone: the player count, the lock, the projectors.
    package static let lobby = CoalescedUpdates(rawValue: 1 << 0)
    /// `players` to the screens.
    package static let players = CoalescedUpdates(rawValue: 1 << 1)
    /// `answer_count` to the screens and the host's `waiting`.
    package static let answerCount = CoalescedUpdates(rawValue: 1 << 2)
    /// The current question's kind's live view (`QuestionKindModule.liveView`: a buzz queue), after presses.
    package static let kindView = CoalescedUpdates(rawValue: 1 << 3)
    /// The host's `waiting` alone (a wager round's stakes).
    package static let waiting = CoalescedUpdates(rawValue: 1 << 4)
}

/// The message an event sends at once (or once its line is durable), carrying the facts the
/// publisher needs from the event; the room (after the event) gives the rest.
package enum PublisherSend: Sendable, Equatable {
    case nothing
    /// `host_status` to everyone but the host.
    case hostStatus
    /// `join_address` to the screens.
    case joinAddress(url: String)
    /// `kicked` to the player, then the connection closed; the figures with scores.
    case kicked(PlayerKicked)
    /// `renamed` to the player; the figures without scores.
    case renamed(PlayerRenamed)
    /// `team_changed` to the team's members with its new name; the figures without scores.
    case teamRenamed(TeamRenamed)
    /// `team_changed` to the members of the team merged into; the figures with scores.
    case teamsMerged(TeamsMerged)
    /// `team_changed` to the player moved; the figures with scores.
    case playerMoved(PlayerMoved)
    /// The screens' figures (`waiting`, standings) redrawn, `scores` when points moved.
    case figures(scores: Bool)
    /// The question, to everyone (the host's copy with its answer).
    case question
    /// `answers_open` to everyone, and the kind's live view (`QuestionKindModule.liveView`).
    case answersOpen(AnswersOpened)
    /// The current question's kind's live view (`QuestionKindModule.liveView`) to everyone at once.
    case kindViewNow
    /// A team's stake to its members.
    case teamWager(WagerPlaced)
    /// The sender's `answer_ack` once durable, and a team's lock-in to its members.
    case answerAck(AnswerRecorded)
    /// `answers_closed` to everyone.
    case answersClosed(AnswersClosed)
    /// `clock` to everyone.
    case clock
    /// `question_notes` to everyone: the current question's notes, and the host's buttons.
    case questionNotes
    /// `skipped` to everyone.
    case skipped(sequence: Int)
    /// A fresh `state` for every screen, as after a reload.
    case states
    /// The reveal, and each player's result.
    case reveal(QuestionRevealed)
    /// An accepted or rejected answer: the reveal on show redrawn, or the figures.
    case rulingChanged(sequence: Int)
    /// The tiebreak, to everyone (the host's copy with its answer).
    case tiebreak
    /// The sender's `tiebreak_ack`, its teammates' copy, and the screens' tiebreak.
    case tiebreakAck(TiebreakAnswered)
    /// The tiebreak's result, then the final leaderboard.
    case tiebreakEnded(number: Int)
    /// The break, to everyone, once durable.
    case breakShown
    /// The leaderboard and each player's standing.
    case leaderboard(final: Bool)
    /// The podium and each player's standing (`durable`: held until the line is; a correction's is already).
    case ended(durable: Bool)
}
