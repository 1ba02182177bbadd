import Foundation
import Testing

/// Issue 40, "Done when": no Swift file under Sources/ names a kind outside that kind's own files
/// (a `Kinds/<Kind>/` folder, in any module), except its one register line and the importers. The
/// scan reads code only (comments may explain); `buzz` is matched where it is not the product's name
/// (`Buzzer`, `buzzer`), so `buzzers` (the kind's) counts.
@Suite struct KindNameTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The kinds with a mechanic of their own, by folder name, with what names them.
    static let kinds: [(folder: String, pattern: String)] = [
        ("Buzz", #"(?i)buzz(?!er(?-i:(?!s)))"#),
        ("Survey", #"(?i)survey"#),
    ]

    /// Files outside a kind's folder that may name it, each with why (paths relative to Sources/).
    static let allowed: [String: (kinds: Set<String>, why: String)] = [
        "BuzzerGame/Kinds/QuestionKind+Register.swift": (["Buzz", "Survey"], "the one register line of each kind"),
        // The answer shapes: an answer's JSON `kind` is its shape's name, which is the kind that first
        // answered in it; the log's answer lines stay byte-identical, so the two shapes keep their names.
        "BuzzerGame/Kinds/QuestionKind.swift": (["Buzz", "Survey"], "the answer shapes `.buzz` and `.survey` (AnswerValue, AnswerShape)"),
        // `buzzer bench buzz`: the fairness benchmark of the kind's queue, a tool about the kind, not game code.
        "BuzzerBench/BuzzFairnessBenchmark.swift": (["Buzz"], "the kind's fairness benchmark"),
        "buzzer/BenchCommand.swift": (["Buzz"], "`buzzer bench buzz`"),
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

    /// Each place a kind is named outside its own files: "path:line: code".
    static func strays() throws -> [String: [String]] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var found: [String: [String]] = [:]
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift"), !importers.contains(where: path.hasPrefix) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (folder, pattern) in kinds where !path.contains("/Kinds/\(folder)/") {
                let regex = try NSRegularExpression(pattern: pattern)
                for (line, code) in code(of: text)
                where regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    found[folder, default: []].append("\(path):\(line): \(code.trimmingCharacters(in: .whitespaces))")
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
            #expect(unexplained.isEmpty, "\(folder) is named outside Kinds/\(folder)/:\n\(unexplained.joined(separator: "\n"))")
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

    /// The scan finds what it looks for: the kinds' own folders name them.
    @Test func theScanSeesTheKindsOwnFiles() throws {
        for (folder, pattern) in Self.kinds {
            let file = Self.sources.appendingPathComponent("BuzzerGame/Kinds/\(folder)/\(folder)Kind.swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            let regex = try NSRegularExpression(pattern: pattern)
            #expect(Self.code(of: text).contains { regex.firstMatch(in: $0.text, range: NSRange($0.text.startIndex..., in: $0.text)) != nil })
        }
    }
}
