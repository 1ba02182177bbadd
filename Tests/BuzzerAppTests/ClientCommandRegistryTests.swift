import BuzzerFormats
import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerFuzz
import BuzzerGame

/// Issue 40: every client command is one type listed once in `ClientCommands.all`; decoding, the
/// router, the fuzzer and the docs read the list, so these hold the list itself.
struct ClientCommandRegistryTests {
    @Test func everyWireNameIsUnique() {
        let names = ClientMessageDefinition.all.map(\.name)
        #expect(Set(names).count == names.count, "a name defined twice: \(names.sorted())")
        #expect(ClientCommands.byName.count == ClientCommands.all.count)
        let titled = ClientCommands.all.filter { $0.title.isEmpty }.map { $0.wireName }
        #expect(titled.isEmpty, "\(titled) need a title for bad_phase")
    }

    /// A fuzzer-made instance of every command, written as a client writes it, reads back the same;
    /// or, when the fuzzer went past a documented range, it is refused as `bad_message` (changing nothing).
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func everyCommandRoundTripsThroughItsJSON(seed: UInt64) throws {
        var roundTrips: [String: Int] = [:]
        for number in 0..<5 {
            var game = FuzzGame(seed: seed, number: number, options: ProtocolFuzzer.Options(seed: seed, steps: 400))
            var report = ProtocolFuzzer.Report(seed: seed)
            // Random settings are often refused; after a few steps the fuzzer falls back to playable ones.
            while game.room == nil, game.step < 10 {
                game.step += 1
                try game.create(report: &report)
            }
            for _ in 0..<60 {
                guard let room = game.room else { break }
                for type in ClientCommands.all {
                    let command = type.fuzzed(in: room, by: &game)
                    let message = ClientMessage.command(AnyClientCommand(command))
                    let json = Array(JSONPrettyPrinter.print(message.jsonValue).utf8)
                    do {
                        let again = try ClientMessage.decode(json, packLimits: QuestionPackLimits())
                        #expect(again == message, "\(String(decoding: json, as: UTF8.self))")
                        roundTrips[type.wireName, default: 0] += 1
                    } catch {
                        #expect(error.request == type.wireName, "\(error.reason)")
                    }
                }
                // Move the game on, so the commands are made in every phase.
                let step = game.nextCommand()
                try? game.run(step, report: &report)
            }
        }
        let never = ClientCommands.all.map { $0.wireName }.filter { roundTrips[$0, default: 0] == 0 }
        #expect(never.isEmpty, "the fuzzer never made a valid \(never)")
    }

    /// A host command goes to the room as itself: its `decide` is the room's rule, and the room names it in refusals.
    @Test func theRoomRefusesAHostCommandInTheWrongPhaseByItsTitle() throws {
        var game = FuzzGame(seed: 9, number: 0, options: ProtocolFuzzer.Options(seed: 9, steps: 10))
        var report = ProtocolFuzzer.Report(seed: 9)
        game.step = 5  // playable settings and pack
        try game.create(report: &report)
        var room = try #require(game.room)
        #expect(throws: GameError.badPhase(command: RevealCommand.title, phase: .lobby)) {
            try room.handle(.host(RevealCommand()), at: game.now)
        }
    }

    /// architecture.md's "Adding a host command" names files that exist (or says "(new)"), and the registry.
    @Test func theArchitectureDocNamesTheFilesANewCommandTouches() throws {
        let root = LiveGameServer.packageRoot
        let text = try String(contentsOfFile: root + "/docs/architecture.md", encoding: .utf8)
        let start = try #require(text.range(of: "## Adding a host command"))
        let section = String(text[start.upperBound...]).components(separatedBy: "\n## ").first ?? ""
        #expect(section.contains("ClientCommands.all"))
        var named = 0
        for line in section.split(separator: "\n") {
            for piece in line.split(whereSeparator: { "`() ".contains($0) }) where piece.hasPrefix("Sources/") && piece.hasSuffix(".swift") {
                named += 1
                let isNew = line.contains("\(piece)` (new)")
                #expect(isNew || FileManager.default.fileExists(atPath: "\(root)/\(piece)"), "\(piece) does not exist")
            }
        }
        #expect(named >= 3)
    }
}
