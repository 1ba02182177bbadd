import ArgumentParser
import BuzzerApp
import BuzzerArchive
import Foundation

/// `buzzer edit-token`: prints the library's edit token that `buzzer serve` keeps beside the log, or
/// replaces it (`--rotate`) so that every editor link handed out before stops working.
struct EditTokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-token",
        abstract: "Print the question library's edit token, or replace it with --rotate (restart buzzer serve to use the new one).")

    @Option(help: "The config file (default: ./config.json, else /etc/buzzer/config.json).")
    var config: String?

    @Option(help: "Folder of the game log, overriding archive.directory (the token is kept there).")
    var archive: String?

    @Flag(help: "Make a new token; links with the old one stop working once the server restarts.")
    var rotate = false

    func run() throws {
        let path = try ConfigPath.required(config)
        let settings: BuzzerConfig
        do { settings = try BuzzerConfig.load(path: path) } catch { throw CommandFailure(error) }
        if settings.library.editToken != nil {
            throw CommandFailure("library.editToken is set in \(path); change it there.")
        }
        let store = EditTokenStore(archiveDirectory: archive ?? settings.archive.directory)
        do {
            let token = rotate ? try store.rotate() : try store.loadOrCreate()
            print(token)
            if rotate { FileHandle.standardError.write(Data("a new edit token is in \(store.path); restart buzzer serve to use it\n".utf8)) }
        } catch {
            throw CommandFailure(error)
        }
    }
}
