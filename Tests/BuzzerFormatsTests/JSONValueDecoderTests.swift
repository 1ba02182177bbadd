import BuzzerFormats
import Testing

/// The config file and a `create`'s settings are decoded from the parsed tree: the same answers as
/// `JSONDecoder`, plus the members nobody read.
struct JSONValueDecoderTests {
    struct Inner: Codable, Equatable {
        var level: Int
        var name: String?
    }

    struct Outer: Codable, Equatable {
        var port: UInt16
        var ratio: Double
        var on: Bool
        var inner: Inner
        var list: [Inner]
        var extra: JSONValue?
    }

    private func decode(_ text: String) throws -> (value: Outer, unknownKeys: [String]) {
        try JSONValueDecoder().decodeReportingUnknownKeys(Outer.self, from: try JSONParser.parse(Array(text.utf8)))
    }

    @Test func decodesNestedValuesAndNamesEveryUnreadMemberByPathInDocumentOrder() throws {
        let result = try decode("""
            {"port": 8080, "portt": 1, "ratio": 0.5, "on": true, "inner": {"level": 3, "levle": 4},
             "list": [{"level": 1}, {"level": 2, "nam": "x"}], "extra": {"anything": [1, 2]}, "gone": null}
            """)
        #expect(result.value == Outer(port: 8080, ratio: 0.5, on: true, inner: Inner(level: 3), list: [Inner(level: 1), Inner(level: 2)],
                                      extra: .object([(key: "anything", value: .array([.number(1), .number(2)]))])))
        #expect(result.unknownKeys == ["portt", "inner.levle", "list[1].nam"])
    }

    @Test func refusesANumberOutsideTheIntegerTypeOrNotWholeAtItsPath() throws {
        for text in [#"{"port": 70000}"#, #"{"port": 1.5}"#, #"{"port": -1}"#] {
            let base = #"{"ratio": 1, "on": false, "inner": {"level": 1}, "list": []}"#
            let merged = String(base.dropLast()) + ", " + String(text.dropFirst())
            #expect {
                _ = try decode(merged)
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.codingPath.map(\.stringValue) == ["port"]
            }
        }
    }

    @Test func refusesAWrongTypeAndAMissingMemberWithTheirPaths() throws {
        #expect {
            _ = try decode(#"{"port": "80", "ratio": 1, "on": false, "inner": {"level": 1}, "list": []}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["port"]
        }
        #expect {
            _ = try decode(#"{"port": 80, "ratio": 1, "on": false, "inner": {}, "list": []}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "level" && context.codingPath.map(\.stringValue) == ["inner"]
        }
    }
}
