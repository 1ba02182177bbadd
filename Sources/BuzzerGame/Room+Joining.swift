/// A join, a resume and the rules for names: what a player must pass to take a seat.
extension Room {
    /// The player a resume token brings back. `graceApplies`: an away player past `resumeGraceMs`
    /// has lost the seat (not so after the end, when only the podium is left to see).
    func resumablePlayer(_ tokenHash: String, at now: GameInstant, graceApplies: Bool) throws(GameError) -> Player {
        guard let player = player(byResumeTokenHash: tokenHash) ?? players.values.first(where: { $0.status == .kicked && $0.resumeTokenHash == tokenHash }) else {
            throw .unknownPlayer
        }
        switch player.status {
        case .kicked: throw .kicked
        case .left: throw .unknownPlayer
        case .away where graceApplies && now.minus(player.awaySince ?? now) > settings.resumeGraceMs: throw .resumeExpired
        case .away, .connected: return player
        }
    }

    func decideJoin(_ request: JoinRequest, at now: GameInstant) throws(GameError) -> [RoomEvent] {
        if locked { throw .roomLocked }
        let returning = returningPlayer(request)
        // Someone who played from the start is not a late joiner.
        // A break before the first round is still the lobby for joining: nothing has been asked yet.
        let started = phase != .lobby && !(phase == .onBreak && asked.isEmpty)
        if started && !settings.lateJoin && returning == nil { throw .lateJoinDisabled }
        if let device = request.deviceID, bannedDeviceIDs.contains(device) { throw .banned }
        let nickname = try Self.cleanName(request.nickname, maxLength: settings.nicknameMaxLength, what: "a nickname")
        let keys = NameSkeleton(nickname).keys
        if keys.contains(where: bannedNameKeys.contains) { throw .banned }
        if isBlocked(nickname) { throw .nameBlocked }
        if let returning {
            if activeCount >= settings.maxPlayers { throw .roomFull(max: settings.maxPlayers) }
            return [.playerReconnected(PlayerReconnected(at: now, player: returning, resumeTokenHash: request.resumeTokenHash))]
        }
        if keys.contains(where: { playerByNameKey[$0] != nil }) { throw .nameTaken }
        if activeCount >= settings.maxPlayers { throw .roomFull(max: settings.maxPlayers) }
        // A seat once given stays on the board: joining and leaving must not grow the room forever.
        if players.count >= settings.seatLimit { throw .noSeatsLeft(max: settings.seatLimit) }

        var events: [RoomEvent] = []
        var teamID: TeamID?
        if !settings.teams.isEmpty {
            // The host's list: a player picks one of its teams (by any look-alike of its name).
            guard let raw = request.team, let id = NameSkeleton(raw).keys.lazy.compactMap({ self.teamByNameKey[$0] }).first else {
                throw .teamNotListed(listedTeamNames)
            }
            teamID = liveTeam(id)
        } else if let rawTeam = request.team, !rawTeam.allSatisfy(\.isWhitespace) {
            let name = try Self.cleanName(rawTeam, maxLength: settings.teamNameMaxLength, what: "a team name")
            if isBlocked(name) { throw .nameBlocked }
            // A look-alike of a team's name is that team, not a decoy beside it.
            if let existing = NameSkeleton(name).keys.lazy.compactMap({ self.teamByNameKey[$0] }).first {
                teamID = existing
            } else {
                if teams.count >= settings.maxTeams { throw .tooManyTeams(max: settings.maxTeams) }
                let id = TeamID(teams.count + 1)
                events.append(.teamCreated(TeamCreated(at: now, team: id, name: name)))
                teamID = id
            }
        }
        let firstQuestion = asked.count - (isAcceptingAnswers ? 1 : 0)
        events.append(.playerJoined(PlayerJoined(
            at: now, player: PlayerID(players.count + 1), nickname: nickname, team: teamID, deviceID: request.deviceID,
            resumeTokenHash: request.resumeTokenHash, firstQuestion: firstQuestion)))
        return events
    }

    /// The teams players may pick now, in id order (renames included, merged ones gone).
    package var listedTeamNames: [String] {
        teams.values.filter { $0.mergedInto == nil }.sorted { $0.id < $1.id }.map(\.name)
    }

    /// A player who left keeps their row and their name on the board; joining again under that name
    /// from the device they first joined with takes the same seat back (id, team, score), so the
    /// board never shows two of them and nobody else can claim their points (docs/game-rules.md).
    private func returningPlayer(_ request: JoinRequest) -> PlayerID? {
        guard let device = request.deviceID,
              let nickname = try? Self.cleanName(request.nickname, maxLength: settings.nicknameMaxLength, what: "a nickname"),
              let id = NameSkeleton(nickname).keys.lazy.compactMap({ playerByNameKey[$0] }).first, let player = players[id],
              player.status == .left, player.deviceID == device else { return nil }
        return id
    }

    /// Trims and collapses whitespace; 1...maxLength characters, no control characters.
    static func cleanName(_ raw: String, maxLength: Int, what: String) throws(GameError) -> String {
        let name = raw.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if name.isEmpty { throw .nameInvalid("\(what) must not be empty") }
        if name.count > maxLength { throw .nameInvalid("\(what) must be at most \(maxLength) characters") }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format && $0 != "\u{200D}" }) {
            throw .nameInvalid("\(what) must not contain control characters")
        }
        return name
    }

    /// A name is blocked when any run of whole consecutive words of it matches a blocked term
    /// (case, accents, punctuation and look-alike letters ignored), so "bad-word", "B.A.D word" and
    /// "bаdword" with a Cyrillic а match "badword", but "Scunthorpe" does not match a term inside it.
    func isBlocked(_ name: String) -> Bool {
        guard !blockedTerms.isEmpty else { return false }
        let words = TextNormalizer.fold(name).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { NameSkeleton.caselessKey(String($0)) }
        for start in words.indices {
            var run = ""
            for word in words[start...] {
                run += word
                if blockedTerms.contains(run) { return true }
            }
        }
        return false
    }
}
