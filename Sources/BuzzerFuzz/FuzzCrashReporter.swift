import BuzzerApp
import Glibc
import Synchronization

/// Where the protocol fuzzer is, for when it traps: a trap cannot be caught, so a signal handler
/// prints the seed, game and step from these atomics (no allocation, only `write`) and then hands
/// the signal to the handler that was there before (Swift's backtracer, or the default).
enum FuzzCrashReporter {
    static let seed = Atomic<UInt64>(0)
    static let game = Atomic<Int>(-1)
    static let step = Atomic<Int>(0)
    private static let installed = Atomic<Bool>(false)
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]
    /// The handlers replaced, by signal number, put back before the signal goes on.
    private static let previous = Mutex<[Int32: sigaction]>([:])

    static func at(seed: UInt64, game: Int, step: Int) {
        self.seed.store(seed, ordering: .relaxed)
        self.game.store(game, ordering: .relaxed)
        self.step.store(step, ordering: .relaxed)
    }

    static func install() {
        guard installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in FuzzCrashReporter.report(signal) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.withLock { $0[signal] = old }
        }
    }

    private static func report(_ signal: Int32) {
        let game = self.game.load(ordering: .relaxed)
        if game >= 0 {
            write("\nprotocol fuzzer: signal ")
            write(UInt64(signal))
            write(" at seed ")
            write(seed.load(ordering: .relaxed))
            write(", game ")
            write(UInt64(game))
            write(", step ")
            write(UInt64(step.load(ordering: .relaxed)))
            write("; reproduce with buzzer fuzz protocol --seed ")
            write(seed.load(ordering: .relaxed))
            write(" --game ")
            write(UInt64(game))
            write(" --trace\n")
        }
        // Put the old handler back: the trapping instruction runs again (or abort re-raises) and it takes over.
        var old = previous.withLock { $0[signal] } ?? sigaction()
        sigaction(signal, &old, nil)
    }

    private static func write(_ text: StaticString) {
        _ = Glibc.write(2, text.utf8Start, text.utf8CodeUnitCount)
    }

    private static func write(_ number: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var value = number, count = 0
            repeat {
                digits[19 - count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0
            _ = Glibc.write(2, digits.baseAddress! + 20 - count, count)
        }
    }
}
