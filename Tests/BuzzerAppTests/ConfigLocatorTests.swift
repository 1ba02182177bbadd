@testable import BuzzerApp
import Testing

/// Issue 28: installed from the Debian package, `buzzer edit-token` failed with "cannot read config
/// file config.json" unless given `--config /etc/buzzer/config.json`.
@Suite struct ConfigLocatorTests {
    func locator(_ present: Set<String>) -> ConfigLocator {
        ConfigLocator { present.contains($0) }
    }

    @Test func takesTheInstalledConfigWhenTheWorkingFolderHasNoneAndSaysSo() {
        let choice = locator([ConfigLocator.installedPath]).locate(explicit: nil)
        #expect(choice == .init(path: "/etc/buzzer/config.json", found: true, note: "buzzer: using the config file /etc/buzzer/config.json"))
    }

    @Test func theWorkingFoldersConfigComesFirst() {
        let choice = locator(["config.json", ConfigLocator.installedPath]).locate(explicit: nil)
        #expect(choice == .init(path: "config.json", found: true, note: "buzzer: using the config file config.json"))
    }

    @Test func aGivenConfigIsUsedAsItIsWithoutANote() {
        #expect(locator([ConfigLocator.installedPath]).locate(explicit: "/srv/quiz.json") == .init(path: "/srv/quiz.json", found: true, note: nil))
    }

    @Test func withNoneAnywhereTheErrorNamesEveryPlaceLookedAt() {
        let none = locator([])
        #expect(none.locate(explicit: nil) == .init(path: "config.json", found: false, note: nil))
        #expect(none.missingDescription == "no config file: looked for config.json and /etc/buzzer/config.json; give one with --config FILE")
        let injected = ConfigLocator(candidates: ["a.json", "b.json"]) { $0 == "b.json" }
        #expect(injected.locate(explicit: nil).path == "b.json")
    }
}
