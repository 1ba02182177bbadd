import BuzzerApp
import Foundation
import Synchronization

/// The config file a command reads (`ConfigLocator`): the one given with `--config`, else
/// ./config.json, else the installed /etc/buzzer/config.json; a looked-up file is named on stderr.
enum ConfigPath {
    static let locator = ConfigLocator { FileManager.default.fileExists(atPath: $0) }

    /// For commands that cannot run without a config (serve, edit-token, pack).
    static func required(_ explicit: String?) throws -> String {
        let choice = locator.locate(explicit: explicit)
        guard choice.found else { throw CommandFailure(locator.missingDescription) }
        announce(choice)
        return choice.path
    }

    /// For replay, which falls back to ./archive without one: the path to try, and whether it must exist.
    static func optional(_ explicit: String?) -> (path: String, required: Bool) {
        let choice = locator.locate(explicit: explicit)
        if choice.found { announce(choice) }
        return (choice.path, explicit != nil)
    }

    /// Once per run, however many times a command looks the file up.
    private static let announced = Atomic<Bool>(false)

    private static func announce(_ choice: ConfigLocator.Choice) {
        guard let note = choice.note, !announced.exchange(true, ordering: .relaxed) else { return }
        FileHandle.standardError.write(Data((note + "\n").utf8))
    }
}
