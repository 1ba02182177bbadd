import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame
import BuzzerWebSocket

/// Issue 40: an error is one definition carrying its code and its message. Every error a client can
/// receive (`error` on `/ws`, the HTTP API's JSON errors) is a case of `GameError` or `AppError`, whose
/// one `definition` switch writes its code and message together; each code's string is written once,
/// in `ProtocolErrorCode`.
struct ErrorDefinitionTests {
    /// One of each `AppError` case (each arm of its `definition`).
    static let appErrors: [AppError] = [
        .notText, .notUnderstood(reason: "no type"), .displayOnly(type: "sound_report"), .notInRoom, .alreadyInRoom(room: "K7QM2X"),
        .requestPending, .roomNotFound(code: ""), .roomNotFound(code: "K7QM2X"), .tooManyWrongCodes, .tooManyJoins(retryAfterSeconds: 3),
        .tooManyDisplays(inRoom: true, max: 4), .tooManyDisplays(inRoom: false, max: 8), .unknownAddress(url: "http://x", offered: ["http://y"]),
        .tooManyHostCommands(burst: 20, perMinute: 120, retryAfterSeconds: 1), .tooManyCreatesFromAddress(retryAfterSeconds: 30),
        .tooManyCreatesOnConnection(limit: 20), .libraryTokenRequired(given: false), .libraryTokenRequired(given: true),
        .leagueGameTokenRequired, .cannotStartLeague(reason: "The league file is full."), .unknownLeagueWithoutName(id: "crown"),
        .packTooLarge(bytes: 300_000, max: 262_144), .libraryPackNotFound(name: "quiz"), .libraryPackInvalid(name: "quiz", problem: "no questions"),
        .archiveUnavailable, .archiveFailedCreate, .diskLow(freeMiB: 12), .draining, .tooManyRooms(max: 500), .noFreeCode,
        .unencodable(type: "state"), .computeRateLimited(retryAfterSeconds: 2), .standingsBusy(league: "crown", retryAfterSeconds: 1),
        .nightsBusy(retryAfterSeconds: 1), .correctionsBusy, .qrUndrawable, .badLeagueID, .badAsOf, .unknownLeague(id: "crown"),
        .unknownLeagueGame(league: "crown", key: "K-1"), .unknownNight(league: "crown", key: "K-1"), .unreadableNight(game: "K-1"),
        .badAliasBody, .badAliasKind, .badAliasLength(max: 64), .badAliasQuery(max: 64), .badLeagueSettings,
        .leagueChangeInvalid(reason: "no such alias"), .leagueFileUnreadable(reason: "bad JSON"), .leagueFileUnwritable(reason: "disk full"),
        .leagueTokenRequired, .deviceRequired, .badDevice(maxBytes: 128),
    ]

