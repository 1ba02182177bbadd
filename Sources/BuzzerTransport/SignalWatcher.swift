import Dispatch
import Glibc

/// Turns SIGINT/SIGTERM into a callback on a queue, instead of the default immediate exit, so the
/// server can stop accepting and send close 1001 before it exits.
package final class SignalWatcher {
    private let sources: [any DispatchSourceSignal]

    package init(signals: [Int32] = [SIGINT, SIGTERM], queue: DispatchQueue = .main, handler: @escaping @Sendable (Int32) -> Void) {
        signal(SIGPIPE, SIG_IGN)
        sources = signals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.activate()
            return source
        }
    }
}
