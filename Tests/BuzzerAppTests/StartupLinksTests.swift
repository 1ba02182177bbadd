@testable import BuzzerApp
import Testing

/// Issue 28: `buzzer serve` printed the edit token on stdout, which under systemd is the journal.
@Suite struct StartupLinksTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let base = "http://localhost:8080"

    @Test func theTokenIsShownOnATerminalOnlyAndNeverUnderSystemd() {
        #expect(StartupLinks.showsToken(stdoutIsTerminal: true, environment: [:]))
        #expect(!StartupLinks.showsToken(stdoutIsTerminal: false, environment: [:]), "a pipe, a file or the journal")
        #expect(!StartupLinks.showsToken(stdoutIsTerminal: true, environment: ["JOURNAL_STREAM": "8:12345"]))
        #expect(!StartupLinks.showsToken(stdoutIsTerminal: true, environment: ["INVOCATION_ID": "5c4f"]))
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
