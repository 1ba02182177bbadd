import Foundation
import Testing
@testable import BuzzerGame
import BuzzerGameJSON

/// The packs shipped in `questions/` must always load: a broken sample is the first thing a new host sees.
@Suite struct SampleLibraryTests {
    /// `questions/` at the package root, found from this file's path (Tests/BuzzerGameTests/<file>).
    static let libraryDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("questions")

    static func packFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: libraryDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func loadAll() throws -> [(file: String, pack: QuestionPack)] {
        try packFiles().map { url in
            let bytes = try [UInt8](Data(contentsOf: url))
            return (url.lastPathComponent, try QuestionPack.decode(json: bytes))
        }
    }

    @Test func everyPackDecodesWithoutErrors() throws {
        let files = try Self.packFiles()
        #expect(files.count >= 5)
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            do {
                let pack = try QuestionPack.decode(json: bytes)
                #expect(pack.validate().isEmpty, "\(url.lastPathComponent)")
            } catch {
                Issue.record("\(url.lastPathComponent): \(error.description)")
            }
        }
    }

    @Test func libraryIsBigAndVariedEnoughForABarNight() throws {
        let questions = try Self.loadAll().flatMap { $0.pack.rounds.flatMap(\.questions) }
        #expect(questions.count >= 60)
        #expect(Set(questions.map(\.category)).count >= 6)
        // A pin question needs a picture, and the samples ship none (media/ holds a checkout's uploads).
        // The samples predate slider and list.
        #expect(Set(questions.map(\.kind)) == Set(QuestionKind.allCases).subtracting([.pin, .slider, .list]))
    }

    @Test func everyPackUsesTitledRounds() throws {
        for (file, pack) in try Self.loadAll() {
            #expect(!pack.isFlat, "\(file)")
            #expect(pack.rounds.allSatisfy { $0.title != nil && !$0.questions.isEmpty }, "\(file)")
        }
    }

    @Test func libraryHasAWagerRoundAndDoublePointQuestions() throws {
        let packs = try Self.loadAll().map(\.pack)
        #expect(packs.contains { $0.rounds.contains(where: \.wager) })
        #expect(packs.contains { $0.rounds.contains { $0.questions.contains { $0.points == 2 && $0.timeLimit != nil } } })
    }

    @Test func choiceAnswersAreNotAlwaysInTheSamePosition() throws {
        var positions: Set<Int> = []
        for (_, pack) in try Self.loadAll() {
            for question in pack.rounds.flatMap(\.questions) {
                if case (_, let answer)? = question.content.choice { positions.insert(answer) }
            }
        }
        #expect(positions == [0, 1, 2, 3])
    }

    @Test func unicodeMathsSurvivesDecoding() throws {
        let texts = try Self.loadAll().flatMap { $0.pack.rounds.flatMap(\.questions) }
            .flatMap { [$0.text] + $0.content.options }
        #expect(texts.contains("What is ∫ x² dx?"))
        #expect(texts.contains("x³/3 + C"))
    }

    @Test func prettyJSONRoundTripsEveryPack() throws {
        for (file, pack) in try Self.loadAll() {
            let again = try QuestionPack.decode(json: Array(pack.prettyJSON().utf8))
            #expect(again == pack, "\(file)")
        }
    }
}
