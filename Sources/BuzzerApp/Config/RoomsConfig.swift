/// The "rooms" section of config.json: limits and files for live rooms. Every field is optional;
/// a missing one takes its default.
package struct RoomsConfig: Codable, Sendable, Equatable {
    /// Rooms whose game is running at once. Ended rooms kept for their podium do not count, so games
    /// created and ended at once cannot lock a real host out; `maxEndedRooms` bounds those.
    package var maxRooms = 500
    /// Ended rooms kept in memory for their podium; past it, the one that ended first is dropped
    /// before its `endedRoomRetentionSeconds` are up.
    package var maxEndedRooms = 200
    /// Wrong codes (in `join`, `resume`, `watch`, `host`) one IP address may send per minute; past it,
    /// its further wrong codes get `rate_limited`. Only failures count, and a request that names a
    /// live room is never limited: a whole bar behind one NAT address joins freely (`JoinRateLimiter`).
    package var failedJoinsPerMinute = 20
    /// Wrong codes one connection may send before it is closed.
    package var failedJoinsPerConnection = 5
    /// The wait before answering a connection's second wrong code; it doubles with each further one
    /// (up to 32 times), and an address past its limit waits the same way.
    package var failedJoinDelayMilliseconds = 250
    /// Joins with a right code one IP address may make per minute, once its `joinBurst` is used: each
    /// join takes a seat that stays on the board after its player leaves (`JoinRateLimiter`). A
    /// `resume`, `watch` or `host` is never counted.
    package var joinsPerMinute = 60
    /// Joins one IP address may make at once before `joinsPerMinute` applies: a whole bar behind one
    /// NAT address joining together.
    package var joinBurst = 200
    /// Rooms one IP address may open per minute, once its `createBurst` is used: `create` needs no
    /// token, and each room holds a slot and writes its pack to the log (`CreateRateLimiter`).
    package var createsPerMinute = 6
    /// Rooms one IP address may open at once before `createsPerMinute` applies (a few hosts behind one
    /// NAT address starting their nights together).
    package var createBurst = 10
    /// `create` requests one connection may send, refused ones included; the next is refused and closes it.
    package var createsPerConnection = 5
    /// The largest pack a `create` may carry inline, as the log would store it: every anonymous
    /// create writes its pack to the log (with an fsync). A 50-question pack is 20–40 KB; bigger
    /// ones go in the library and are picked by name.
    package var maxInlinePackBytes = 131_072
    /// Folder of question packs the host can pick by name (file name without `.json`).
    package var libraryDirectory = "questions"
    /// How long an ended room stays in memory so players can still see the podium and rejoin.
    package var endedRoomRetentionSeconds = 600
    /// Lobby counts and the host's player list are sent at most this often (a 2,000-player
    /// room joining at once would otherwise cost N² messages).
    package var lobbyUpdateMilliseconds = 250
    /// Join codes are this many characters from a 32-letter alphabet (6 gives 10⁹ codes).
    package var joinCodeLength = 6
    /// Projector pages (`watch`) one room may have open at once: a bar has one or two screens, and
    /// each watch costs the room a copy of every broadcast.
    package var maxDisplaysPerRoom = 8
    /// Projector pages one IP address may have open at once, across every room.
    package var maxDisplaysPerAddress = 16
    /// Host commands one connection may send per minute, once its `hostCommandBurst` is used
    /// (`HostCommandRate`): past it a command is answered `rate_limited` and never reaches the room.
    package var hostCommandsPerMinute = 600
    /// Host commands one connection may send at once before `hostCommandsPerMinute` applies (a host
    /// accepting a column of answers, or moving players one after another).
    package var hostCommandBurst = 60
    /// Events one room's log may hold for recovery to replay it (`buzzer serve` at start): a room over
    /// it is quarantined, not replayed (docs/operations.md, "Quarantine"). Host commands are capped
    /// (`game.hostLimits`), so only a room of many players and questions comes near it.
    package var maxReplayEvents = 2_000_000
    /// For several servers behind a proxy: one character of the code alphabet that every code this
    /// server deals starts with, so the proxy can route `/ws?room=CODE` by it (docs/scale-out.md).
    package var instanceId: String?

    package init() {}

    private enum CodingKeys: String, CodingKey {
        case maxRooms, maxEndedRooms, failedJoinsPerMinute, failedJoinsPerConnection, failedJoinDelayMilliseconds, joinsPerMinute, joinBurst, createsPerMinute, createBurst, createsPerConnection, maxInlinePackBytes, libraryDirectory, endedRoomRetentionSeconds, lobbyUpdateMilliseconds, joinCodeLength, instanceId, maxDisplaysPerRoom, maxDisplaysPerAddress, hostCommandsPerMinute, hostCommandBurst, maxReplayEvents
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = RoomsConfig()
        func read<T: Decodable>(_ key: CodingKeys, _ field: inout T) throws {
            if let value = try c.decodeIfPresent(T.self, forKey: key) { field = value }
        }
        try read(.maxRooms, &s.maxRooms)
        try read(.maxEndedRooms, &s.maxEndedRooms)
        try read(.failedJoinsPerMinute, &s.failedJoinsPerMinute)
        try read(.failedJoinsPerConnection, &s.failedJoinsPerConnection)
        try read(.failedJoinDelayMilliseconds, &s.failedJoinDelayMilliseconds)
        try read(.joinsPerMinute, &s.joinsPerMinute)
        try read(.joinBurst, &s.joinBurst)
        try read(.createsPerMinute, &s.createsPerMinute)
        try read(.createBurst, &s.createBurst)
        try read(.createsPerConnection, &s.createsPerConnection)
        try read(.maxInlinePackBytes, &s.maxInlinePackBytes)
        try read(.libraryDirectory, &s.libraryDirectory)
        try read(.endedRoomRetentionSeconds, &s.endedRoomRetentionSeconds)
        try read(.lobbyUpdateMilliseconds, &s.lobbyUpdateMilliseconds)
        try read(.joinCodeLength, &s.joinCodeLength)
        try read(.maxDisplaysPerRoom, &s.maxDisplaysPerRoom)
        try read(.maxDisplaysPerAddress, &s.maxDisplaysPerAddress)
        try read(.hostCommandsPerMinute, &s.hostCommandsPerMinute)
        try read(.hostCommandBurst, &s.hostCommandBurst)
        try read(.maxReplayEvents, &s.maxReplayEvents)
        s.instanceId = try c.decodeIfPresent(String.self, forKey: .instanceId)
        self = s
        if let id = instanceId, id.utf8.count != 1 || !Secrets.codeAlphabet.contains(id.utf8.first!) {
            throw DecodingError.dataCorruptedError(forKey: .instanceId, in: c, debugDescription: "must be one character of the join-code alphabet (A-Z without I and O, 2-9), such as \"A\"")
        }
        for (key, value) in [(CodingKeys.maxRooms, maxRooms), (.failedJoinsPerMinute, failedJoinsPerMinute), (.failedJoinsPerConnection, failedJoinsPerConnection),
                             (.createsPerMinute, createsPerMinute), (.createBurst, createBurst), (.createsPerConnection, createsPerConnection)] where value < 1 {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be at least 1")
        }
        for (key, value) in [(CodingKeys.joinsPerMinute, joinsPerMinute), (.joinBurst, joinBurst)] where !(1...1_000_000).contains(value) {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be 1...1000000")
        }
        if !(0...10_000).contains(failedJoinDelayMilliseconds) {
            throw DecodingError.dataCorruptedError(forKey: .failedJoinDelayMilliseconds, in: c, debugDescription: "must be 0...10000")
        }
        if maxInlinePackBytes < 1024 {
            throw DecodingError.dataCorruptedError(forKey: .maxInlinePackBytes, in: c, debugDescription: "must be at least 1024")
        }
        if maxEndedRooms < 0 {
            throw DecodingError.dataCorruptedError(forKey: .maxEndedRooms, in: c, debugDescription: "must be 0 or more")
        }
        if endedRoomRetentionSeconds < 0 {
            throw DecodingError.dataCorruptedError(forKey: .endedRoomRetentionSeconds, in: c, debugDescription: "must be 0 or more")
        }
        if !(10...5000).contains(lobbyUpdateMilliseconds) {
            throw DecodingError.dataCorruptedError(forKey: .lobbyUpdateMilliseconds, in: c, debugDescription: "must be 10...5000")
        }
        if !(5...12).contains(joinCodeLength) {
            throw DecodingError.dataCorruptedError(forKey: .joinCodeLength, in: c, debugDescription: "must be 5...12 (5 gives 3.3×10⁷ codes)")
        }
        for (key, value) in [(CodingKeys.maxDisplaysPerRoom, maxDisplaysPerRoom), (.maxDisplaysPerAddress, maxDisplaysPerAddress)]
        where !(1...1000).contains(value) {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "must be 1...1000")
        }
        if !(1...60_000).contains(hostCommandsPerMinute) {
            throw DecodingError.dataCorruptedError(forKey: .hostCommandsPerMinute, in: c, debugDescription: "must be 1...60000")
        }
        if !(1...10_000).contains(hostCommandBurst) {
            throw DecodingError.dataCorruptedError(forKey: .hostCommandBurst, in: c, debugDescription: "must be 1...10000")
        }
        if !(1000...100_000_000).contains(maxReplayEvents) {
            throw DecodingError.dataCorruptedError(forKey: .maxReplayEvents, in: c, debugDescription: "must be 1000...100000000")
        }
        if libraryDirectory.isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .libraryDirectory, in: c, debugDescription: "must not be empty")
        }
    }
}
