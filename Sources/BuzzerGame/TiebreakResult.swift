/// How a tiebreak came out, for every screen.
package struct TiebreakResult: Sendable, Equatable, Codable {
    package struct Row: Sendable, Equatable, Codable {
        package var name: String
        /// nil: no answer in time.
        package var value: Double?
        package var off: Double?
        /// 1 for the winner; equal places stay tied.
        package var place: Int
    }

    package var number: Int
    package var text: String
    package var answer: Double
    package var rows: [Row]
}

extension TiebreakResult: ServerMessageBody {
    package static let wireName = "tiebreak_result"
}
