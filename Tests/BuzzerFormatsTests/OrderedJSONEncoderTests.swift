import Foundation
import Testing
@testable import BuzzerFormats

@Suite struct OrderedJSONEncoderTests {
    struct Inner: Codable, Equatable { var kind = "multi"; var options = [0, 2] }
    struct Wrapped: Codable, Equatable {
        var raw: Int
        init(_ raw: Int) { self.raw = raw }
        init(from decoder: any Decoder) throws { raw = try decoder.singleValueContainer().decode(Int.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(raw)
        }
    }
    struct Event: Codable, Equatable {
        var type = "answer_recorded"
        var sequence = 3
        var player = Wrapped(7)
        var answer = Inner()
        var note: String? = nil
        var ratio = 2.5
        var whole = 1969.0
        var negative: Int64 = -42
        var big = UInt64.max
        var flags = [true, false]
        var empty: [String: Int] = [:]
        var sorted = ["b": 2, "a": 1]
    }

    @Test func writesMembersInDeclarationOrderAndSkipsNilOptionals() throws {
        let bytes = try OrderedJSONEncoder().encode(Event())
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == #"{"type":"answer_recorded","sequence":3,"player":7,"answer":{"kind":"multi","options":[0,2]},"ratio":2.5,"whole":1969,"negative":-42,"big":18446744073709551615,"flags":[true,false],"empty":{},"sorted":{"a":1,"b":2}}"#)
        #expect(try JSONDecoder().decode(Event.self, from: Data(bytes)) == Event())
    }

    @Test func roundTripsThroughJSONDecoderLikeJSONEncoder() throws {
        var event = Event()
        event.note = "tab\t\"quote\" \\ \u{1} é ∫"
        event.ratio = 0.1
        event.whole = -1e-7
        let ours = try JSONDecoder().decode(Event.self, from: Data(OrderedJSONEncoder().encode(event)))
        #expect(ours == event)
    }

    @Test func appendsMembersAfterExistingBytesAndLeavesOutAMatchingOmittedMember() throws {
        struct Timed: Encodable { var type = "x"; var at: Int64 = 12; var n = 1 }
        var out = Array(#"{"time":12"#.utf8)
        let encoder = OrderedJSONEncoder(omitting: .init(key: "at", value: Array("12".utf8)))
        let members = try encoder.appendMembers(of: Timed(), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == #"{"time":12,"type":"x","n":1}"#)
        #expect(members == [.init(key: "type", string: "x"), .init(key: "n", string: nil)])
    }

    @Test func refusesToDropAnOmittedMemberWithAnotherValue() {
        struct Timed: Encodable { var type = "x"; var at: Int64 = 13 }
        var out: [UInt8] = []
        let encoder = OrderedJSONEncoder(omitting: .init(key: "at", value: Array("12".utf8)))
        #expect(throws: EncodingFailure.omittedMemberDiffers(key: "at", expected: "12", found: "13")) {
            _ = try encoder.appendMembers(of: Timed(), to: &out)
        }
    }

    @Test func refusesNonObjectsDuplicateKeysAndNonFiniteNumbers() {
        struct Twice: Encodable {
            enum Key: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .a)
            }
        }
        var out: [UInt8] = []
        #expect(throws: EncodingFailure.notAnObject) { _ = try OrderedJSONEncoder().appendMembers(of: [1], to: &out) }
        #expect(throws: EncodingFailure.duplicateKey("a")) { _ = try OrderedJSONEncoder().appendMembers(of: Twice(), to: &out) }
        // Sorting keys, a key twice is refused as the object closes (`JSONEncoder` would keep the last).
        #expect(throws: EncodingFailure.duplicateKey("a")) { _ = try OrderedJSONEncoder(sortingKeys: true).encode(Twice()) }
        #expect(throws: EncodingFailure.nonFiniteNumber(path: "[0]")) { _ = try OrderedJSONEncoder().encode([Double.infinity]) }
    }

    @Test func refusesAContainerUsedAfterItsParentMovedOn() {
        struct Interleaved: Encodable {
            enum Key: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var nested = container.nestedUnkeyedContainer(forKey: .a)
                try container.encode(1, forKey: .b)
                try nested.encode(2)
            }
        }
        #expect(throws: EncodingFailure.outOfOrder(path: "a[0]")) { _ = try OrderedJSONEncoder().encode(Interleaved()) }
    }

    @Test func nestedContainersUsedInOrderAreWritten() throws {
        struct Nested: Encodable {
            enum Key: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var nested = container.nestedUnkeyedContainer(forKey: .a)
                try nested.encode(1)
                try nested.encode("two")
                try container.encode(3, forKey: .b)
            }
        }
        #expect(String(decoding: try OrderedJSONEncoder().encode(Nested()), as: UTF8.self) == #"{"a":[1,"two"],"b":3}"#)
    }
}
