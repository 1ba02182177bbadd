import BuzzerArchive
import Foundation
import Glibc

/// The library's edit token when config.json names none: made once, kept in a file beside the game
/// log (`<archive.directory>/edit-token`, readable by the server's user only), so yesterday's
/// editor link still works today. `buzzer edit-token --rotate` replaces it on purpose.
package struct EditTokenStore {
    package let path: String

    package init(archiveDirectory: String) {
        path = (archiveDirectory as NSString).appendingPathComponent("edit-token")
    }

    package enum Failure: Error, CustomStringConvertible {
        case unwritable(path: String, reason: String)
        package var description: String {
            switch self {
            case let .unwritable(path, reason): "the edit token cannot be kept in \(path): \(reason)"
            }
        }
    }

    /// The kept token, if the file holds one (32 hex digits, as `Secrets.token()` makes).
    package func load() -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.count == 32 && token.allSatisfy(\.isHexDigit) ? token : nil
    }

    /// The kept token, or a new one written now.
    package func loadOrCreate() throws(Failure) -> String {
        if let token = load() { return token }
        return try rotate()
    }

    /// A new token, written atomically (`AtomicFile`) with mode 0600.
    @discardableResult
    package func rotate() throws(Failure) -> String {
        let token = Secrets.token()
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try POSIXArchiveFileSystem().createDirectory(directory)
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
        do {
            try AtomicFile.write(Array((token + "\n").utf8), to: path, in: directory, mode: 0o600)
        } catch {
            throw .unwritable(path: path, reason: error.description)
        }
        return token
    }
}
