import BuzzerGame

/// When each player's answer clock starts: the first moment the current question reached any of
/// the player's connections, so a player who reloads after reading a question, looks the answer up
/// and answers from the new connection is timed from the first one.
///
/// Two sources meet here, each where it is known: the room notes when it sent the question (a lower
/// bound, `questionSent`), and a connection learns when the question was written to its socket. A
/// connection passes that along with the answer it sends (`connectionWritten`), or with its close
/// (`connectionClosed`), so no hop per player per question is needed. Pure: tested without sockets.
struct AnswerClock<Connection: Equatable & Sendable>: Sendable {
    struct Reach: Sendable {
        var sequence: Int
        /// When the room sent it: a lower bound of when it was written to the socket.
        var at: GameInstant
        var connection: Connection
        /// When it was written to that connection's socket, once that connection told us (as it closed).
        var written: GameInstant?
    }

    private(set) var reaches = PlayerMap<Reach>()

    /// Question `sequence` went to every attached player at `now`.
    mutating func questionSent(_ sequence: Int, at now: GameInstant, to connections: some Sequence<(key: PlayerID, value: Connection)>) {
        for (id, connection) in connections { reaches[id] = Reach(sequence: sequence, at: now, connection: connection) }
    }

    /// A player's connection now shows the open question (a join or resume's `state`): the first
    /// connection to show it starts the clock.
    mutating func questionShown(_ sequence: Int, to id: PlayerID, on connection: Connection, at now: GameInstant) {
        if reaches[id]?.sequence != sequence { reaches[id] = Reach(sequence: sequence, at: now, connection: connection) }
    }

    /// A player's connection closed, having written question `written.sequence` at `written.at`.
    mutating func connectionClosed(_ connection: Connection, of id: PlayerID, written: (sequence: Int, at: GameInstant)?) {
        guard let written, var reach = reaches[id], reach.sequence == written.sequence, reach.connection == connection else { return }
        reach.written = written.at
        reaches[id] = reach
    }

    /// When the answer to `question` from `connection` is timed from: the earliest the question is
    /// known to have reached this player. 0 when nothing is known (the room then uses the opening).
    func startOfAnswer(by id: PlayerID, to question: Int, from connection: Connection, connectionWritten: (sequence: Int, at: GameInstant)?) -> GameInstant {
        // Not yet written (a resume racing the question): fall back to what the room knows.
        var start = connectionWritten.flatMap { $0.sequence == question ? $0.at : nil } ?? 0
        if let reach = reaches[id], reach.sequence == question, reach.connection != connection {
            let first = reach.written ?? reach.at
            start = start == 0 ? first : min(start, first)
        }
        return start
    }
}
