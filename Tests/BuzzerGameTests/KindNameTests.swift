import Foundation
import Testing

/// Issue 40, "Done when": no Swift file under Sources/ names a kind outside that kind's own files
/// (a `Kinds/<Kind>/` folder in any module, or `Kinds/<Kind>Kind.swift` and its JSON half
/// `Kinds/<Kind>Kind+JSON.swift`), except its one register line and the importers. The scan reads
/// code only (comments may explain); `buzz` is matched where it is not the product's name
/// (`Buzzer`, `buzzer`), so `buzzers` (the kind's) counts.
@Suite struct KindNameTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The modules where `case .<name>` can only be a kind's (or a shape named after one): the
    /// transport, the formats and the test support have their own `.text`, `.number` and `.list`.
    static let kindCaseModules = ["BuzzerGame/", "BuzzerGameJSON/", "BuzzerReplay/", "BuzzerFuzz/", "BuzzerApp/", "BuzzerBench/", "buzzer/"]

    /// A kind the scan looks for: its type prefix (`Choice` for `ChoiceKind`, its folder for a kind
    /// with one), what names it anywhere, and what names it in `kindCaseModules` only.
    struct Kind {
        var type: String
        var pattern: String
        var casePattern: String?
    }

    /// The two kinds with a mechanic of their own: any mention of the word.
    /// The ten others: their type, constant, content accessor, a comparison of a kind with them, their
    /// name as a string literal, and `case .<name>`; not `"text"` or `"number"` (the pack's question
    /// text and JSON's numbers) nor `case .text`/`.number` (answer shapes several kinds answer in: a
    /// slider's `.number`, a buzz floor holder's `.text`; JSON's own `.number`).
    static let kinds: [Kind] = [
        Kind(type: "Buzz", pattern: #"(?i)buzz(?!er(?-i:(?!s)))"#),
        Kind(type: "Survey", pattern: #"(?i)survey"#),
    ] + [
        ("Choice", "choice"), ("Multi", "multi"), ("TrueFalse", "truefalse"), ("Text", "text"), ("Number", "number"),
        ("Poll", "poll"), ("Order", "order"), ("Pin", "pin"), ("Slider", "slider"), ("List", "list"),
    ].map { type, name in
        let shared = ["text", "number"].contains(name)
        let parts = [#"\b\#(type)Kind\b"#, #"QuestionKind\.\#(name)\b"#, #"\bkind\s*[!=]=\s*\.\#(name)\b"#, #"\bcontent\??\.\#(name)\b"#]
            + (shared ? [] : [#""\#(name)""#])
        return Kind(type: type, pattern: parts.joined(separator: "|"), casePattern: shared ? nil : #"case \.\#(name)\b|(?<![\w)\]?!])\.\#(name)\("#)
    }

    /// Whether `path` (relative to Sources/) is one of `type`'s own files.
    static func isOwn(_ path: String, by type: String) -> Bool {
        if path.contains("/Kinds/\(type)/") { return true }
        let name = (path as NSString).lastPathComponent
        return path.contains("Kinds/") && (name == "\(type)Kind.swift" || name.hasPrefix("\(type)Kind+"))
    }

    /// Files outside a kind's own files that may name it, each with why (paths relative to Sources/).
    static let allowed: [String: (kinds: Set<String>, why: String)] = [
        "BuzzerGame/Kinds/QuestionKind+Register.swift": (
            ["Buzz", "Survey", "Choice", "Multi", "TrueFalse", "Text", "Number", "Poll", "Order", "Pin", "Slider", "List"],
            "the one register line of each kind"),
        // A survey's `scoring: "poll"` (SurveyScoring.poll), the survey's own word, not the poll kind.
        "BuzzerGame/Kinds/Survey/SurveyKind.swift": (["Poll"], "the survey's own scoring `.poll`"),
        // `buzzer replay list`: a subcommand's name.
        "buzzer/ReplayListCommand.swift": (["List"], "the `replay list` subcommand's name"),
        // `buzzer bench buzz` (the kind's fairness benchmark, in the kind's folders): its one line in the bench's subcommands.
        "buzzer/BenchCommand.swift": (["Buzz"], "the `bench buzz` subcommand's register line"),
    ]

    /// The importers may name any kind: a spreadsheet's or OpenTDB's own words become kinds there.
    static let importers = ["BuzzerFormats/CSV/", "BuzzerFormats/OpenTDB/"]

    /// The code of a Swift file: whole-line comments dropped, a trailing `//` comment cut where it is outside a string.
    static func code(of text: String) -> [(line: Int, text: String)] {
        var lines: [(Int, String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.drop(while: { $0 == " " }).hasPrefix("//") { continue }
            var code = Substring(line)
            var search = code.startIndex
            while let range = code[search...].range(of: "//") {
                if code[..<range.lowerBound].filter({ $0 == "\"" }).count % 2 == 0 {
                    code = code[..<range.lowerBound]
                    break
                }
                search = range.upperBound
            }
            lines.append((number + 1, String(code)))
        }
        return lines
    }

    /// Each place a kind is named outside its own files: "path:line: code", by the kind's type prefix.
    static func strays() throws -> [String: [String]] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        let regexes = try kinds.map { kind in
            (kind, try NSRegularExpression(pattern: kind.pattern), try kind.casePattern.map { try NSRegularExpression(pattern: $0) })
        }
        var found: [String: [String]] = [:]
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift"), !importers.contains(where: path.hasPrefix) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            let lines = code(of: text)
            let casesCount = kindCaseModules.contains(where: path.hasPrefix)
            for (kind, regex, caseRegex) in regexes where !isOwn(path, by: kind.type) {
                for (line, code) in lines {
                    let range = NSRange(code.startIndex..., in: code)
                    guard regex.firstMatch(in: code, range: range) != nil
                        || (casesCount && caseRegex?.firstMatch(in: code, range: range) != nil) else { continue }
                    found[kind.type, default: []].append("\(path):\(line): \(code.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    @Test func noFileOutsideAKindsOwnFilesNamesIt() throws {
        let strays = try Self.strays()
        #expect(strays.count <= Self.kinds.count)
        for (folder, places) in strays {
            let unexplained = places.filter { place in
                let path = String(place.prefix { $0 != ":" })
                return Self.allowed[path]?.kinds.contains(folder) != true
            }
            #expect(unexplained.isEmpty, "\(folder) is named outside its own files:\n\(unexplained.joined(separator: "\n"))")
        }
    }

    @Test func theAllowListIsNotStale() throws {
        let strays = try Self.strays()
        for (path, entry) in Self.allowed {
            for folder in entry.kinds {
                let names = strays[folder]?.contains { $0.hasPrefix(path + ":") } ?? false
                #expect(names, "\(path) no longer names \(folder): take it off KindNameTests.allowed")
            }
        }
    }

    /// The scan finds what it looks for: each kind's own module file names it.
    @Test func theScanSeesTheKindsOwnFiles() throws {
        for kind in Self.kinds {
            let folder = ["Buzz", "Survey"].contains(kind.type) ? "\(kind.type)/" : ""
            let file = Self.sources.appendingPathComponent("BuzzerGame/Kinds/\(folder)\(kind.type)Kind.swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            let regex = try NSRegularExpression(pattern: kind.pattern)
            #expect(Self.code(of: text).contains { regex.firstMatch(in: $0.text, range: NSRange($0.text.startIndex..., in: $0.text)) != nil }, "\(kind.type)")
        }
    }

    /// The patterns name kinds, not English: each finds its kind's reference and not a neighbour's word.
    @Test func thePatternsMatchKindReferencesNotWords() throws {
        func matches(_ type: String, _ line: String) throws -> Bool {
            let kind = try #require(Self.kinds.first { $0.type == type })
            let range = NSRange(line.startIndex..., in: line)
            return try NSRegularExpression(pattern: kind.pattern).firstMatch(in: line, range: range) != nil
                || (try kind.casePattern.map { try NSRegularExpression(pattern: $0).firstMatch(in: line, range: range) != nil } ?? false)
        }
        #expect(try matches("Number", "NumberKind.text(value)"))
        #expect(try matches("Poll", "if content.kind == .poll {"))
        #expect(try matches("Choice", #"let kind = ["choice", "multi"]"#))
        #expect(try matches("TrueFalse", "case .truefalse(let truth):"))
        #expect(try matches("List", "content.list"))
        #expect(try !matches("List", "a list of texts"))
        #expect(try !matches("Text", #"("text", .string(text))"#))
        #expect(try !matches("Number", "case .number(let value):"))
        #expect(try !matches("Order", "in the right order"))
    }
}
