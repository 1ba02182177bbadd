import BuzzerFormats
import BuzzerGame

extension RecordedStandings: JSONBytesEncodable {
    /// The same bytes as the synthesized `encode(to:)` (FormatsTests checks), without its walk:
    /// a reveal records every player's row.
    package func appendJSON(to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 32 * (players.count + teams.count) + 24)
        out.append(contentsOf: #"{"players":["#.utf8)
        Self.append(players, to: &out)
        out.append(contentsOf: #"],"teams":["#.utf8)
        Self.append(teams, to: &out)
        out.append(contentsOf: "]}".utf8)
    }

    private static func append(_ rows: [RecordedScore], to out: inout [UInt8]) {
        for (position, row) in rows.enumerated() {
            out.append(contentsOf: position == 0 ? #"{"id":"#.utf8 : #",{"id":"#.utf8)
            JSONNumberText.append(row.id, to: &out)
            out.append(contentsOf: #","score":"#.utf8)
            JSONNumberText.append(row.score, to: &out)
            out.append(contentsOf: #","rank":"#.utf8)
            JSONNumberText.append(row.rank, to: &out)
            out.append(UInt8(ascii: "}"))
        }
    }
}
