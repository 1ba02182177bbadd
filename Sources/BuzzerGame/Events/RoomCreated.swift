/// First event of every room: everything needed to replay it, including the pack and the PRNG seed.
package struct RoomCreated: Sendable, Equatable {
    package var at: GameInstant
    package var code: String
    package var seed: UInt64
    /// SHA-256 hex of the host token (computed by the app; the token is never stored).
    package var hostTokenHash: String
    package var settings: RoomSettings
    package var pack: QuestionPack
    /// The league the game counts for; nil for a one-off (and in every log from before leagues).
    package var league: RoomLeague?
    /// The pack came from the question library (picked by name, with the edit token), not sent with
    /// `create`: such a game counts in the question index as a league game does. False in every log
    /// from before it was logged.
    package var fromLibrary: Bool

    package init(
        at: GameInstant, code: String, seed: UInt64, hostTokenHash: String, settings: RoomSettings, pack: QuestionPack, league: RoomLeague? = nil,
        fromLibrary: Bool = false
    ) {
        self.at = at
        self.code = code
        self.seed = seed
        self.hostTokenHash = hostTokenHash
        self.settings = settings
        self.pack = pack
        self.league = league
        self.fromLibrary = fromLibrary
    }
}

extension RoomCreated: RoomEventPayload {
    package static let wireName = "room_created"
    package var event: RoomEvent { .roomCreated(self) }
    /// Nothing to fold: `Room.replay` opens the room from it, and no room takes a second.
    package func apply(to room: inout Room) {}
    package func logProblem(in room: Room) -> String? { Room.logProblem(self) }
    /// Not capped by `HostLimits`: the game bounds how many there are.
    package var hostEventKind: HostEventKind? { nil }
    package var publisherReaction: PublisherReaction { .none }

    package static func samples(at: GameInstant) -> [Self] {
        let pack = QuestionPack(title: "Doc Night", questions: QuestionKind.examples.enumerated().map { $1.example($0 + 1, seed: 0) })
        return [Self(at: at, code: "AVJKT8", seed: 7, hostTokenHash: "h", settings: RoomSettings(), pack: pack,
                     league: RoomLeague(id: "crown", name: "The Crown"), fromLibrary: true)]
    }
}
