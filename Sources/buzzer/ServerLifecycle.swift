import BuzzerTransport
import Dispatch
import Foundation

/// Keeps the process alive serving until SIGINT/SIGTERM, then shuts down within a bound and exits.
enum ServerLifecycle {
    static func runUntilSignalled(_ server: WebSocketServer, shutdownSeconds: Double) -> Never {
        runUntilSignalled { completion in server.shutdown(within: shutdownSeconds, completion: completion) }
    }

    /// `shutdown` must call its completion once everything is closed (bounded by the caller's own limit).
    /// With `drain`, SIGUSR1 starts it; once it reports the running games ended, the server shuts down
    /// as for SIGTERM and exits 0.
    static func runUntilSignalled(
        drain: (@Sendable (_ drained: @escaping @Sendable () -> Void) -> Void)? = nil,
        reload: (@Sendable () -> Void)? = nil,
        shutdown: @escaping @Sendable (_ completion: @escaping @Sendable () -> Void) -> Void
    ) -> Never {
        run(keeping: watchSignals(drain: drain, reload: reload, shutdown: shutdown))
    }

    /// Runs the main queue for good, keeping `watcher` alive.
    static func run(keeping watcher: SignalWatcher) -> Never {
        withExtendedLifetime(watcher) {
            dispatchMain()
        }
    }

    /// The signal handling `runUntilSignalled` installs. `buzzer serve` installs it before it prints
    /// its port, so a supervisor (or a test) that signals as soon as it reads the port is never lost.
    static func watchSignals(
        drain: (@Sendable (_ drained: @escaping @Sendable () -> Void) -> Void)? = nil,
        reload: (@Sendable () -> Void)? = nil,
        shutdown: @escaping @Sendable (_ completion: @escaping @Sendable () -> Void) -> Void
    ) -> SignalWatcher {
        var signals = drain == nil ? [SIGINT, SIGTERM] : [SIGINT, SIGTERM, SIGUSR1]
        if reload != nil { signals.append(SIGHUP) }
        let watcher = SignalWatcher(signals: signals) { signal in
            if signal == SIGHUP, let reload {
                reload()
                return
            }
            if signal == SIGUSR1, let drain {
                FileHandle.standardError.write(Data("buzzer: signal \(signal), draining: no new games; exiting once the running ones end\n".utf8))
                drain { shutdown { exit(0) } }
                return
            }
            FileHandle.standardError.write(Data("buzzer: signal \(signal), closing connections\n".utf8))
            shutdown { exit(0) }
        }
        return watcher
    }
}
