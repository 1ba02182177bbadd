/// The documented range of every number and string that reaches a room from outside: a client's
/// message fields, a host's room settings, a line of the log (docs/protocol-errors.md, "Ranges").
/// The app checks each client field against these where it enters (`ClientMessage.decode`), and
/// the room checks its settings and commands again before anything is logged, so no value a
/// client chose can overflow a sum or produce a message the server cannot encode.
package enum InputBounds {
    /// Player, team and question numbers. A room never hands out more than this.
    package static let id: ClosedRange<Int> = 0...1_000_000
    /// An option position on a choice, multi or poll question (packs have at most 6; 64 is generous).
    package static let option: ClosedRange<Int> = 0...63
    /// How many options one multi answer may name.
    package static let maxPickedOptions = 64
    /// How many item positions one order answer may list (each an `option`, each once; the room
    /// then wants exactly the question's item count).
    package static let maxOrderedItems = 64
    /// How many typed items one `texts` answer may hold (each a `Bytes.text`; the room then wants at
    /// most the question's own maximum).
    package static let maxTypedItems = 64
    /// A stake: the room further caps it at the competitor's standing (`Room.maxWager`).
    package static let wager: ClosedRange<Int> = 0...1_000_000_000
    /// A host's score correction, either way (0 itself is refused by the room).
    package static let adjustment: ClosedRange<Int> = -1_000_000...1_000_000
    /// Seconds a host adds, or re-opens a question for.
    package static let extraSeconds: ClosedRange<Int> = 1...600
    /// Seconds a host adds to a break's countdown (the room caps the countdown at an hour from now).
    package static let breakSeconds: ClosedRange<Int> = 1...3600
    /// A clip's volume on the projectors, in percent.
    package static let volume: ClosedRange<Int> = 0...100
    /// Seconds a tiebreak question runs.
    package static let tiebreakSeconds: ClosedRange<Int> = 5...600
    /// Numbers typed as answers, tiebreak answers and a pack's number answers: finite and at most
    /// 10^15 either way, so every difference between two of them is finite and every one prints
    /// exactly in JSON.
    package static let numberMagnitude: Double = 1e15
    /// Instants in the log: from 1970 to the end of year 9999, in milliseconds.
    package static let instant: ClosedRange<GameInstant> = 0...253_402_300_799_999
    /// Any duration a setting or a logged event carries: at most a day.
    package static let duration: ClosedRange<GameDuration> = 0...86_400_000
    /// How many ids one list (a tiebreak's players or teams) may hold.
    package static let maxListedIDs = 1000

    /// Longest strings a message field may carry, in UTF-8 bytes, before any finer rule of the room
    /// (a nickname's characters, a text answer's length) applies.
    package enum Bytes {
        /// Join codes.
        package static let code = 32
        /// Host and resume tokens.
        package static let token = 128
        /// A device id a phone keeps.
        package static let device = 128
        /// Nicknames and team names (the room's `nicknameMaxLength` counts characters, at most 64).
        package static let name = 512
        /// Typed answers, accepted answers, tiebreak questions, removal and adjustment reasons.
        package static let text = 4096
        /// A join address the host picks.
        package static let url = 2048
        /// A pack name in the library.
        package static let packName = 256
        /// A league id (`RoomLeague.idLength` then applies: 1 to 40 of a-z, 0-9 and -).
        package static let leagueID = 40
    }

    /// Whether `value` may be played as a number: finite and within `numberMagnitude`.
    package static func isPlayableNumber(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= numberMagnitude
    }
}
