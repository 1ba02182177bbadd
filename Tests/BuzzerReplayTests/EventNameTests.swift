import BuzzerGame
import Foundation
import Testing

/// Issue 40's rule for room events: an event's wire name is written once, in its own type's file
/// (`Sources/BuzzerGame/Events/<Type>.swift`, its `wireName`). Every other Swift file under Sources/
/// names events through the type (`AnswerRecorded.wireName`), never by a string literal.
@Suite struct EventNameTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where an event type's name is defined: the file named after the type, its room mechanic's
    /// file for a mechanic's event (the mechanic is one file), or for a kind's own event its kind's
    /// folder under Sources/BuzzerGame/Kinds/.
    static func definition(of type: any RoomEventPayload.Type) -> String {
        if let mechanic = RoomMechanics.all.first(where: { $0.events.contains { $0 == type } }) { return "Sources/BuzzerGame/Mechanics/\(mechanic).swift" }
        let events = "Sources/BuzzerGame/Events/\(type).swift"
        guard !FileManager.default.fileExists(atPath: root.appendingPathComponent(events).path) else { return events }
        let kinds = root.appendingPathComponent("Sources/BuzzerGame/Kinds")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: kinds.path)) ?? []
        return folders.sorted().map { "Sources/BuzzerGame/Kinds/\($0)/\(type).swift" }
            .first { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) } ?? events
    }

    /// The other categories' definition files: a name an event shares with one of them (`room_ended`
    /// is also an error code, `answers_closed` also a server message) may be written there too.
    /// The definitions of the error codes and the server messages, which share a few names with events
    /// (`room_ended`, `answers_closed`).
    static let sharedNameDefinitions: Set<String> = [
        "Sources/BuzzerGame/ProtocolErrorCode.swift",
        "Sources/BuzzerApp/Game/Messages/AnswersClosedPayload.swift",
    ]

    /// Every `.swift` file under Sources/, by its path from the package root, with its text.
    static func sources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            found.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return found
    }

    @Test func everyEventNameIsWrittenOnlyInItsOwnTypesFile() throws {
        let files = try Self.sources()
        #expect(files.count > 100, "Sources/ not found from \(Self.root.path)")
        for type in RoomEvents.all {
            let home = Self.definition(of: type)
            let literal = "\"\(type.wireName)\""
            let writers = files.filter { $0.text.contains(literal) }.map(\.path)
            #expect(writers.contains(home), "\(literal) is not in \(home)")
            let strays = writers.filter { $0 != home && !Self.sharedNameDefinitions.contains($0) }
            #expect(strays.isEmpty, "\(literal) is written in \(strays.sorted().joined(separator: ", "))")
        }
    }

    /// The file an event's name is in declares that event's type and says that name: a wire name
    /// cannot move to another type's file without this failing.
    @Test func eachEventFileDeclaresItsOwnTypeWithItsName() throws {
        for type in RoomEvents.all {
            let text = try String(contentsOf: Self.root.appendingPathComponent(Self.definition(of: type)), encoding: .utf8)
            #expect(text.contains("extension \(type): RoomEventPayload {") || text.contains("struct \(type): ExtensionEvent {")
                    || text.contains("extension \(type): ExtensionEvent {"), "\(type)")
            #expect(text.contains("static let wireName = \"\(type.wireName)\""), "\(type)")
        }
    }

    @Test func everyEventNameIsDistinctAndSnakeCase() {
        let names = RoomEvents.all.map { $0.wireName }
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }, "\(name)")
            #expect(RoomEvents.type(named: name)?.wireName == name)
        }
        #expect(RoomEvents.type(named: "no_such_event") == nil)
    }
}
