import Foundation

/// Tests that are benchmarks in disguise (the whole permessage-deflate Autobahn matrix, the static
/// release build of the Debian package) run only when asked: `BUZZER_LONG_TESTS=1`, or `CI=true`, so
/// CI always runs them and a developer's `./run-tests` stays short (README, "Tests").
package enum LongTests {
    package static let enabled: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return environment["BUZZER_LONG_TESTS"] == "1" || environment["CI"] == "true"
    }()

    /// Why a long test is skipped.
    package static let skipReason = "a long test: BUZZER_LONG_TESTS=1 (or CI=true) runs it"
}
