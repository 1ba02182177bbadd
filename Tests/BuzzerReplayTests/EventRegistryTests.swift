import BuzzerGame
import BuzzerGameJSON
import Foundation
import Testing

/// The registry of room events (`RoomEvents.all`) against what each event type says and against
/// the register (`RoomEvent`'s cases) and docs/archive-format.md: an event left out of any of them fails here.
@Suite struct EventRegistryTests {
    static let at: GameInstant = 1_795_416_062_339

    @Test func everyRegisteredEventRoundTripsThroughItsJSON() throws {
        for type in RoomEvents.all {
            let samples = type.sampleEvents(at: Self.at)
            #expect(!samples.isEmpty, "\(type) has no sample")
            for event in samples {
                #expect(event.type == type.wireName, "\(type)'s sample is the case of \(event.type)")
                #expect(event.at == Self.at)
                let data = try JSONEncoder().encode(event)
                let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                #expect(object["type"] as? String == type.wireName)
                #expect(try JSONDecoder().decode(RoomEvent.self, from: data) == event, "\(type.wireName)")
            }
        }
    }

    @Test func wireNamesAndTypesAreUnique() {
        let names = RoomEvents.all.map { $0.wireName }
        #expect(Set(names).count == names.count, "a wire name twice")
        #expect(Set(RoomEvents.all.map { ObjectIdentifier($0) }).count == RoomEvents.all.count, "a type twice")
    }

    /// Every case of `RoomEvent` wraps a registered type, and every registered type has its case:
    /// the register's three lines (case, `visit`, `all`) cannot drift apart. A kind's events share
    /// one case, `kind(KindEvent)`, and are registered by their kind (`QuestionKindModule.events`).
    @Test func everyCaseOfRoomEventIsRegistered() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Sources/BuzzerGame/RoomEvent.swift"), encoding: .utf8)
        let cases = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("case "), !trimmed.hasPrefix("case ."), trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { return nil }
            return String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        }
        // The room mechanics' and the question kinds' events share one boxed case (`extended`).
        let kinds = QuestionKind.allCases.flatMap { kind in kind.module.events }
        let core = RoomEvents.all.filter { type in !RoomMechanics.events.contains { $0 == type } && !kinds.contains { $0 == type } }
        #expect(cases.count == core.count + 1, "\(cases.count) cases, \(core.count) registered and the mechanics' case")
        #expect(Set(cases) == Set(core.map { "\($0)" }).union(["AnyExtensionEvent"]))
        for event in kinds { #expect(RoomEvents.all.contains { $0 == event }, "\(event) is registered") }
    }

    @Test func theArchiveFormatDocListsExactlyTheRegisteredEvents() throws {
        let listed = try ArchiveFormatDocTests.documentedRows().flatMap(\.types)
        #expect(listed.sorted() == RoomEvents.all.map { $0.wireName }.sorted())
    }

    /// A logged line of every type passes its own check on a room it fits, and no check traps on
    /// a room that has little of what it names (recovery quarantines, never crashes).
    @Test func everyLogCheckAnswersWithoutTrappingOnAnEmptyRoom() throws {
        let created = try #require(RoomCreated.samples(at: Self.at).first)
        let room = try Room.replay([.roomCreated(created)])
        for event in RoomEventSamples.all where event.type != RoomCreated.wireName {
            guard room.logProblem(event) == nil else { continue }
            var applied = room
            applied.apply(event)
        }
    }

    /// architecture.md's "Adding a room event" names files that exist (or says "(new)") and the
    /// registry, and "Where to add" counts the files its table lists.
    @Test func theArchitectureDocNamesTheFilesANewEventTouches() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try #require(text.range(of: "## Adding a room event"))
        let section = String(text[start.upperBound...]).components(separatedBy: "\n## ").first ?? ""
        #expect(section.contains("RoomEvents.all"))
        var named = 0
        for line in section.split(separator: "\n") {
            for piece in line.split(whereSeparator: { "`() ".contains($0) }) where piece.hasPrefix("Sources/") && piece.hasSuffix(".swift") {
                named += 1
                let isNew = line.contains("\(piece)` (new)")
                #expect(isNew || FileManager.default.fileExists(atPath: root.appendingPathComponent(String(piece)).path), "\(piece) does not exist")
            }
        }
        #expect(named >= 4)
        let rows = section.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| a new room event") })
        #expect(row.contains("| +\(rows.count) |"), "Where to add says \(row), the section lists \(rows.count) files")
    }
}
