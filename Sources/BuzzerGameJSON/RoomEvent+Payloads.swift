import BuzzerGame

// The two events whose members have their codec here (the pack and the answer), written by
// hand with the members in declaration order, exactly as the synthesized conformances did
// (`league` last, and only when there is one).

extension RoomCreated: Codable {
    private enum CodingKeys: String, CodingKey { case at, code, seed, hostTokenHash = "host_token_hash", settings, pack, league, library }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            at: try c.decode(GameInstant.self, forKey: .at), code: try c.decode(String.self, forKey: .code),
            seed: try c.decode(UInt64.self, forKey: .seed), hostTokenHash: try c.decode(String.self, forKey: .hostTokenHash),
            settings: try c.decode(RoomSettings.self, forKey: .settings), pack: try c.decode(QuestionPack.self, forKey: .pack),
            league: try c.decodeIfPresent(RoomLeague.self, forKey: .league),
            fromLibrary: try c.decodeIfPresent(Bool.self, forKey: .library) ?? false)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(at, forKey: .at)
        try c.encode(code, forKey: .code)
        try c.encode(seed, forKey: .seed)
        try c.encode(hostTokenHash, forKey: .hostTokenHash)
        try c.encode(settings, forKey: .settings)
        try c.encode(pack, forKey: .pack)
        // Only a league game has it, so a one-off's line is byte for byte what it always was.
        try c.encodeIfPresent(league, forKey: .league)
        // Only a library pack's game has it (`"library": true`), for the same reason.
        if fromLibrary { try c.encode(true, forKey: .library) }
    }
}

extension AnswerRecorded: Codable {
    /// Package-visible so the archive's fast `answer_recorded` reader spells its fields from here.
    package enum CodingKeys: String, CodingKey { case at, sequence, player, answer, responseMs = "response_ms" }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            at: try c.decode(GameInstant.self, forKey: .at), sequence: try c.decode(Int.self, forKey: .sequence),
            player: try c.decode(PlayerID.self, forKey: .player), answer: try c.decode(AnswerValue.self, forKey: .answer),
            responseMs: try c.decode(GameDuration.self, forKey: .responseMs))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(at, forKey: .at)
        try c.encode(sequence, forKey: .sequence)
        try c.encode(player, forKey: .player)
        try c.encode(answer, forKey: .answer)
        try c.encode(responseMs, forKey: .responseMs)
    }
}
