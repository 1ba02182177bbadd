import ArgumentParser
import BuzzerApp
import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerReplay
import BuzzerTransport
import Foundation

/// `buzzer replay correct GAME …`: corrects a finished game through the running server, which owns
/// the log (docs/replay-corrections.md). The same request as the console's and the league page's.
struct ReplayCorrectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Correct a finished game: its right answer, a player's answer, a void question or a score, with a reason.",
        discussion: """
            Exactly one of --key, --accept, --reject, --void and --adjust. The correction is appended to the \
            log by the running server and every reader applies it: results, verify, the league. See docs/replay.md.
            """)

    @Argument(help: ArgumentHelp("The game: CODE (newest with that code) or CODE@N.", valueName: "game"))
    var game: String

    @Option(help: ArgumentHelp("The question's number in the game, from 1 (as the results number it).", valueName: "n"))
    var question: Int?

    @Option(help: ArgumentHelp(#"The question's right answer as the pack format writes it, e.g. '{"kind":"number","answer":330}'."#, valueName: "json"))
    var key: String?

    @Option(help: ArgumentHelp("Judge this player's answer right (an id, or the name the game shows).", valueName: "player"))
    var accept: String?

    @Option(help: ArgumentHelp("Judge this player's answer wrong (an id, or the name the game shows).", valueName: "player"))
    var reject: String?

    @Flag(help: "The question scores nothing for anyone.")
    var void = false

    @Option(help: ArgumentHelp("Add these points (negative to take away) to --player or --team.", valueName: "points"))
    var adjust: Int?

    @Option(help: ArgumentHelp("With --adjust: the player (an id, or a name).", valueName: "player"))
    var player: String?

    @Option(help: ArgumentHelp("With --adjust: the team (an id, or a name).", valueName: "team"))
    var team: String?

    @Option(help: ArgumentHelp("Why, in 1 to 200 characters: shown with the results.", valueName: "text"))
    var reason: String

    @Option(help: ArgumentHelp("The server, http://HOST:PORT. Default: this machine, on the config's server.port.", valueName: "url"))
    var server: String?

    @Option(help: ArgumentHelp(
        "A file holding the edit token (or the game's host key), or - to read it from standard input. Default: the server's edit token, read as buzzer edit-token does.",
        valueName: "file"))
    var tokenFile: String?

    /// Refused: a key on the command line is in `ps` for every user of the machine.
    @Option(help: .hidden)
    var token: String?

    @Option(help: "The config file (default: ./config.json, else /etc/buzzer/config.json).")
    var config: String?

    /// Usage mistakes exit 64 with the usage (docs/replay.md): the options checked before anything is read or sent.
    func validate() throws {
        if token != nil {
            throw ValidationError("--token would put the key on the command line, where ps shows it: give --token-file FILE, or --token-file - to read it from standard input")
        }
        if let problem = GameCorrected.controlCharacterProblem(reason) { throw ValidationError("--reason: \(problem)") }
        try GameReference.validate(game)
        do { _ = try body() } catch let failure as CommandFailure { throw ValidationError(failure.description) }
    }

    /// The request body, from the options; refuses a command line that names no correction or two.
    func body() throws -> [UInt8] {
        let chosen = [key != nil, accept != nil, reject != nil, void, adjust != nil].filter { $0 }.count
        guard chosen == 1 else { throw CommandFailure("give exactly one of --key, --accept, --reject, --void and --adjust") }
        var members: [(key: String, value: JSONValue)] = []
        func named(_ text: String) -> JSONValue { Int(text).map { .number(Double($0)) } ?? .string(text) }
        func needQuestion() throws {
            guard let question else { throw CommandFailure("name the question with --question N") }
            members.append(("question", .number(Double(question))))
        }
        if let key {
            let value: JSONValue
            do { value = try JSONParser.parse(Array(key.utf8)) } catch { throw CommandFailure("--key is not JSON: \(error)") }
            members.append(("action", .string("answer_key")))
            try needQuestion()
            members.append(("answer_key", value))
        } else if let who = accept ?? reject {
            members.append(("action", .string("ruling")))
            try needQuestion()
            members += [("player", named(who)), ("right", .bool(accept != nil))]
        } else if void {
            members.append(("action", .string("void")))
            try needQuestion()
        } else if let adjust {
            guard (player == nil) != (team == nil) else { throw CommandFailure("--adjust takes one of --player and --team") }
            members += [("action", .string("adjust")), ("delta", .number(Double(adjust)))]
            if let player { members.append(("player", named(player))) }
            if let team { members.append(("team", named(team))) }
        }
        members.append(("reason", .string(reason)))
        return Array(try JSONEncoder().encode(JSONValue.object(members)))
    }

    func run() throws {
        let json = try body()
        let given = try tokenFile.map(Self.readToken)
        // The config names the port and the edit token; without it nothing is guessed: whatever
        // listens on a default port would be sent the key.
        var settings: BuzzerConfig?
        if server == nil || given == nil {
            let path = ConfigPath.optional(config)
            do {
                settings = try BuzzerConfig.load(path: path.path)
            } catch {
                throw CommandFailure("cannot read the config \(path.path) (\(error)): give --config FILE, or --server http://HOST:PORT and --token-file FILE")
            }
        }
        let url = server ?? "http://127.0.0.1:\(settings!.server.port)"
        guard let credential = given ?? settings.flatMap({ $0.library.editToken ?? EditTokenStore(archiveDirectory: $0.archive.directory).load() }) else {
            throw CommandFailure("no edit token: give --token-file FILE (buzzer edit-token prints the token)")
        }
        let encoded = game.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "@"))) ?? game
        let reply = try LoopbackHTTP.post(url, path: "/api/games/\(encoded)/corrections", token: credential, json: json)
        guard reply.status == 200 else {
            let message = ((try? JSONSerialization.jsonObject(with: Data(reply.body.utf8))) as? [String: Any])?["error"] as? String ?? reply.body
            throw CommandFailure("the server refused the correction (\(reply.status)): \(message)")
        }
        ReplayOutput.write("corrected \(game); standings now:\n\(reply.body)\n")
    }

    /// The key in `path` (or standard input for `-`): its first line, without surrounding spaces.
    static func readToken(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: path) else { throw CommandFailure("cannot read the token file \(path)") }
            data = read
        }
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let token = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !token.isEmpty else { throw CommandFailure("the token file \(path == "-" ? "(standard input)" : path) is empty") }
        return token
    }
}