    /// The quoted word `"code"` in each Swift file under Sources/, by path relative to Sources/.
    static func filesSpelling(_ codes: Set<String>) throws -> [String: Set<String>] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: WireNameTests.sources.path))
        var found: [String: Set<String>] = [:]
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: WireNameTests.sources.appendingPathComponent(path), encoding: .utf8)
            let spelled = WireNameTests.quotedWords(in: text).intersection(codes)
            if !spelled.isEmpty { found[path] = spelled }
        }
        return found
    }

    /// The same word as a code, meaning something else there: `room_ended` is also a room event (whose
    /// own test holds it to its type's file, `EventNameTests`), `draining` also a `/healthz` status,
    /// `kicked` also the server message that tells the player (its type's file, `WireNameTests`).
    static let otherMeanings: [String: Set<String>] = [
        "BuzzerApp/Game/Messages/KickedPayload.swift": ["kicked"],
        "BuzzerGame/Events/RoomEnded.swift": ["room_ended"],
        "BuzzerApp/HTTP/StatusRoutes.swift": ["draining"],
    ]

    @Test func noErrorCodeIsSpelledOutsideProtocolErrorCode() throws {
        let codes = Set(ProtocolErrorCode.allCases.map(\.rawValue))
        let spelled = try Self.filesSpelling(codes)
        #expect(spelled["BuzzerGame/ProtocolErrorCode.swift"] == codes, "the scan found the definition in \(WireNameTests.sources.path)")
        for (file, words) in spelled.sorted(by: { $0.key < $1.key }) where file != "BuzzerGame/ProtocolErrorCode.swift" {
            let copies = words.subtracting(Self.otherMeanings[file] ?? [])
            #expect(copies.isEmpty, "\(file) spells the error codes \(copies.sorted()): define the error in GameError or AppError and use ProtocolErrorCode")
        }
        for (file, words) in Self.otherMeanings {
            #expect(words.isSubset(of: spelled[file] ?? []), "\(file) no longer spells \(words.sorted()): take it off otherMeanings")
        }
    }

    @Test func codeAndDescriptionAreTheDefinitions() {
        let errors: [any DefinedError] = Self.appErrors + [GameError.roomFull(max: 8), .noSeatsLeft(max: 9), .wrongQuestion(expected: 1, got: 0),
                                                           .wrongQuestion(expected: nil, got: 4), .limitReached(kind: .scoreAdjustments, max: 3)]
        for error in errors {
            #expect(error.code == error.definition.code && error.description == error.definition.message)
            #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(error.code): one sentence")
        }
        #expect(GameError.roomFull(max: 8).definition == ErrorDefinition(.roomFull, "The room is full (8 players)."))
        #expect(GameError.wrongQuestion(expected: 1, got: 0).description == "That answer is for question 1, but question 2 is current.")
        #expect(GameError.wrongQuestion(expected: nil, got: 4).description == "That answer is for question 5, but no question is current.")
        #expect(AppError.packTooLarge(bytes: 300_000, max: 262_144).description.hasPrefix("This pack is 293 KB; a pack sent with create may be at most 256 KB"))
        #expect(LibraryError.unknownPack("quiz").definition == AppError.libraryPackNotFound(name: "quiz").definition)
        // A sequence out of any game's range is written back as it came, never trapping.
        #expect(GameError.unknownQuestion(.max).description == "Question \(Int.max) has not been asked.")
        #expect(GameError.wrongQuestion(expected: nil, got: .max).code == .wrongQuestion)
        #expect(GameError.wrongQuestion(expected: 0, got: .max).description.hasPrefix("That answer is for question \(Int.max), but question 1"))
    }

    /// The app's codes are documented where a client meets them: `/ws`'s in docs/protocol-errors.md's
    /// table, the HTTP API's own in docs/league.md.
    @Test func everyAppErrorsCodeIsDocumented() throws {
        let wsTable = try ProtocolErrorCodesTests.documentedCodes()
        let league = try String(contentsOfFile: LiveGameServer.packageRoot + "/docs/league.md", encoding: .utf8)
        for error in Self.appErrors {
            if error.code.isSentToClients {
                #expect(wsTable.contains(error.code.rawValue), "\(error.code.rawValue) is not in docs/protocol-errors.md's table")
            } else {
                #expect(league.contains("`\(error.code.rawValue)`"), "\(error.code.rawValue) is not in docs/league.md")
            }
        }
    }

    /// A coded HTTP refusal is `{"error": message, "code": code}` with the route's status.
    @Test func anHTTPRefusalCarriesItsDefinition() throws {
        let response = LeagueRoutes.error(404, .unknownLeague(id: "crown"))
        #expect(response.status == 404)
        let body = try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: String])
        #expect(body == ["code": "unknown_league", "error": "There is no league crown on this server yet: it starts with its first game."])
        let limited = ComputeRateLimit.tooMany(retryAfterSeconds: 3)
        #expect(limited.status == 429 && limited.headers.first(name: "Retry-After") == "3")
        #expect(String(decoding: limited.body, as: UTF8.self).contains(#""code":"rate_limited""#))
    }
}
