/// A command a client sends, defined once: one type per command holds its wire name, who may send
/// it, its fields with their documented ranges, whether it gets an `ok`, its break and after-end
/// rules, its decoding and encoding, the room's decision and the protocol fuzzer's generator. The
/// app's `ClientCommands.all` lists every type; decoding, role routing, the fuzzer,
/// `ProtocolDocTests` and docs/protocol.md's tables iterate that list (docs/architecture.md,
/// "Where to add"). Plain data and pure decisions: no JSON and no I/O here.
package protocol ClientCommand: Sendable, Equatable {
    /// The `type` a client writes. Spelled only in the command's own file (`WireNameTests`).
    static var wireName: String { get }
    /// Who may send it; `CommandDispatcher` refuses anyone else.
    static var role: ClientRole { get }
    /// Its fields besides `type`, with the ranges of docs/protocol.md's "Ranges" (bounds in `InputBounds`).
    static var fields: [ClientFieldSpec] { get }
    /// Whether the sender gets an `ok` once it is done: its screen does not show the effect by itself.
    static var repliesOK: Bool { get }
    /// A short name for `bad_phase` and `on_break` messages ("Cannot start while …").
    static var title: String { get }
    /// Whether a break between rounds refuses it (`on_break`): everything about a question waits for the round.
    static var waitsForTheRound: Bool { get }
    /// Whether it may leave nobody to wait for, so the question closes early (a kick does).
    static var mayEndTheWait: Bool { get }

    /// Reads the fields (already within their ranges); a rule between fields throws with its reason.
    init(reading fields: some ClientFieldSource) throws(ClientFieldError)
    /// The fields as a client writes them: the inverse of `init(reading:)`.
    var fieldValues: [(ClientField, ClientFieldValue)] { get }

    /// The room's decision, pure: the events it makes, or why it is refused. Runs after the break and
    /// after-end rules, so it sees a room on neither unless it waits for nothing.
    func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent]
    /// What an ended room says to it: a host command is a phase mistake like any other (docs/protocol.md).
    func refusalAfterEnd(in room: Room) -> GameError

    /// A random instance for the protocol fuzzer: mostly valid for `room`, with boundary values.
    static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> Self
    /// How likely the fuzzer sends it now (0: never): what moves the game on is likely.
    static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int
    /// Whether a greedy fuzzer game (one player who only plays) sends it.
    static var fuzzedWhenGreedy: Bool { get }
    /// Whether the fuzzer's chaos (any command, uniformly) may send it.
    static var fuzzedByChaos: Bool { get }
}

extension ClientCommand {
    package static var role: ClientRole { .host }
    package static var fields: [ClientFieldSpec] { [] }
    package static var repliesOK: Bool { false }
    package static var waitsForTheRound: Bool { false }
    package static var mayEndTheWait: Bool { false }
    package static var fuzzedWhenGreedy: Bool { false }
    package static var fuzzedByChaos: Bool { true }
    package var fieldValues: [(ClientField, ClientFieldValue)] { [] }
    package var wireName: String { Self.wireName }
    package func refusalAfterEnd(in room: Room) -> GameError { .badPhase(command: Self.title, phase: room.phase) }
    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int { 1 }

    /// Whether `other` is this command with the same values.
    package func isSame(as other: any ClientCommand) -> Bool { (other as? Self) == self }
}

/// A command with no fields: nothing to read, write or generate.
package protocol FieldlessCommand: ClientCommand {
    init()
}

extension FieldlessCommand {
    package init(reading fields: some ClientFieldSource) { self.init() }
    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> Self { Self() }
}

/// Any client command as a value: what `RoomCommand.hostCommand` and `ClientMessage.host` carry.
package struct AnyClientCommand: Sendable, Equatable, CustomStringConvertible {
    package let base: any ClientCommand

    package init(_ base: any ClientCommand) { self.base = base }

    package var type: any ClientCommand.Type { Swift.type(of: base) }
    package var description: String { "\(base)" }

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.base.isSame(as: rhs.base) }
}

/// What a command's fuzz generator draws from (the protocol fuzzer's source and game): random
/// values, boundary values, and ids of this room's players and teams.
package protocol CommandFuzzer {
    mutating func chance(_ p: Double) -> Bool
    mutating func int(_ range: ClosedRange<Int>) -> Int
    mutating func bool() -> Bool
    mutating func pick<T>(_ choices: [T]) -> T
    /// 0, ±1, the ends of `Int` and the like, or a small number.
    mutating func boundaryInt() -> Int
    /// A number at the ends of `Double`, now and then not finite.
    mutating func boundaryDouble() -> Double
    /// Any text, now and then huge or odd.
    mutating func text() -> String
    /// Mostly a player who joined, sometimes one who never did.
    mutating func player() -> PlayerID
    mutating func team() -> TeamID
    /// A nickname or team name, mostly short ones that collide.
    mutating func name() -> String
    /// Typed text: an accepted answer of the current question as a player might type it, or anything.
    mutating func answerText(in room: Room) -> String
    /// An answer group for `merge_answers`: mostly one the players made.
    mutating func groupName(in room: Room) -> String
    /// Whether the game has run past its planned length (it may end now).
    var isLate: Bool { get }
    /// Whether this game has one player who only plays (nothing that would cost the run of stakes).
    var isGreedy: Bool { get }
}

extension CommandFuzzer {
    /// The current question's number mostly (with odds `p`), a boundary number otherwise.
    package mutating func questionNumber(in room: Room, _ p: Double = 0.9) -> Int {
        chance(p) ? (room.currentQuestion?.sequence ?? 0) : boundaryInt()
    }

    /// Whole seconds as the room takes them: mostly within `seconds`, sometimes just outside or a boundary.
    package mutating func milliseconds(_ seconds: ClosedRange<Int>) -> GameDuration {
        if chance(0.6) { return GameDuration(pick([seconds.lowerBound, seconds.lowerBound + 9, seconds.upperBound, seconds.lowerBound - 1, seconds.upperBound + 1])).times(1000) }
        return GameDuration(boundaryInt()).times(1000)
    }
}
