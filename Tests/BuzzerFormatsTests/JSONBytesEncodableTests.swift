import Foundation
import Testing
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON

@Suite struct JSONBytesEncodableTests {
    struct Holder: Encodable {
        var type = "question_revealed"
        var standings: RecordedStandings
    }

    static let standings = RecordedStandings(
        players: [RecordedScore(id: 12, score: 1840, rank: 1), RecordedScore(id: 3, score: 0, rank: 2), RecordedScore(id: 7, score: -250, rank: 3)],
        teams: [RecordedScore(id: 1, score: 9, rank: 1)])

    @Test func recordedStandingsWriteTheBytesTheirEncodableWalkWrites() throws {
        // At the top level the encoder walks `encode(to:)`; nested, it takes the value's own bytes.
        let walked = try OrderedJSONEncoder().encode(Self.standings)
        var own: [UInt8] = []
        Self.standings.appendJSON(to: &own)
        #expect(String(decoding: own, as: UTF8.self) == String(decoding: walked, as: UTF8.self))
        #expect(String(decoding: own, as: UTF8.self)
            == #"{"players":[{"id":12,"score":1840,"rank":1},{"id":3,"score":0,"rank":2},{"id":7,"score":-250,"rank":3}],"teams":[{"id":1,"score":9,"rank":1}]}"#)
    }

    @Test func aNestedSelfEncodingValueIsSplicedInPlaceAndDecodes() throws {
        let bytes = try OrderedJSONEncoder().encode(Holder(standings: Self.standings))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"type":"question_revealed","standings":{"players":[{"id":12,"#))
        #expect(text.hasSuffix(#""teams":[{"id":1,"score":9,"rank":1}]}}"#))
        #expect(try JSONDecoder().decode(RecordedStandings.self, from: Data(Array(bytes.dropFirst(40).dropLast()))) == Self.standings)
    }

    @Test func emptyStandingsAreEmptyArrays() throws {
        var own: [UInt8] = []
        RecordedStandings(players: [], teams: []).appendJSON(to: &own)
        #expect(String(decoding: own, as: UTF8.self) == #"{"players":[],"teams":[]}"#)
        #expect(try OrderedJSONEncoder().encode(RecordedStandings(players: [], teams: [])) == own)
    }
}
