import BuzzerTransport
import Dispatch
import Foundation

/// Keeps the process alive serving until SIGINT/SIGTERM, then shuts down within a bound and exits.
enum ServerLifecycle {
    static func runUntilSignalled(_ server: WebSocketServer, shutdownSeconds: Double) -> Never {
        runUntilSignalled { completion in server.shutdown(within: shutdownSeconds, completion: completion) }
    }

    /// `shutdown` must call its completion once everything is closed (bounded by the caller's own limit).
    static func runUntilSignalled(shutdown: @escaping @Sendable (_ completion: @escaping @Sendable () -> Void) -> Void) -> Never {
        let watcher = SignalWatcher { signal in
            FileHandle.standardError.write(Data("buzzer: signal \(signal), closing connections\n".utf8))
            shutdown { exit(0) }
        }
        withExtendedLifetime(watcher) {
            dispatchMain()
        }
    }
}
