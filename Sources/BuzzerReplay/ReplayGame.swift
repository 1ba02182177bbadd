import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// Where a game stands in the archive.
package enum GameStatus: String, Codable, Sendable, Equatable {
    /// `room_ended` with reason `finished` (played to the end) or `host_ended` (the host ended it).
    case finished
    /// `room_ended` with reason `host_left`; or no `room_ended` and either the code was reused
    /// by a later game or the last event is older than the stale limit (the server died with it).
    case abandoned
    /// No `room_ended` yet and the last event is recent: a game in progress.
    case running
}

/// How much of each line a scan decodes.
package enum ReplayDepth: Sendable, Equatable {
    /// Only `room_created` and `room_ended` (enough for `list`): the rest is counted by type.
    case summary
    /// Every event, folded through `Room.apply` and checked against recorded standings.
    case replay
    /// As `replay`, also keeping the standings after every reveal (for `show`).
    case timeline
}

/// One game in the archive: the lines of one room code from `room_created` to `room_ended`,
/// folded through the game domain as they are read so a long archive never needs all its
/// lines in memory.
package struct ReplayGame: Sendable {
    package var code: String
    /// 1-based position among the games that used `code`, in log order.
    package var number: Int
    package var firstSeq: UInt64
    package var lastSeq: UInt64
    /// Envelope times (ms since 1970, UTC).
    package var startedAt: Int64
    package var lastEventAt: Int64
    package var endedAt: Int64?
    package var endReason: EndReason?
    package var title: String?
    package var eventCount = 0
    package var playerCount = 0
    package var teamCount = 0
    /// The room as replayed so far; nil when the game has no readable `room_created`. When the
    /// replay stopped at a line it could not trust (`replayStopped`), the room as it was before it.
    package var room: Room?
    /// The replay stopped at an event that does not decode or is not plausible: nothing after it
    /// was folded, since everything after it would be noise.
    package var replayStopped = false
    /// Final standings of the replay (set when the game is finished being read, depth ≥ replay).
    package var finalStandings: Standings?
    /// Replayed standings right after each question's reveal, by question sequence (depth timeline).
    package var standingsAfter: [Int: Standings] = [:]
    package var issues: [ReplayIssue] = []
    /// How many recorded standings (reveals and the end) were compared with the replay.
    package var standingsChecked = 0
    /// A later `room_created` for the same code arrived before this game ended.
    package var superseded = false
    package var status: GameStatus = .running
    /// Corrections made after the game (`game_corrected`), applied in log order (depth ≥ replay).
    package var corrections: [GameCorrected] = []

    /// `CODE@N`: the name every command accepts and prints.
    package var id: String { "\(code)@\(number)" }
    package var isEnded: Bool { endedAt != nil }
    package var errors: [ReplayIssue] { issues.filter { $0.severity == .error } }
    /// The first damaged line of the game's own (a line that does not read or decode, or a missing start).
    package var damage: ReplayIssue? { issues.first { $0.severity == .error && $0.kind == .damagedLine } }
    /// Whether the game's numbers can be printed as true: no line of its log is missing (no sequence
    /// gap while it was open), damaged or implausible, and the replay agrees with every standings
    /// the live room recorded (a disagreement means events never reached the log, or were changed).
    /// The same test `verify` applies: `show`, `export` and `leaderboard` refuse an incomplete game,
    /// or print it marked as incomplete.
    package var isComplete: Bool { errors.isEmpty }

    init(first line: ArchiveLine, number: Int) {
        code = line.room
        self.number = number
        firstSeq = line.seq
        lastSeq = line.seq
        startedAt = line.time
        lastEventAt = line.time
        if line.type != RoomCreated.wireName {
            issues.append(ReplayIssue(line, .damagedLine, "the game starts with \(line.type), not \(RoomCreated.wireName) (its beginning is not in the archive)"))
        }
    }

    /// Reads the next line of this game.
    mutating func add(_ line: ArchiveLine, depth: ReplayDepth, decoder: JSONDecoder) {
        eventCount += 1
        lastSeq = line.seq
        lastEventAt = line.time
        // An unknown type is nil here and fails to decode below, as any damaged line does.
        let type = line.type
        switch type {
        case PlayerJoined.wireName: playerCount += 1
        case TeamCreated.wireName: teamCount += 1
        case RoomEnded.wireName: endedAt = line.time
        default: break
        }
        let isCreated = type == RoomCreated.wireName
        guard depth != .summary || isCreated || type == RoomEnded.wireName else { return }
        guard isCreated || (room != nil && !replayStopped) || depth == .summary else { return }

        let event: RoomEvent
        do {
            if type == AnswerRecorded.wireName, let answer = AnswerLineDecoder.decode(line) {
                event = .answerRecorded(answer)
            } else {
                event = try line.decode(RoomEvent.self, decoder: decoder)
            }
        } catch {
            issues.append(ReplayIssue(line, .damagedLine, "\(line.type) does not decode: \(Self.describe(error))\(room == nil ? "" : "; replay stopped here")"))
            if room != nil { replayStopped = true }
            return
        }
        if event.at != line.time {
            issues.append(ReplayIssue(line, .mismatch, "event time \(event.at) differs from the line's time \(line.time)"))
        }
        switch event {
        case .roomCreated(let created):
            if created.code != line.room {
                issues.append(ReplayIssue(line, .mismatch, "room_created names code \(created.code) but the line is for room \(line.room)"))
            }
            title = created.pack.title
            if let problem = Room.logProblem(created) {
                issues.append(ReplayIssue(line, .damagedLine, "room_created cannot be replayed: \(problem)"))
                return
            }
            if depth != .summary { room = try? Room.replay(CollectionOfOne(event)) }
            return
        case .roomEnded(let ended):
            endReason = ended.reason
        default:
            break
        }
        guard depth != .summary, room != nil, !replayStopped else { return }
        if let problem = room!.logProblem(event) {
            issues.append(ReplayIssue(line, .damagedLine, "\(event.type) cannot be applied: \(problem); replay stopped here"))
            replayStopped = true
            return
        }
        room!.apply(event)
        // A correction comes after the end, when the final standings were already settled.
        if case .gameCorrected(let corrected) = event {
            corrections.append(corrected)
            finalStandings = room!.standings
        }

        let recorded = event.recordedStandings
        guard recorded != nil || (depth == .timeline && event.type == QuestionRevealed.wireName) else { return }
        let standings = room!.standings
        if case .questionRevealed(let revealed) = event, depth == .timeline {
            standingsAfter[revealed.sequence] = standings
        }
        if let recorded {
            standingsChecked += 1
            let differences = Self.differences(recorded: recorded, replayed: standings, room: room!)
            if !differences.isEmpty {
                let what: String
                if case .questionRevealed(let revealed) = event {
                    what = "standings after question \(revealed.sequence + 1)"
                } else if case .gameCorrected = event {
                    what = "standings after the correction"
                } else {
                    what = "final standings"
                }
                let shown = differences.prefix(3).joined(separator: "; ")
                let more = differences.count > 3 ? "; and \(differences.count - 3) more" : ""
                issues.append(ReplayIssue(line, .mismatch, "\(what) differ from the replay: \(shown)\(more)"))
            }
        }
    }

    /// Settles the status once no more lines of this game can come.
    mutating func finish(now: Int64, staleAfterMs: Int64) {
        if let room, finalStandings == nil { finalStandings = room.standings }
        if isEnded {
            status = endReason == .hostLeft ? .abandoned : .finished
        } else if superseded || now - lastEventAt > staleAfterMs {
            status = .abandoned
        } else {
            status = .running
        }
    }

    /// Which side of the standings a difference is on, as the messages name it.
    enum Competitors: String { case player, team }

    /// Each way the recorded standings differ from the replayed ones, player by player and team
    /// by team, named so an operator can find them (`player 2 (Bob): recorded score 900, replayed 850`).
    static func differences(recorded: RecordedStandings, replayed: Standings, room: Room) -> [String] {
        var found: [String] = []
        func compare(_ what: Competitors, _ recordedRows: [RecordedScore], _ replayedRows: [RecordedScore], name: (Int) -> String?) {
            let recordedByID = Dictionary(recordedRows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let replayedIDs = Set(replayedRows.map(\.id))
            for row in replayedRows {
                let label = "\(what.rawValue) \(row.id)" + (name(row.id).map { " (\($0))" } ?? "")
                guard let other = recordedByID[row.id] else {
                    found.append("\(label) is missing from the recorded standings")
                    continue
                }
                if other.score != row.score { found.append("\(label): recorded score \(other.score), replayed \(row.score)") }
                if other.rank != row.rank { found.append("\(label): recorded rank \(other.rank), replayed \(row.rank)") }
            }
            for row in recordedRows where !replayedIDs.contains(row.id) {
                found.append("\(what.rawValue) \(row.id) is recorded but not in the replayed standings")
            }
        }
        let replayedRecord = replayed.recorded
        compare(.player, recorded.players, replayedRecord.players) { room.players[PlayerID($0)]?.nickname }
        compare(.team, recorded.teams, replayedRecord.teams) { room.teams[TeamID($0)]?.name }
        return found
    }

    /// A decoding error as one readable line.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at \(keys.hasPrefix(".") ? String(keys.dropFirst()) : keys)"
        }
        switch decoding {
        case .keyNotFound(let key, let context): return "missing field \"\(key.stringValue)\"\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription)\(path(context))"
        @unknown default: return "\(decoding)"
        }
    }
}
