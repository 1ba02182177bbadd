import Foundation
import Testing

/// The docs stay short and their links lead somewhere: no docs/*.md over 400 lines, and every relative
/// link in docs/ and README.md names a file that exists and, for a `#anchor` into a Markdown file, one
/// of its headings (GitHub's anchors: lowercase, punctuation dropped, spaces to `-`, `-1`… for repeats).
@Suite struct DocsLayoutTests {
    static let maxLines = 400
    static let root = URL(fileURLWithPath: LiveGameServer.packageRoot)

    /// docs/*.md and README.md, as paths from the package root.
    static func markdownFiles() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines outside fenced code blocks, with inline code spans removed (neither holds links).
    static func prose(_ text: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in text.components(separatedBy: "\n") {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if !inFence { lines.append(line) }
        }
        return lines
    }

    /// The text of a line without its `code spans`' backticks (kept: a heading's anchor has their text).
    static func withoutBackticks(_ line: String) -> String { line.replacingOccurrences(of: "`", with: "") }

    /// The line with every `code span` taken out (a `[x](y)` in code is no link).
    static func withoutCodeSpans(_ line: String) -> String {
        line.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined()
    }

    /// GitHub's anchor for a heading's text: links reduced to their text, lowercase, everything but
    /// letters, digits, `_`, `-` and spaces dropped, then each space a `-`.
    static func slug(_ heading: String) -> String {
        var text = withoutBackticks(heading)
        // `[text](url)` reads as `text`.
        while let open = text.range(of: "]("), let close = text.range(of: ")", range: open.upperBound..<text.endIndex),
              let start = text.range(of: "[", options: .backwards, range: text.startIndex..<open.lowerBound) {
            text.replaceSubrange(start.lowerBound..<close.upperBound, with: text[start.upperBound..<open.lowerBound])
        }
        let kept = text.lowercased().unicodeScalars.filter { scalar in
            scalar == "-" || scalar == " " || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    /// Every anchor a file offers: its headings' (repeats numbered as GitHub does) and `<a id>`/`<a name>`.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in prose(text) {
            if line.hasPrefix("#") {
                let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                let base = slug(heading)
                let count = seen[base, default: 0]
                seen[base] = count + 1
                anchors.insert(count == 0 ? base : "\(base)-\(count)")
            }
            for marker in [#"<a id=""#, #"<a name=""#] {
                for piece in line.components(separatedBy: marker).dropFirst() {
                    if let end = piece.firstIndex(of: "\"") { anchors.insert(String(piece[..<end])) }
                }
            }
        }
        return anchors
    }

    /// The targets of the file's `[text](target)` and `![alt](target)` links, outside code.
    static func links(in text: String) -> [String] {
        var targets: [String] = []
        for line in prose(text).map(withoutCodeSpans) {
            var rest = Substring(line)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target = after[..<close].split(separator: " ").first.map(String.init) ?? ""
                targets.append(target)
                rest = after[close...]
            }
        }
        return targets
    }

    /// A relative path with its `.` and `..` steps taken (`docs/../README.md` is `README.md`).
    static func normalized(_ path: String) -> String {
        var steps: [Substring] = []
        for step in path.split(separator: "/") where step != "." {
            if step == "..", let last = steps.last, last != ".." { steps.removeLast() } else { steps.append(step) }
        }
        return steps.joined(separator: "/")
    }

    /// What is wrong with one file's relative links: a missing file, or an anchor no heading makes.
    static func brokenLinks(in path: String) throws -> [String] {
        try brokenLinks(in: read(path), at: path)
    }

    /// The same for a file's text, as if it were at `path`.
    static func brokenLinks(in text: String, at path: String) throws -> [String] {
        let folder = (path as NSString).deletingLastPathComponent
        var broken: [String] = []
        for target in links(in: text) where !target.isEmpty && !target.contains(":") {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let file = parts[0].isEmpty ? path : normalized(folder.isEmpty ? parts[0] : folder + "/" + parts[0])
            guard file == path || FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path) else {
                broken.append("\(path): \(target): no file \(file)")
                continue
            }
            guard parts.count == 2, file.hasSuffix(".md") else { continue }
            let offered = try anchors(in: file == path ? text : read(file))
            if !offered.contains(parts[1]) {
                broken.append("\(path): \(target): no heading in \(file) makes #\(parts[1])")
            }
        }
        return broken
    }

    @Test func noDocIsOver400Lines() throws {
        for path in try Self.markdownFiles() where path.hasPrefix("docs/") {
            let lines = try Self.read(path).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= Self.maxLines, "\(path) has \(lines) lines: split it by what it covers")
        }
    }

    @Test func everyRelativeLinkInTheDocsLeadsToAFileAndHeading() throws {
        let broken = try Self.markdownFiles().flatMap { try Self.brokenLinks(in: $0) }
        #expect(broken == [], "\(broken.joined(separator: "\n"))")
    }

    /// The rules the link check relies on, on the headings the docs have.
    @Test func anchorsFollowGitHubsRules() {
        #expect(Self.slug("Code layout: screens over one store") == "code-layout-screens-over-one-store")
        #expect(Self.slug("The question index and `GET /api/questions/stats`") == "the-question-index-and-get-apiquestionsstats")
        #expect(Self.slug("Server → client") == "server--client")
        #expect(Self.slug("`game.roomDefaults`") == "gameroomdefaults")
        #expect(Self.slug("Joining, resuming, leaving") == "joining-resuming-leaving")
        #expect(Self.anchors(in: "## Tests\n\n```\n# not a heading\n```\n## Tests\n") == ["tests", "tests-1"])
        #expect(Self.links(in: "See [a](a.md#x), `[b](b.md)` and ![c](c.png).\n```\n[d](d.md)\n```") == ["a.md#x", "c.png"])
    }

    /// A link that leads nowhere is found, so the check above can fail.
    @Test func aMissingFileOrAnchorIsFound() throws {
        let text = "## Here\n[gone](no-such-doc.md) [bad](../README.md#no-such-heading) [fine](../README.md) [self](#here) [not](#there)\n"
        let broken = try Self.brokenLinks(in: text, at: "docs/example.md")
        #expect(broken.count == 3, "\(broken)")
        #expect(broken.contains { $0.contains("no file docs/no-such-doc.md") })
        #expect(broken.contains { $0.contains("#no-such-heading") })
        #expect(broken.contains { $0.contains("#there") })
    }
}
