import BuzzerTransport
import Dispatch
import Foundation

/// Keeps the process alive serving until SIGINT/SIGTERM, then shuts down within a bound and exits.
enum ServerLifecycle {
    /// `finally` runs after the connections are closed, before exit (the archive's last sync).
    static func runUntilSignalled(_ server: WebSocketServer, shutdownSeconds: Double, finally: @escaping @Sendable () -> Void = {}) -> Never {
        let watcher = SignalWatcher { signal in
            FileHandle.standardError.write(Data("buzzer: signal \(signal), closing connections\n".utf8))
            server.shutdown(within: shutdownSeconds) {
                finally()
                exit(0)
            }
        }
        withExtendedLifetime(watcher) {
            dispatchMain()
        }
    }
}
