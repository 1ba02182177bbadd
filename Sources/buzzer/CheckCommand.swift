import ArgumentParser
import BuzzerApp
import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// `buzzer check FILE`: validates a question pack the way `create` will.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a question pack and list every problem with its JSON path.")

    @Argument(help: "The pack file (JSON).")
    var file: String

    @Option(help: "The media folder its pictures and sounds must be in (default: a \"media\" folder beside the pack's folder, if there is one).")
    var media: String?

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data(TerminalText.escaped("buzzer check: cannot read \(file)\n", keepingLineBreaks: true).utf8))
            throw ExitCode(2)
        }
        let pack: QuestionPack
        do {
            pack = try QuestionPack.decode(json: Array(data))
        } catch {
            FileHandle.standardError.write(Data(TerminalText.escaped("\(file): \(error.errors.count) problem(s)\n\(error)\n", keepingLineBreaks: true).utf8))
            throw ExitCode(1)
        }
        let references = pack.rounds.flatMap(\.questions).flatMap { ($0.media?.references ?? []) + ($0.revealMedia?.references ?? []) }
        if !references.isEmpty {
            let folder = media ?? URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("../media").standardizedFileURL.path
            let missing = MediaStore(directory: folder).missing(in: pack)
            if !missing.isEmpty {
                let lines = missing.map { "\($0.path): \($0.reference) is not in the media folder \(folder)" }
                FileHandle.standardError.write(Data(TerminalText.escaped("\(file): \(missing.count) problem(s)\n\(lines.joined(separator: "\n"))\n", keepingLineBreaks: true).utf8))
                throw ExitCode(1)
            }
        }
        print("\(file): OK: \"\(pack.title)\", \(pack.questionCount) questions in \(pack.rounds.count) round(s)\(references.isEmpty ? "" : ", \(references.count) media file(s) found")")
    }
}
