/// A buzz question's queue as every screen shows it (`buzz` messages and `state`): the host's
/// console lists it with each corrected time, the projector shows the floor holder big, and each
/// phone finds its own place ("You're 3rd"). Times are ms from the buzzers' opening.
package struct BuzzView: Sendable, Equatable, Codable {
    /// One press, in the fair order.
    package struct Row: Sendable, Equatable, Codable {
        package var player: PlayerID
        package var nickname: String
        /// Team mode: the team whose buzz this is.
        package var team: String?
        package var place: Int
        package var tie: Bool
        /// The corrected press time (arrival less the one-way delay), from the opening; may be below 0.
        package var pressedMs: GameDuration
        /// When the press reached the server, from the opening.
        package var arrivedMs: GameDuration
        /// The host's mark; absent until marked.
        package var right: Bool?
    }

    package var question: Int
    /// The buzzers are open (a press now counts; before, it is a false start).
    package var open: Bool
    /// The floor holder; absent while nobody may answer.
    package var floor: PlayerID?
    package var queue: [Row]
    /// Players who may not press again: false starters (when locked out), wrong answers, and their teammates.
    package var lockedOut: [PlayerID]
    /// Players who pressed too early, in order.
    package var falseStarts: [PlayerID]
    /// The floor holder may type the answer on the phone (the question has accepted answers); absent otherwise.
    package var typed: Bool? = nil
    /// What a wrong answer costs (the pack's `penalty`), so a phone marked wrong says it at once; absent when nothing.
    package var penalty: Int? = nil
    /// The question's deadline as the floor leaves it (a floor holds the clock and moves it on when let go).
    package var deadline: GameInstant? = nil
    /// While a player has the floor: the time left, standing still (`QuestionView.heldLeftMs`).
    package var heldLeftMs: GameDuration? = nil
}

/// The `buzz` message: to everyone after each press, floor and mark.
extension BuzzView: ServerMessageBody {
    package static let wireName = "buzz"
}

extension Room {
    /// The current question's queue; nil when it is not a buzz question (or none is on).
    package var buzzView: BuzzView? {
        guard let current = currentQuestion, phase != .lobby, phase != .ended, phase != .onBreak,
              case let buzz? = question(current).content.buzz else { return nil }
        let queue = current.buzz
        let rows = queue.order(tieWindowMs: buzz.tieWindowMs).map { placed in
            let press = queue.presses[placed.index]
            return BuzzView.Row(
                player: press.player, nickname: players[press.player]?.nickname ?? "", team: press.team.flatMap { teams[$0]?.name },
                place: placed.place, tie: placed.tie, pressedMs: press.pressedAt.minus(current.opensAt),
                arrivedMs: press.arrivedAt.minus(current.opensAt), right: press.right)
        }
        var locked: [PlayerID] = []
        if !queue.lockedOut.isEmpty {
            for player in players.values where player.isRanked {
                let competitor: Competitor = settings.teamMode ? player.team.map(Competitor.team) ?? .player(player.id) : .player(player.id)
                if queue.lockedOut.contains(competitor) || queue.lockedOut.contains(.player(player.id)) { locked.append(player.id) }
            }
        }
        return BuzzView(
            question: current.sequence, open: phase == .open, floor: queue.floor, queue: rows, lockedOut: locked, falseStarts: queue.falseStarts,
            typed: buzz.accepted.isEmpty ? nil : true, penalty: buzz.penalty > 0 ? buzz.penalty : nil,
            deadline: current.deadline, heldLeftMs: current.heldLeftMs)
    }
}
