import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import Foundation
import Testing

/// docs/archive-format.md's table of events is held to the registry (`RoomEvents.all`) and to what each event
/// writes: every type listed once, with exactly its fields, and nothing the game does not write.
@Suite struct ArchiveFormatDocTests {
    /// One row of the table: the types in its first column, the fields named in its third.
    struct Row {
        var types: [String]
        var fields: Set<String>
    }

    /// The rows of the table under "## Events". A field is a backticked name in the fields column
    /// outside parentheses (those explain it: `reason` (`deadline`, `host`…) names one field).
    static func documentedRows() throws -> [Row] {
        let doc = EventNameTests.root.appendingPathComponent("docs/archive-format.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "\n## Events\n").dropFirst().first)
        let body = section.components(separatedBy: "\n## ").first ?? section
        // A room mechanic's events are in its section of docs/mechanics.md, in a table of the same columns.
        let mechanics = try String(contentsOf: EventNameTests.root.appendingPathComponent("docs/mechanics.md"), encoding: .utf8)
        let mechanicRows = mechanics.components(separatedBy: "\n| event |").dropFirst().flatMap { table in
            table.split(separator: "\n").dropFirst(2).prefix { $0.hasPrefix("|") }
        }
        return (body.split(separator: "\n") + mechanicRows).filter { $0.hasPrefix("| `") }.map { line in
            let columns = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            return Row(types: backticked(columns[1]), fields: Set(backticked(outsideParentheses(columns[3]))))
        }
    }

    static func outsideParentheses(_ text: String) -> String {
        var depth = 0
        var kept = ""
        for character in text {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 { kept.append(character) }
        }
        return kept
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func everyEventTypeIsListedOnceAndNothingElse() throws {
        let listed = try Self.documentedRows().flatMap(\.types)
        let defined = RoomEvents.all.map { $0.wireName }
        #expect(listed.count == Set(listed).count, "a type listed twice")
        #expect(Set(listed).subtracting(defined).isEmpty, "listed but not an event: \(Set(listed).subtracting(defined).sorted())")
        #expect(Set(defined).subtracting(listed).isEmpty, "an event the table does not list: \(Set(defined).subtracting(listed).sorted())")
    }

    @Test func everyEventsFieldsAreListedAndNothingElse() throws {
        // `type` is the envelope's; `at` is written as the line's `time` (format 2).
        let envelope: Set<String> = ["type", ArchiveLineEncoder.instantField]
        for row in try Self.documentedRows() {
            var written: Set<String> = []
            for name in row.types {
                let type = try #require(RoomEvents.type(named: name))
                for event in RoomEventSamples.variants(type) {
                    written.formUnion(try RoomEventSamples.members(of: event).subtracting(envelope))
                }
            }
            #expect(row.fields == written, "\(row.types.joined(separator: " / ")): documented \(row.fields.sorted()), written \(written.sorted())")
        }
    }

    /// Each event goes through the archive's line encoder and back unchanged, under its own name.
    @Test func everyEventRoundTripsThroughAnArchiveLine() throws {
        for event in RoomEventSamples.all {
            let prepared = try ArchiveLineEncoder.prepare(room: "AVJKT8", time: event.at, encoding: event)
            #expect(prepared.type == event.type)
            let bytes = ArchiveLineEncoder.line(seq: 1, prepared: prepared).dropLast()
            let line = ArchiveLine(version: 2, seq: 1, time: event.at, room: "AVJKT8", type: prepared.type, bytes: Array(bytes), file: "test", lineNumber: 1)
            #expect(try line.decode(RoomEvent.self) == event, "\(event.type)")
        }
    }
}
