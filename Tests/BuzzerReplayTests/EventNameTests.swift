import BuzzerGame
import Foundation
import Testing

/// Issue 29's rule for room events: an event's wire name is written once, in `RoomEventType`.
/// Every other Swift file under Sources/ names events through the enum, never by a string literal.
@Suite struct EventNameTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the event names are defined.
    static let eventDefinitions: Set<String> = ["Sources/BuzzerGame/RoomEventType.swift"]

    /// The other categories' definition files: a name an event shares with one of them (`room_ended`
    /// is also an error code, `answers_closed` also a server message) may be written there too.
    /// The definitions of the error codes and the server messages, which share a few names with events
    /// (`room_ended`, `answers_closed`).
    static let sharedNameDefinitions: Set<String> = [
        "Sources/BuzzerGame/ProtocolErrorCode.swift",
        "Sources/BuzzerApp/Game/ServerMessageType.swift",
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

    @Test func everyEventNameIsWrittenOnlyInItsDefinition() throws {
        let files = try Self.sources()
        #expect(files.count > 100, "Sources/ not found from \(Self.root.path)")
        for type in RoomEventType.allCases {
            let literal = "\"\(type.rawValue)\""
            let writers = files.filter { $0.text.contains(literal) }.map(\.path)
            #expect(writers.contains { Self.eventDefinitions.contains($0) }, "\(literal) is not in its definition")
            let strays = writers.filter { !Self.eventDefinitions.contains($0) && !Self.sharedNameDefinitions.contains($0) }
            #expect(strays.isEmpty, "\(literal) is written in \(strays.sorted().joined(separator: ", "))")
        }
    }

    @Test func everyEventNameIsDistinctAndSnakeCase() {
        let names = RoomEventType.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(name.allSatisfy { $0 == "_" || ("a"..."z").contains($0) }, "\(name)")
            #expect(RoomEventType(wireName: name)?.rawValue == name)
        }
        #expect(RoomEventType(wireName: "no_such_event") == nil)
    }
}
