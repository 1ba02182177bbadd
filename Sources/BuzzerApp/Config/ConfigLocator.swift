/// Which config file a command reads when `--config` is not given: `config.json` in the working
/// folder (a checkout, `./serve`), else the one the Debian package installs, `/etc/buzzer/config.json`.
/// Without it, `buzzer edit-token` on an installed server failed with "cannot read config file
/// config.json" unless given the path. The candidates and the existence check are injected, so the
/// lookup is tested without touching /etc.
package struct ConfigLocator: Sendable {
    /// The config of the Debian package (deploy/debian/build-deb.sh).
    package static let installedPath = "/etc/buzzer/config.json"

    /// What to read, and the line that says so on stderr when it was looked up rather than given.
    package struct Choice: Equatable, Sendable {
        package var path: String
        /// True when the file was given or exists; false when no candidate exists.
        package var found: Bool
        /// One line for stderr naming the file used; nil when `--config` named it.
        package var note: String?
    }

    package var candidates: [String]
    package var exists: @Sendable (String) -> Bool

    package init(candidates: [String] = ["config.json", installedPath], exists: @escaping @Sendable (String) -> Bool) {
        self.candidates = candidates
        self.exists = exists
    }

    /// The file given with `--config`, else the first candidate that exists; when none does, the
    /// first candidate (so the error names what was looked for: `missingNote`).
    package func locate(explicit: String?) -> Choice {
        if let explicit { return Choice(path: explicit, found: true, note: nil) }
        guard let found = candidates.first(where: exists) else {
            return Choice(path: candidates.first ?? "config.json", found: false, note: nil)
        }
        return Choice(path: found, found: true, note: "buzzer: using the config file \(found)")
    }

    /// The error when no candidate exists: every place looked at, and the flag that names one.
    package var missingDescription: String {
        "no config file: looked for \(candidates.joined(separator: " and ")); give one with --config FILE"
    }
}
