import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// Issue 29: no wire name of a client command, a server message or an error code is written as a
/// string literal (`"name"`, quotes included) in any Swift file under Sources/ but the definition of a
/// category it belongs to. Everything else refers to the definition. Room events have their own test.
/// Issue 40: a host command's definition is its own file (`ClientCommand`), named after its type, and
/// so is a server message's (`ServerMessageBody`).
struct WireNameTests {
    /// Each host command's file (relative to Sources/): BuzzerGame's, the app's for an app command,
    /// its room mechanic's (`RoomMechanic`: the mechanic is one file, its commands included), or for a
    /// kind's own command (`QuestionKindModule.commands`) its kind's folder, BuzzerGame/Kinds/<Kind>/.
    static let commandFiles: [(file: String, names: Set<String>)] = {
        let mechanics = Dictionary(RoomMechanics.all.map { mechanic in
            ("BuzzerGame/Mechanics/\(mechanic).swift", Set(mechanic.commands.map { $0.wireName }))
        }, uniquingKeysWith: { $0.union($1) })
        let kinds = (try? FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent("BuzzerGame/Kinds").path)) ?? []
        let own = ClientCommands.all.filter { type in !RoomMechanics.commands.contains { $0 == type } }.map { type in
            let name = "\(type).swift"
            let candidates = ["BuzzerGame/Commands/" + name] + kinds.sorted().map { "BuzzerGame/Kinds/\($0)/" + name }
            let file = candidates.first { FileManager.default.fileExists(atPath: sources.appendingPathComponent($0).path) } ?? "BuzzerApp/Game/Commands/" + name
            return (file, Set([type.wireName]))
        }
        return own + mechanics.map { ($0.key, $0.value) }
    }()

    /// Each server message's file (relative to Sources/): the one named after its type, wherever it is
    /// (a kind's message lives with the kind).
    static let messageFiles: [(file: String, names: Set<String>)] = ServerMessages.all.map { type in
        (swiftFiles.first { $0.hasSuffix("/\(type).swift") } ?? "\(type).swift (not found)", [type.wireName])
    }

    /// Each category's one definition file (relative to Sources/) and its names.
    static let categories: [(file: String, names: Set<String>)] = commandFiles + messageFiles + [
        ("BuzzerApp/Game/ClientMessageType.swift", Set(ClientMessageType.allCases.map(\.rawValue))),
        ("BuzzerGame/ProtocolErrorCode.swift", Set(ProtocolErrorCode.allCases.map(\.rawValue))),
    ]

    /// Names that are room events too (`answers_closed`, `room_ended`): the events' own test holds their
    /// literals to the event definition, which may spell them.
    static let sharedWithEvents: Set<String> = ["answers_closed", "room_ended"]

    /// The same word meaning something else where it is written: not a wire name of buzzer.v1, so not a copy
    /// of one. Each file lists exactly the words it may spell (a stale entry fails too, so the list only shrinks).
    static let homonyms: [String: Set<String>] = [
        // HTTP: the `Connection: close` header, the `Host` header, JSON error bodies' and logs' "error" key,
        // /healthz's statuses.
        "BuzzerWebSocket/HTTPRequestHead.swift": ["close"],
        "BuzzerWebSocket/HTTPResponse.swift": ["close"],
        "BuzzerTransport/WebSocketSession+HTTP.swift": ["close"],
        "BuzzerWebSocket/HTTPRequestParser.swift": ["host"],
        "BuzzerTestSupport/TestWebSocketClient.swift": ["host"],
        "BuzzerTransport/WebSocketSession.swift": ["error"],
        "BuzzerApp/Game/LiveRoom+Archive.swift": ["error"],
        "BuzzerApp/HTTP/LeagueRoutes.swift": ["error"],
        "BuzzerApp/Library/LibraryAPI.swift": ["error"],
        "buzzer/ServeCommand.swift": ["error"],
        "BuzzerApp/HTTP/StatusRoutes.swift": ["draining", "ok"],
        // The pages' paths (/host, /join), a connection's role in logs, log metadata keys.
        "BuzzerApp/Web/WebAssets.swift": ["host", "join"],
        "BuzzerApp/Game/GameClient.swift": ["host"],
        "BuzzerApp/Game/GameServer.swift": ["players"],
        "BuzzerApp/Game/LiveRoom.swift": ["players"],
        // The JSON keys that would show an answer, which the leak check looks for in every message.
        "BuzzerApp/Game/AnswerLeak.swift": ["answer"],
        // The question-pack format (docs/question-format.md) and its importers.
        "BuzzerGameJSON/QuestionPack+Codable.swift": ["break"],
        "BuzzerGameJSON/QuestionPack+Decoding.swift": ["answer", "break", "wager"],
        "BuzzerGameJSON/QuestionPack+PrettyJSON.swift": ["break", "wager"],
        "BuzzerGameJSON/Kinds/QuestionKindJSON.swift": ["answer"],
        "BuzzerFormats/CSV/CSVImporter.swift": ["answer"],
        "BuzzerFormats/OpenTDB/OpenTDBImporter.swift": ["answer"],
        // A kind's own name (the pack format's `kind`), declared in its module: the buzz kind shares the `buzz` command's word.
        "BuzzerGame/Kinds/Buzz/BuzzKind.swift": ["buzz"],
        // A room's phase `break` (`state.phase`), and the verbs of `bad_phase` sentences ("Cannot start while …").
        "BuzzerGame/RoomPhase.swift": ["break"],
        "BuzzerGame/RoomCommand.swift": ["answer", "join", "leave", "resume", "wager", "watch"],
        // The archive's and the league's keys, and the answer export's columns (docs/archive-format.md).
        "BuzzerGameJSON/RecordedStandings+JSON.swift": ["players"],
        // Command-line words: a benchmark's phase names, a subcommand, a verdict.
        "buzzer/BenchCommand.swift": ["resume", "reveal"],
        "buzzer/ReplayLeaderboardCommand.swift": ["leaderboard"],
        "buzzer/ReplayVerifyCommand.swift": ["ok"],
        // A correction's body and its command-line options: the HTTP API's own field names.
        "BuzzerApp/HTTP/CorrectionsRoute.swift": ["adjust", "answer", "question"],
        "BuzzerGame/Room+Corrections.swift": ["answer"],
        "buzzer/ReplayCorrectCommand.swift": ["adjust", "answer", "error", "question"],
        // The CSV header of `replay questions`.
        "buzzer/ReplayQuestionsCommand.swift": ["answer"],
    ]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file under Sources/, relative to it.
    static let swiftFiles: [String] = {
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String { if path.hasSuffix(".swift") { files.append(path) } }
        return files.sorted()
    }()

    /// Every `"word"` (lowercase letters and `_`, quotes included) in the file, whole-line comments left out:
    /// a doc comment's JSON example is not a literal.
    static func quotedWords(in text: String) -> Set<String> {
        var words: Set<String> = []
        for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " }).hasPrefix("//") {
            let bytes = Array(line.utf8)
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\"") else { index += 1; continue }
                var end = index + 1
                while end < bytes.count, bytes[end] == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
                if end > index + 1, end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                    words.insert(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                }
                index += 1
            }
        }
        return words
    }

    /// Each Swift file under Sources/ (its path relative to Sources/) with the wire names it spells.
    static func spelledNames() throws -> [String: Set<String>] {
        let all = categories.reduce(into: Set<String>()) { $0.formUnion($1.names) }
        var found: [String: Set<String>] = [:]
        for path in swiftFiles {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            let names = quotedWords(in: text).intersection(all)
            if !names.isEmpty { found[path] = names }
        }
        return found
    }

    @Test func noWireNameIsSpelledOutsideItsDefinition() throws {
        let spelled = try Self.spelledNames()
        #expect(spelled.count > 3, "the scan found the definitions in \(Self.sources.path)")
        for (file, names) in spelled.sorted(by: { $0.key < $1.key }) {
            let allowed = Self.categories.filter { $0.file == file }.reduce(into: Self.homonyms[file] ?? []) { $0.formUnion($1.names) }
            let copies = names.subtracting(allowed).subtracting(Self.sharedWithEvents)
            #expect(copies.isEmpty, "\(file) spells \(copies.sorted()): refer to the command's or the message's type (`wireName`), ClientMessageType or ProtocolErrorCode")
        }
    }

    @Test func theHomonymListIsNotStale() throws {
        let spelled = try Self.spelledNames()
        for (file, words) in Self.homonyms {
            let stale = words.subtracting(spelled[file] ?? [])
            #expect(stale.isEmpty, "\(file) no longer spells \(stale.sorted()): take it off WireNameTests.homonyms")
        }
    }

    /// Issue 40, "Done when": a host command's wire name is spelled in its own file only, and each file
    /// is found (a renamed type would otherwise hide its copies).
    @Test func eachHostCommandsWireNameIsSpelledInItsOwnFileOnly() throws {
        let spelled = try Self.spelledNames()
        for (file, names) in Self.commandFiles {
            #expect(spelled[file] == names, "\(file) defines \(names.sorted())")
            // Another meaning (a homonym), or another category's wire name (the server's `join_address`), is not a copy.
            let definitions = Self.categories.filter { $0.file != file }.reduce(into: [String: Set<String>]()) { $0[$1.file, default: []].formUnion($1.names) }
            let elsewhere = spelled.filter { other in
                other.key != file && !other.value.intersection(names).subtracting(Self.homonyms[other.key] ?? []).subtracting(definitions[other.key] ?? []).isEmpty
            }
            #expect(elsewhere.isEmpty, "\(names.sorted()) is also spelled in \(elsewhere.keys.sorted())")
        }
    }

    /// Issue 40, part 3: a server message's wire name is spelled in its own type's file only, as its
    /// `wireName`; every other file refers to the type.
    @Test func eachServerMessagesWireNameIsSpelledInItsOwnFileOnly() throws {
        let spelled = try Self.spelledNames()
        for (file, names) in Self.messageFiles {
            #expect(spelled[file]?.isSuperset(of: names) == true, "\(file) defines \(names.sorted())")
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            #expect(names.allSatisfy { text.contains("static let wireName = \"\($0)\"") }, "\(file) declares its type's wireName")
            let definitions = Self.categories.filter { $0.file != file }.reduce(into: [String: Set<String>]()) { $0[$1.file, default: []].formUnion($1.names) }
            let elsewhere = spelled.filter { other in
                other.key != file && !other.value.intersection(names).subtracting(Self.homonyms[other.key] ?? [])
                    .subtracting(definitions[other.key] ?? []).subtracting(Self.sharedWithEvents).isEmpty
            }
            #expect(elsewhere.isEmpty, "\(names.sorted()) is also spelled in \(elsewhere.keys.sorted())")
        }
    }

    @Test func theScannerFindsQuotedWordsOutsideComments() {
        let text = """
        /// {"type":"kick"} in a doc comment
        let a = "start", b = x ? "next" : "end" // "skip" after code counts
        let c = "not a word", d = #"{"type":"lock"}"#
        """
        #expect(Self.quotedWords(in: text) == ["start", "next", "end", "skip", "type", "lock"])
    }
}
