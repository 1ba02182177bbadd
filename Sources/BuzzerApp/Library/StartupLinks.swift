/// The lines `buzzer serve` prints on stdout for the host: the console's address and the editor's.
///
/// With the server's own edit token (no `library.editToken` in config.json) the links carry it, so a
/// host on a laptop is never locked out. But stdout under systemd is the journal, which the `adm`
/// and `systemd-journal` groups read: the token (which lets anyone host a library pack and see its
/// answers, and edit the library) is printed only on a terminal. Elsewhere the line says which file
/// holds it (`EditTokenStore`, mode 0600 beside the log) and `buzzer edit-token` prints it.
package enum StartupLinks {
    /// Whether the links may carry the token: stdout is a terminal and not the journal. Under systemd
    /// stdout is the journal's socket (or a file, or /dev/null), never a terminal. `JOURNAL_STREAM`
    /// and `INVOCATION_ID` alone do not say it: a terminal opened from a desktop session (itself a
    /// systemd user unit) inherits both, so, as systemd.exec(5) advises, `JOURNAL_STREAM`'s
    /// `device:inode` is compared with stdout's own (`stdoutIdentity`).
    package static func showsToken(stdoutIsTerminal: Bool, stdoutIdentity: (device: UInt64, inode: UInt64)?, environment: [String: String]) -> Bool {
        stdoutIsTerminal && !isJournal(stdoutIdentity, environment: environment)
    }

    /// True when `JOURNAL_STREAM` (`"device:inode"`, decimal) names this very stream.
    package static func isJournal(_ identity: (device: UInt64, inode: UInt64)?, environment: [String: String]) -> Bool {
        guard let identity, let stream = environment["JOURNAL_STREAM"] else { return false }
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        return device == identity.device && inode == identity.inode
    }

    /// The host console's line, printed first.
    /// - Parameters:
    ///   - token: the server's own edit token; nil when config.json sets `library.editToken`.
    ///   - tokenFile: where the token is kept; nil when it could not be written (new at every start).
    package static func hostLine(base: String, token: String?, tokenFile: String?, showsToken: Bool) -> String {
        guard let token else { return "host the night at \(base)/host" }
        if showsToken { return "host the night at \(base)/host#token=\(token)" }
        guard let tokenFile else {
            return "host the night at \(base)/host (the edit token could not be kept in a file and is not printed here: set library.editToken in config.json)"
        }
        return "host the night at \(base)/host#token=… with the edit token from \(tokenFile) (readable by this user only; `buzzer edit-token` prints it)"
    }

    /// The editor's line, printed once the server is up; nil when config.json sets the token.
    package static func editLine(base: String, token: String?, tokenFile: String?, showsToken: Bool) -> String? {
        guard let token else { return nil }
        if showsToken { return "edit the question library at \(base)/edit#token=\(token)" }
        return "edit the question library at \(base)/edit#token=… with the same token"
    }
}
