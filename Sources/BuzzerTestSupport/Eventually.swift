import Foundation

/// Polls `condition` until it holds or `timeout` passes: tests wait on conditions, never on fixed sleeps.
package func eventually(timeout: Double = 30, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(2_000)
    }
    return try condition()
}
