import ArgumentParser
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// `buzzer import opentdb|csv FILE -o pack.json`: converts other formats into question packs.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert questions from another format into a Buzzer pack.",
        subcommands: [OpenTDB.self, CSV.self])

    struct CSV: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "csv",
            abstract: "Convert a spreadsheet's CSV export (one question per row; see docs/question-library.md) into a pack.")

        @Argument(help: "The CSV file (UTF-8, a header row naming the columns).")
        var file: String

        @Option(name: .shortAndLong, help: "Where to write the pack.")
        var output: String

        @Option(help: "The pack's title (default: the file's name).")
        var title: String?

        func run() throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data(TerminalText.escaped("buzzer import: cannot read \(file)\n", keepingLineBreaks: true).utf8))
                throw ExitCode(2)
            }
            let name = title ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            let imported: (document: JSONValue, rowLines: [String: Int])
            do {
                imported = try CSVImporter.packDocument(from: Array(data), title: name)
            } catch {
                FileHandle.standardError.write(Data(TerminalText.escaped("buzzer import: \(file): \(error)\n", keepingLineBreaks: true).utf8))
                throw ExitCode(1)
            }
            do {
                let pack = try QuestionPack.decode(imported.document)
                try Data(pack.prettyJSON().utf8).write(to: URL(fileURLWithPath: output))
                print("wrote \(output): \(pack.questionCount) questions in \(pack.rounds.count) round(s)")
            } catch let errors as QuestionPackErrors {
                // Each problem with the CSV line its question came from.
                let lines = errors.errors.map { error -> String in
                    guard case .invalid(let path, _) = error,
                          let line = imported.rowLines.first(where: { path == $0.key || path.hasPrefix($0.key + ".") })?.value else { return "\(error)" }
                    return "line \(line): \(error)"
                }
                FileHandle.standardError.write(Data(TerminalText.escaped("buzzer import: \(file): the pack is not valid:\n\(lines.joined(separator: "\n"))\n", keepingLineBreaks: true).utf8))
                throw ExitCode(1)
            }
        }
    }

    struct OpenTDB: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "opentdb",
            abstract: "Convert an Open Trivia Database API response (results[]) into a pack.")

        @Argument(help: "The saved API response (JSON).")
        var file: String

        @Option(name: .shortAndLong, help: "Where to write the pack.")
        var output: String

        @Option(help: "The pack's title.")
        var title: String = "Open Trivia Database"

        @Flag(help: "One round for everything instead of one round per category.")
        var singleRound = false

        func run() throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data(TerminalText.escaped("buzzer import: cannot read \(file)\n", keepingLineBreaks: true).utf8))
                throw ExitCode(2)
            }
            do {
                let document = try OpenTDBImporter.packDocument(from: data, title: title, rounds: singleRound ? .single : .byCategory)
                let pack = try QuestionPack.decode(document)
                try Data(pack.prettyJSON().utf8).write(to: URL(fileURLWithPath: output))
                print("wrote \(output): \(pack.questionCount) questions in \(pack.rounds.count) round(s)")
            } catch let error as OpenTDBImportError {
                FileHandle.standardError.write(Data(TerminalText.escaped("buzzer import: \(file): \(error)\n", keepingLineBreaks: true).utf8))
                throw ExitCode(1)
            } catch let error as QuestionPackErrors {
                FileHandle.standardError.write(Data(TerminalText.escaped("buzzer import: \(file): the imported pack is not valid:\n\(error)\n", keepingLineBreaks: true).utf8))
                throw ExitCode(1)
            }
        }
    }
}
