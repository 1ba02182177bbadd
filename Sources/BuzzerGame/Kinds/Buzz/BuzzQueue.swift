/// The presses on one buzz question and who holds the floor: the fair order, kept apart from the
/// room so the rule is one pure function (docs/kinds-buzz.md).
///
/// The rule: a press's corrected time is its arrival at the server less its phone's one-way delay
/// (half the connection's RTT, capped by `rttCompensationCapMs`, exactly as a response time is
/// corrected: `Scoring.rttCompensation`). Presses are ordered by corrected time; presses within
/// `tieWindowMs` of the first of their group are a tie, ordered among themselves by arrival.
package struct BuzzQueue: KindQuestionState, Equatable {
    /// One press, as it arrived (the event `buzz_pressed`).
    package struct Press: Sendable, Equatable {
        package var player: PlayerID
        /// The presser's team in team mode, when it pressed: the team's one buzz.
        package var team: TeamID?
        package var arrivedAt: GameInstant
        /// `arrivedAt` less the phone's one-way delay.
        package var pressedAt: GameInstant
        /// The host's mark; nil until marked.
        package var right: Bool?

        package var competitor: Competitor { team.map(Competitor.team) ?? .player(player) }
    }

    /// A press in the fair order.
    package struct Placed: Sendable, Equatable {
        /// Index into `presses` (arrival order).
        package var index: Int
        /// 1-based place in the queue.
        package var place: Int
        /// It is within the tie window of another press.
        package var tie: Bool
    }

    /// Every press, in arrival (log) order.
    package internal(set) var presses: [Press] = []
    /// Who may answer now; nil before the first floor and after a wrong mark until the next.
    package internal(set) var floor: PlayerID?
    /// When the floor last went free (a wrong mark): the next floor is not given before it.
    package internal(set) var floorFreedAt: GameInstant?
    /// Players and teams that may not press again on this question (a false start, a wrong answer).
    package internal(set) var lockedOut: Set<Competitor> = []
    /// Players who pressed before the buzzers opened, in order (shown to the host, locked or not).
    package internal(set) var falseStarts: [PlayerID] = []

    package init() {}

    /// The fair order (see the type's comment). Sorting is stable on arrival, so equal corrected
    /// times keep the server's arrival order without a second key.
    package func order(tieWindowMs: Int) -> [Placed] {
        let sorted = presses.indices.sorted { a, b in
            presses[a].pressedAt != presses[b].pressedAt ? presses[a].pressedAt < presses[b].pressedAt : a < b
        }
        // Group by the first press of each run within the window; within a group, arrival order.
        var groups: [[Int]] = []
        for index in sorted {
            if let anchor = groups.last?.first, presses[index].pressedAt.minus(presses[anchor].pressedAt) <= GameDuration(tieWindowMs) {
                groups[groups.count - 1].append(index)
            } else {
                groups.append([index])
            }
        }
        var placed: [Placed] = []
        placed.reserveCapacity(presses.count)
        for group in groups {
            for index in group.sorted() {
                placed.append(Placed(index: index, place: placed.count + 1, tie: group.count > 1))
            }
        }
        return placed
    }

    /// Whether `competitor` has a press on this question.
    package func hasPressed(_ competitor: Competitor) -> Bool {
        presses.contains { $0.competitor == competitor }
    }

    /// Presses still waiting for the floor: not marked, not locked out.
    private func isWaiting(_ press: Press) -> Bool {
        press.right == nil && press.player != floor && !lockedOut.contains(press.competitor)
    }

    /// When the floor is due to be given: once the floor is free and the earliest waiting press has
    /// waited `settleMs` (so a later-arriving press with an earlier corrected time can still come in);
    /// nil when the floor is held or nobody waits.
    package func floorDue(settleMs: GameDuration) -> GameInstant? {
        guard floor == nil, let first = presses.lazy.filter(isWaiting).map(\.arrivedAt).min() else { return nil }
        let settled = first.plus(settleMs)
        return floorFreedAt.map { max($0, settled) } ?? settled
    }

    /// The first waiting press in the fair order.
    package func nextInLine(tieWindowMs: Int) -> Press? {
        order(tieWindowMs: tieWindowMs).lazy.map { presses[$0.index] }.first(where: isWaiting)
    }

    /// "1st", "2nd", "3rd", "11th": how the export writes a place.
    package static func ordinal(_ place: Int) -> String {
        let tens = place % 100
        let suffix = (11...13).contains(tens) ? "th" : [1: "st", 2: "nd", 3: "rd"][place % 10] ?? "th"
        return "\(place)\(suffix)"
    }

    // MARK: - Folding (Room.apply)

    mutating func press(_ press: Press) { presses.append(press) }

    mutating func falseStart(_ player: PlayerID, team: TeamID?, lockOut: Bool) {
        falseStarts.append(player)
        if lockOut { lockedOut.insert(team.map(Competitor.team) ?? .player(player)) }
    }

    mutating func giveFloor(to player: PlayerID) { floor = player }

    /// Marks `player`'s press; a wrong one locks its player (or team) out and frees the floor.
    mutating func mark(_ player: PlayerID, right: Bool, at instant: GameInstant) {
        guard let index = presses.firstIndex(where: { $0.player == player }) else { return }
        presses[index].right = right
        if floor == player { floor = nil }
        if !right {
            lockedOut.insert(presses[index].competitor)
            floorFreedAt = instant
        }
    }
}

extension AskedQuestion {
    /// A buzz question's presses, floor and lockouts (its kind state); empty for other kinds.
    package var buzz: BuzzQueue { kindState(as: BuzzQueue.self) ?? BuzzQueue() }
}
