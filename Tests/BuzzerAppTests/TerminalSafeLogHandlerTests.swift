@testable import BuzzerApp
import Foundation
import Logging
import Synchronization
import Testing

/// Issue 28, defect 8: the server's `room created title=` line printed a pack's ESC and BEL raw.
@Suite struct TerminalSafeLogHandlerTests {
    /// Keeps what it is given, for the test to read.
    struct Capture: LogHandler {
        let box: Box
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        func log(event: LogEvent) { box.events.withLock { $0.append(event) } }
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
    }

    final class Box: Sendable {
        let events = Mutex<[LogEvent]>([])
    }

    @Test func escapesTheMessageAndEveryMetadataValue() throws {
        let box = Box()
        var logger = Logger(label: "test") { _ in TerminalSafeLogHandler(Capture(box: box)) }
        logger[metadataKey: "room"] = "AB\u{1B}CD"
        let title = "\u{1B}]0;pwned\u{07}\u{1B}[2J"
        logger.info("room created \(title)\nforged line", metadata: [
            "title": "\(title)", "list": .array(["\u{9B}1m"]), "nested": .dictionary(["k": "a\u{7F}"]),
        ])
        let event = try #require(box.events.withLock { $0.first })
        #expect(event.message.description == #"room created \u{1B}]0;pwned\u{7}\u{1B}[2J\u{A}forged line"#)
        #expect(event.metadata?["title"]?.description == #"\u{1B}]0;pwned\u{7}\u{1B}[2J"#)
        guard case .array(let list)? = event.metadata?["list"], case .string(let item)? = list.first,
              case .dictionary(let nested)? = event.metadata?["nested"], case .string(let value)? = nested["k"] else {
            Issue.record("the metadata changed shape: \(event.metadata ?? [:])")
            return
        }
        #expect(item == #"\u{9B}1m"#)
        #expect(value == #"a\u{7F}"#)
        #expect(logger[metadataKey: "room"]?.description == #"AB\u{1B}CD"#)
    }
}
