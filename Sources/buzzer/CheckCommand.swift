import ArgumentParser
import BuzzerGame
import Foundation

/// `buzzer check FILE`: validates a question pack the way `create` will.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a question pack and list every problem with its JSON path.")

    @Argument(help: "The pack file (JSON).")
    var file: String

    func run() throws {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("buzzer check: cannot read \(file)\n".utf8))
            throw ExitCode(2)
        }
        do {
            let pack = try QuestionPack.decode(json: Array(data))
            print("\(file): OK: \"\(pack.title)\", \(pack.questionCount) questions in \(pack.rounds.count) round(s)")
        } catch {
            FileHandle.standardError.write(Data("\(file): \(error.errors.count) problem(s)\n\(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
