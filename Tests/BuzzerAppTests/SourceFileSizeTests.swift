import Foundation
import Testing

/// No Swift file under Sources/ grows past 400 lines (the scripts have the same rule in
/// Tests/Browser/test_page_layout.py): a file that long holds more than one job; split it by job.
struct SourceFileSizeTests {
    static let maxLines = 400

    @Test func noSwiftFileUnderSourcesIsOver400Lines() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var checked = 0
        var long: [String: Int] = [:]
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            if text.hasSuffix("\n") { lines -= 1 }
            checked += 1
            if lines > Self.maxLines { long[url.path.replacingOccurrences(of: sources.path + "/", with: "")] = lines }
        }
        #expect(checked > 100, "found the sources")
        #expect(long.isEmpty, "split these by job: \(long)")
    }
}
