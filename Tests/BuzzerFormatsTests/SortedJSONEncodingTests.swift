import Foundation
import Testing
@testable import BuzzerFormats

/// `OrderedJSONEncoder(sortingKeys: true)` is the server messages' wire form: byte for byte what
/// `JSONEncoder` writes with `.sortedKeys` and `.withoutEscapingSlashes`.
@Suite struct SortedJSONEncodingTests {
    static let reference: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    func both(_ value: some Encodable) throws -> (sorted: String, reference: String) {
        (String(decoding: try OrderedJSONEncoder(sortingKeys: true).encode(value), as: UTF8.self),
         String(decoding: try Self.reference.encode(value), as: UTF8.self))
    }

    struct Row: Encodable { var nickname: String; var id: Int; var status = "connected"; var reconnectingUntil: Int64? }
    struct Team: Encodable { var team = "t1"; var name = "Les Pintes de l'Ouest"; var waiting = 2; var members = 5 }
    struct Waiting: Encodable {
        var question = 7
        var players: [Row]
        var more = 0
        var teams = [Team(), Team(team: "t0", name: "東京クイズ部", waiting: 0, members: 3)]
        var groups: [[String: Int]]? = [["zebra": 1, "Apfel": 2, "äpfel": 3, "a10": 4, "a9": 5, "_x": 6, "😀": 7]]
        var ratio = 0.1
        var big = 1e16
        var nothing: String? = nil
    }

    @Test func nestedObjectsArraysAndDictionariesSortAsJSONEncoderDoes() throws {
        let value = Waiting(players: [
            Row(nickname: "Zoë \"the quiz\" Ångström / team\\two", id: 12, reconnectingUntil: 1_765_000_000_000),
            Row(nickname: "Lé\u{8}on\u{C}\n\t\u{1}\u{7F}\u{2028}", id: 3, reconnectingUntil: nil),
        ])
        let (sorted, reference) = try both(value)
        #expect(sorted == reference)
        #expect(sorted.hasPrefix(#"{"big":1e+16,"groups":[{"Apfel":2,"_x":6,"a10":4,"a9":5,"zebra":1,"äpfel":3,"😀":7}],"more":0,"#))
    }

    /// Keys compare by their UTF-8 bytes, not as Swift strings: a decomposed "é" sorts before "f".
    @Test func keysCompareByTheirBytes() throws {
        let (sorted, reference) = try both(["e\u{301}x": 1, "é": 2, "f": 3])
        #expect(sorted == reference)
        #expect(sorted == #"{"éx":1,"f":3,"é":2}"#)
    }

    @Test func alreadySortedAndSingleMemberObjectsAreLeftAsWritten() throws {
        struct Plain: Encodable { var a = 1; var b = ["only": true]; var c: [Int] = [] }
        let (sorted, reference) = try both(Plain())
        #expect(sorted == reference)
        #expect(sorted == #"{"a":1,"b":{"only":true},"c":[]}"#)
    }
}
