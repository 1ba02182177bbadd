import BuzzerGame

/// The app's own refusals, on `/ws` (messages that never reach a room, rooms that cannot be made) and
/// in the HTTP API's JSON errors. A refusal changes nothing. Like `GameError`, each case's code and
/// message are written once, in `definition`; an HTTP route picks the status it answers with.
package enum AppError: DefinedError, Equatable {
    // MARK: `/ws`: the message itself
    /// A binary WebSocket message.
    case notText
    /// Not JSON, or a field missing, mistyped or out of range (`reason` names it).
    case notUnderstood(reason: String)
    /// A projector's report from a connection that is no projector.
    case displayOnly(type: String)

    // MARK: `/ws`: entering a room
    case notInRoom
    case alreadyInRoom(room: String)
    /// A second create/join/... while one is pending.
    case requestPending
    case roomNotFound(code: String)
    /// An address past `rooms.failedJoinsPerMinute` wrong codes.
    case tooManyWrongCodes
    /// A join past the address's allowance (`rooms.joinBurst`, `rooms.joinsPerMinute`).
    case tooManyJoins(retryAfterSeconds: Int64)
    /// A `watch` past `rooms.maxDisplaysPerRoom` (`inRoom`) or `rooms.maxDisplaysPerAddress`.
    case tooManyDisplays(inRoom: Bool, max: Int)
    /// `join_address` named an address the room does not offer.
    case unknownAddress(url: String, offered: [String])
    /// A host past `rooms.hostCommandBurst` or `rooms.hostCommandsPerMinute`.
    case tooManyHostCommands(burst: Int, perMinute: Int, retryAfterSeconds: Int64)

    // MARK: `/ws`: create
    case tooManyCreatesFromAddress(retryAfterSeconds: Int64)
    case tooManyCreatesOnConnection(limit: Int)
    /// A library pack without the edit token (`given`: a token was sent, but not this server's).
    case libraryTokenRequired(given: Bool)
    case leagueGameTokenRequired
    /// A new league the server cannot take (`reason` says why).
    case cannotStartLeague(reason: String)
    case unknownLeagueWithoutName(id: String)
    case packTooLarge(bytes: Int, max: Int)
    case libraryPackNotFound(name: String)
    case libraryPackInvalid(name: String, problem: String)
    case archiveUnavailable
    /// The archive failed to record the new room.
    case archiveFailedCreate
    case diskLow(freeMiB: Int)
    case draining
    case tooManyRooms(max: Int)
    case noFreeCode
    /// A message `JSONEncoder` could not write (only non-finite numbers can fail; the game makes none).
    case unencodable(type: String)

    // MARK: HTTP API
    case computeRateLimited(retryAfterSeconds: Int64)
    case standingsBusy(league: String, retryAfterSeconds: Int)
    case nightsBusy(retryAfterSeconds: Int)
    case correctionsBusy
    case qrUndrawable
    case badLeagueID
    case badAsOf
    case unknownLeague(id: String)
    case unknownLeagueGame(league: String, key: String)
    case unknownNight(league: String, key: String)
    case unreadableNight(game: String)
    case badAliasBody
    case badAliasKind
    case badAliasLength(max: Int)
    case badAliasQuery(max: Int)
    case badLeagueSettings
    case leagueChangeInvalid(reason: String)
    case leagueFileUnreadable(reason: String)
    case leagueFileUnwritable(reason: String)
    case leagueTokenRequired
    case deviceRequired
    case badDevice(maxBytes: Int)

    /// The one place each case's code and message are written (`code` and `description` derive from it).
    package var definition: ErrorDefinition {
        switch self {
        case .notText: .init(.badMessage, "Send JSON text messages; binary messages are not part of buzzer.v1.")
        case .notUnderstood(let reason): .init(.badMessage, "That message was not understood: \(reason).")
        case .displayOnly(let type): .init(.badMessage, "Only a big screen (a connection that sent watch) sends \(type).")
        case .notInRoom: .init(.notInRoom, "Join or create a room first.")
        case .alreadyInRoom(let room): .init(.alreadyInRoom, "This connection is already in room \(room); open a new connection for another room.")
        case .requestPending: .init(.busy, "Wait for the answer to your previous request.")
        case .roomNotFound(let code): .init(.roomNotFound, "No game has the code \(code.isEmpty ? "you typed" : code). Check the code on the screen.")
        case .tooManyWrongCodes:
            .init(.rateLimited, "Too many wrong room codes from your network. Check the code on the big screen: the right code still works.")
        case .tooManyJoins(let seconds): .init(.rateLimited, "Too many players joined from your network just now (rooms.joinsPerMinute); try again in \(seconds) s.")
        case .tooManyDisplays(true, let max):
            .init(.tooManyDisplays, "This game already has \(max) big screens open (rooms.maxDisplaysPerRoom); close one first.")
        case .tooManyDisplays(false, let max):
            .init(.tooManyDisplays, "Your network already has \(max) big screens open (rooms.maxDisplaysPerAddress); close one first.")
        case .unknownAddress(let url, let offered):
            .init(.unknownAddress, "\(url) is not one of this server's join addresses: \(offered.joined(separator: ", ")).")
        case let .tooManyHostCommands(burst, perMinute, seconds):
            .init(.rateLimited, "Too many host commands on this connection (more than \(burst) at once or \(perMinute) a minute): nothing was changed; try again in \(seconds) s.")
        case .tooManyCreatesFromAddress(let seconds):
            .init(.rateLimited, "Too many new games from your network in the last few minutes; try again in \(seconds) s. Games already running are not affected.")
        case .tooManyCreatesOnConnection(let limit): .init(.rateLimited, "Too many create requests on this connection (\(limit)); reload the page to try again.")
        case .libraryTokenRequired(false):
            .init(.tokenRequired, "Hosting a pack from the library needs the host link: open the address buzzer serve printed at start-up (…/host#token=…), or paste its token here.")
        case .libraryTokenRequired(true):
            .init(.tokenRequired, "That token is not this server's: open the host link buzzer serve printed at start-up (…/host#token=…), or paste its token here.")
        case .leagueGameTokenRequired:
            .init(.tokenRequired, "A league game needs the host link (its token), so nobody else can add games to the league's standings: open the address buzzer serve printed at start-up (…/host#token=…), or paste its token here.")
        case .cannotStartLeague(let reason): .init(.unknownLeague, reason)
        case .unknownLeagueWithoutName(let id): .init(.unknownLeague, "There is no league \(id) yet: give its name to start it.")
        case let .packTooLarge(bytes, max):
            .init(.packTooLarge, "This pack is \(Self.kilobytes(bytes)); a pack sent with create may be at most \(Self.kilobytes(max)) (rooms.maxInlinePackBytes). Save it in the question library and pick it by name, or split it.")
        case .libraryPackNotFound(let name): .init(.packNotFound, "There is no pack called \"\(name.prefix(64))\" in the question library.")
        case let .libraryPackInvalid(name, problem): .init(.invalidPack, "The library pack \"\(name)\" has problems: \(problem)")
        case .archiveUnavailable:
            .init(.archiveUnavailable, "The server cannot record new games right now (its log is failing), so it is not starting any. Running games go on.")
        case .archiveFailedCreate:
            .init(.archiveUnavailable, "The server could not record the new game (its log is failing), so it did not start it. Running games go on.")
        case .diskLow(let free):
            .init(.diskLow, "The server's disk is almost full (\(free) MiB free, under archive.minFreeBytes), so it starts no new games until space is freed. Running games go on.")
        case .draining: .init(.draining, "This server is finishing its running games before a restart and starts no new ones; try again in a moment.")
        case .tooManyRooms(let max): .init(.tooManyRooms, "The server is running its maximum of \(max) rooms; try again when a game ends.")
        case .noFreeCode: .init(.internal, "No free join code was found; try again.")
        case .unencodable(let type): .init(.internal, "The server could not encode a \(type) message.")
        case .computeRateLimited(let seconds):
            .init(.rateLimited, "Too many requests from your address for answers the server computes (http.computeRequestsPerMinute): try again in \(seconds) s.")
        case let .standingsBusy(league, seconds):
            .init(.busy, "The standings of \(league) for another date are being computed for other visitors: try again in \(seconds) s.")
        case .nightsBusy(let seconds): .init(.busy, "Other phones' nights are being read: try again in \(seconds) s.")
        case .correctionsBusy: .init(.busy, "Another old game is being read from the log: try again in a second.")
        case .qrUndrawable: .init(.internal, "The QR code could not be drawn.")
        case .badLeagueID: .init(.badLeagueID, "A league id is 1 to 40 of a-z, 0-9 and -, starting and ending with a letter or digit.")
        case .badAsOf: .init(.badQuery, "asOf must be a time in milliseconds since 1970, 0 to 253402300799999.")
        case .unknownLeague(let id): .init(.unknownLeague, "There is no league \(id) on this server yet: it starts with its first game.")
        case let .unknownLeagueGame(league, key): .init(.unknownGame, "The league \(league) has no finished game \(key.prefix(64)).")
        case let .unknownNight(league, key): .init(.unknownGame, "This phone played no finished game \(key.prefix(64)) in the league \(league).")
        case .unreadableNight(let game):
            .init(.unreadableGame, "The night cannot be shown: this server cannot read game \(game) from its archive any more.")
        case .badAliasBody: .init(.badAlias, #"Send {"kind":"team"|"player","from":"…","into":"…"}."#)
        case .badAliasKind: .init(.badAlias, "kind must be team or player.")
        case .badAliasLength(let max): .init(.badAlias, "from and into must be 1 to \(max) characters.")
        case .badAliasQuery(let max): .init(.badAlias, "Send ?kind=team|player&from=NAME (1 to \(max) characters).")
        case .badLeagueSettings:
            .init(.badSettings, #"Send {"name":…,"scoring":"points"|"places","timeZone":…,"seasonStart":"MM-DD"}, any of them."#)
        case .leagueChangeInvalid(let reason): .init(.invalidLeague, "The change was not made: \(reason).")
        case .leagueFileUnreadable(let reason):
            .init(.leagueFileUnreadable, "The league file cannot be used, so it is not written over: \(reason). Fix or move it and restart.")
        case .leagueFileUnwritable(let reason): .init(.leagueFileUnwritable, "The league file could not be written: \(reason).")
        case .leagueTokenRequired:
            .init(.tokenRequired, "Changing a league needs the edit token (the host link's): send Authorization: Bearer TOKEN.")
        case .deviceRequired: .init(.deviceRequired, "Your nights need this phone's id: send Authorization: Bearer DEVICE.")
        case .badDevice(let max): .init(.badDevice, "A device id is 1 to \(max) bytes.")
        }
    }

    /// "236 KB", for messages to hosts.
    static func kilobytes(_ bytes: Int) -> String {
        "\((bytes + 1023) / 1024) KB"
    }

    /// Whole seconds to wait, at least 1, from a limiter's milliseconds.
    static func seconds(fromMilliseconds wait: Int64) -> Int64 {
        max(1, (wait + 999) / 1000)
    }
}
