import ArgumentParser
import BuzzerApp
import BuzzerArchive
import BuzzerTransport
import Foundation
import Logging

/// `buzzer serve`: live trivia rooms on one port (WebSocket `/ws`, `/healthz`, pages).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run live trivia rooms (settings from config.json; flags override it).")

    @Option(help: "The config file (default: ./config.json, else /etc/buzzer/config.json).")
    var config: String?

    @Option(help: "Port to listen on, overriding server.port (0 picks a free one).")
    var port: Int?

    @Option(help: "Address to listen on, overriding server.host.")
    var host: String?

    @Option(help: "Folder for the game log, overriding archive.directory.")
    var archive: String?

    @Option(help: "This server's character in front of its join codes, overriding rooms.instanceId (several servers behind HAProxy: docs/scale-out.md).")
    var instanceId: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535, got \(port)") }
        if let instanceId, instanceId.utf8.count != 1 || !"ABCDEFGHJKLMNPQRSTUVWXYZ23456789".contains(instanceId) {
            throw ValidationError("--instance-id must be one character of the join-code alphabet (A-Z without I and O, 2-9), got \(instanceId)")
        }
    }

    func run() throws {
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        LoggingSystem.bootstrap { label in
            // Log lines carry outside text (titles, addresses): escaped, so none drives the terminal.
            var handler = TerminalSafeLogHandler(StreamLogHandler.standardError(label: label))
            handler.logLevel = level
            return handler
        }
        var settings: BuzzerConfig
        do {
            settings = try BuzzerConfig.load(path: try ConfigPath.required(config))
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure(error)
        }
        if let port { settings.server.port = port }
        if let host { settings.server.host = host }
        if let archive { settings.archive.directory = archive }
        if let instanceId { settings.rooms.instanceId = instanceId }
        do { try settings.validate() } catch { throw CommandFailure(error) }

        let logger = Logger(label: "buzzer")
        let game: GameServer
        do {
            game = try GameServer(config: settings, logger: logger)
        } catch {
            throw CommandFailure(error)
        }
        let bound: Int
        do {
            bound = try game.start()
        } catch {
            throw CommandFailure(error)
        }
        let recovered = game.recovery.restoredRooms
        if !recovered.isEmpty {
            logger.notice("recovered \(recovered.count) running room(s) from the log: \(recovered.sorted().joined(separator: ", "))")
        }
        // Signals are handled from before the port is printed: one sent as soon as it is read is not lost.
        let notifier = NotifierBox()
        let seconds = settings.timeouts.shutdownSeconds
        let reloadLogger = logger
        let watcher = ServerLifecycle.watchSignals(drain: { drained in game.drain(drained: drained) }, reload: {
            // SIGHUP: a renewed certificate is used from the next connection on; none is dropped.
            do {
                if try game.reloadTLS() { reloadLogger.notice("TLS certificate reloaded") }
            } catch {
                reloadLogger.error("TLS certificate not reloaded; the old one stays", metadata: ["error": "\(error)"])
            }
        }) { completion in
            notifier.value?.stopping()
            game.shutdown(within: seconds, completion: completion)
        }

        // Scripts and tests read the port from this line; write it unbuffered.
        FileHandle.standardOutput.write(Data("listening on \(settings.server.host):\(bound)\n".utf8))
        let urls = game.reachableURLs(port: bound)
        // The page a host needs first, on this machine (or the public address behind a proxy). Hosting a
        // library pack needs the edit token, so the link carries it when it is the server's own (as the
        // edit link does), on a terminal only: under systemd stdout is the journal (StartupLinks).
        // With library.editToken in config.json the host pastes it once.
        let token = game.service.editTokenIsGenerated ? game.service.editToken : nil
        let store = EditTokenStore(archiveDirectory: settings.archive.directory)
        let tokenFile = token != nil && store.load() == token ? store.path : nil
        var stdoutInfo = stat()
        let identity = fstat(STDOUT_FILENO, &stdoutInfo) == 0 ? (device: UInt64(stdoutInfo.st_dev), inode: UInt64(stdoutInfo.st_ino)) : nil
        let showsToken = StartupLinks.showsToken(stdoutIsTerminal: isatty(STDOUT_FILENO) == 1, stdoutIdentity: identity,
                                                 environment: ProcessInfo.processInfo.environment)
        if let base = urls.last {
            let line = StartupLinks.hostLine(base: base, token: token, tokenFile: tokenFile, showsToken: showsToken)
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        let phones = urls.filter { !$0.contains("://localhost:") }
        logger.notice("buzzer serving", metadata: [
            "phones": "\(phones.isEmpty ? "none: listening on loopback only (server.host)" : phones.joined(separator: " "))",
            "archive": "\(settings.archive.directory)", "durability": "\(settings.archive.durability.rawValue)"])
        if game.service.libraryIsEmpty {
            logger.warning("the question library is empty: hosts can only upload packs", metadata: ["folder": "\(settings.rooms.libraryDirectory)"])
        }
        for (id, problem) in game.service.library.brokenFiles() {
            logger.warning("a library pack does not load and is not offered (buzzer check explains)", metadata: ["pack": "\(id)", "problem": "\(problem)"])
        }
        if let base = urls.last, let line = StartupLinks.editLine(base: base, token: token, tokenFile: tokenFile, showsToken: showsToken) {
            // As Jupyter does: a host on a laptop is never locked out of editing. The token is kept beside
            // the log across restarts (`buzzer edit-token --rotate` replaces it), or set library.editToken.
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        // Under systemd (Type=notify): ready now, then a watchdog ping while every loop answers.
        notifier.value = SystemdNotifier(loops: game.server.loops)
        notifier.value?.ready(status: "serving on port \(bound)")
        ServerLifecycle.run(keeping: watcher)
    }
}

/// The systemd notifier, made once the server listens and used by the shutdown handler installed
/// before. `@unchecked Sendable` is safe: it is set once on the main thread before `dispatchMain`,
/// and only read after, on the main queue where signal handlers run.
private final class NotifierBox: @unchecked Sendable {
    var value: SystemdNotifier?
}
