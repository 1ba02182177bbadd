@testable import BuzzerApp
import Testing

/// Issue 28: `buzzer serve` printed the edit token on stdout, which under systemd is the journal.
@Suite struct StartupLinksTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let base = "http://localhost:8080"

    @Test func theTokenIsShownOnATerminalOnlyAndNeverIntoTheJournal() {
        let terminal: (device: UInt64, inode: UInt64)? = (device: 24, inode: 3)
        #expect(StartupLinks.showsToken(stdoutIsTerminal: true, stdoutIdentity: terminal, environment: [:]))
        #expect(!StartupLinks.showsToken(stdoutIsTerminal: false, stdoutIdentity: terminal, environment: [:]), "a pipe, a file or a unit's stdout")
        // The journal's stream, named by JOURNAL_STREAM, is this stdout.
        #expect(!StartupLinks.showsToken(stdoutIsTerminal: true, stdoutIdentity: (device: 8, inode: 12345), environment: ["JOURNAL_STREAM": "8:12345"]))
        // A terminal opened from a desktop session inherits JOURNAL_STREAM and INVOCATION_ID from its
        // own unit: they name another stream, so the host on a laptop still gets the link.
        #expect(StartupLinks.showsToken(stdoutIsTerminal: true, stdoutIdentity: terminal, environment: ["JOURNAL_STREAM": "8:12345", "INVOCATION_ID": "5c4f"]))
        #expect(!StartupLinks.isJournal(nil, environment: ["JOURNAL_STREAM": "8:12345"]))
        #expect(!StartupLinks.isJournal((device: 8, inode: 12345), environment: ["JOURNAL_STREAM": "garbage"]))
    }

    @Test func onATerminalTheLinksCarryTheToken() {
        #expect(StartupLinks.hostLine(base: Self.base, token: Self.token, tokenFile: "/a/edit-token", showsToken: true)
            == "host the night at http://localhost:8080/host#token=\(Self.token)")
        #expect(StartupLinks.editLine(base: Self.base, token: Self.token, tokenFile: "/a/edit-token", showsToken: true)
            == "edit the question library at http://localhost:8080/edit#token=\(Self.token)")
    }

    @Test func elsewhereTheyNameTheFileThatHoldsIt() {
        let host = StartupLinks.hostLine(base: Self.base, token: Self.token, tokenFile: "/var/lib/buzzer/archive/edit-token", showsToken: false)
        #expect(host == "host the night at http://localhost:8080/host#token=… with the edit token from /var/lib/buzzer/archive/edit-token (readable by this user only; `buzzer edit-token` prints it)")
        let edit = StartupLinks.editLine(base: Self.base, token: Self.token, tokenFile: "/var/lib/buzzer/archive/edit-token", showsToken: false)
        #expect(edit == "edit the question library at http://localhost:8080/edit#token=… with the same token")
        // A token that could not be kept is not printed either: the line says how to set one.
        let unkept = StartupLinks.hostLine(base: Self.base, token: Self.token, tokenFile: nil, showsToken: false)
        #expect(!unkept.contains(Self.token) && unkept.contains("library.editToken"))
    }

    @Test func aTokenFromConfigIsNeverPrinted() {
        #expect(StartupLinks.hostLine(base: Self.base, token: nil, tokenFile: nil, showsToken: true) == "host the night at http://localhost:8080/host")
        #expect(StartupLinks.editLine(base: Self.base, token: nil, tokenFile: nil, showsToken: true) == nil)
    }
}
