import BuzzerGame
import Foundation

/// The server's folder of question packs, picked by name (the file name without `.json`).
/// Packs are read and validated on each use, so a host can drop a new file in during the night.
package struct QuestionLibrary: Sendable {
    package struct Entry: Sendable, Codable, Equatable {
        package var name: String
        package var title: String
        package var description: String?
        package var questionCount: Int
        package var rounds: Int
    }

    package let directory: String
    package let limits: QuestionPackLimits

    package init(directory: String, limits: QuestionPackLimits) {
        self.directory = directory
        self.limits = limits
    }

    /// Valid packs, sorted by title; broken files are skipped (`buzzer check` explains them).
    package func list() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.compactMap { file in
            let name = String(file.dropLast(5))
            guard let pack = try? load(name) else { return nil }
            return Entry(name: name, title: pack.title, description: pack.description, questionCount: pack.questionCount, rounds: pack.rounds.count)
        }.sorted { $0.title < $1.title }
    }

    /// The pack called `name`; names are plain file names, never paths.
    package func load(_ name: String) throws(LibraryError) -> QuestionPack {
        guard !name.isEmpty, name.count <= 100, !name.contains("/"), !name.hasPrefix("."), !name.contains("\0") else {
            throw .unknownPack(name)
        }
        let path = directory + "/" + name + ".json"
        guard let data = FileManager.default.contents(atPath: path) else { throw .unknownPack(name) }
        do {
            return try QuestionPack.decode(json: Array(data), limits: limits)
        } catch {
            throw .invalidPack(name: name, error)
        }
    }
}

package enum LibraryError: Error, CustomStringConvertible {
    case unknownPack(String)
    case invalidPack(name: String, QuestionPackErrors)

    package var description: String {
        switch self {
        case .unknownPack(let name): "There is no pack called \"\(name)\" in the question library."
        case .invalidPack(let name, let errors): "The library pack \"\(name)\" has problems:\n\(errors)"
        }
    }
}
