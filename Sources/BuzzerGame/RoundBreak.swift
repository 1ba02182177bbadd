/// A slide shown before a round ("Half-time: back in 10 minutes"), from the pack's round
/// `"break"` object. The room shows it between the previous round and this one, and the host
/// starts the round when the room is back (docs/game-rules.md, "Breaks").
package struct RoundBreak: Sendable, Equatable {
    package var title: String
    package var text: String?
    /// How long the break is meant to last; the countdown only informs, it never starts the round.
    package var minutes: Int?

    package init(title: String, text: String? = nil, minutes: Int? = nil) {
        self.title = title
        self.text = text
        self.minutes = minutes
    }

    /// Fixed, documented limits (docs/question-format.md): a slide must stay readable from the back of the room.
    package static let maxTitleLength = 100
    package static let maxTextLength = 200
    package static let minutesRange: ClosedRange<Int> = 1...60
}

extension PackIssueCollector {
    /// A break's title is required; text and minutes are optional, each within `RoundBreak`'s limits.
    package mutating func checkBreak(_ roundBreak: RoundBreak, at path: String) {
        checkText(roundBreak.title, at: "\(path).title", maxLength: RoundBreak.maxTitleLength)
        if let text = roundBreak.text { checkText(text, at: "\(path).text", maxLength: RoundBreak.maxTextLength, multiline: true) }
        if let minutes = roundBreak.minutes { checkBreakMinutes(minutes, at: "\(path).minutes") }
    }

    package mutating func checkBreakMinutes(_ minutes: Int, at path: String) {
        let range = RoundBreak.minutesRange
        if !range.contains(minutes) {
            add(path, "\(minutes) minutes is out of range (\(range.lowerBound)-\(range.upperBound))")
        }
    }
}
