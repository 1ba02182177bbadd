/// How many computations of one kind run at once, per key (a league) and in all: a request that
/// finds no slot is refused at once (503 with `Retry-After`) rather than queued behind the others,
/// so a flood costs a bounded number of worker threads and never a queue that grows.
///
/// Pure; `LeagueService` keeps one behind a lock. Every `acquire` that returns true is matched by
/// one `release` of the same key.
package struct ConcurrencyBound: Sendable, Equatable {
    package let perKey: Int
    package let total: Int
    private var running: [String: Int] = [:]
    private(set) package var runningTotal = 0

    package init(perKey: Int, total: Int) {
        self.perKey = max(1, perKey)
        self.total = max(1, total)
    }

    /// Takes a slot for `key`, if one is free.
    package mutating func acquire(_ key: String) -> Bool {
        let current = running[key] ?? 0
        guard current < perKey, runningTotal < total else { return false }
        running[key] = current + 1
        runningTotal += 1
        return true
    }

    /// Gives back a slot `acquire` gave.
    package mutating func release(_ key: String) {
        guard let current = running[key], current > 0 else { return }
        running[key] = current == 1 ? nil : current - 1
        runningTotal -= 1
    }

    package func running(_ key: String) -> Int { running[key] ?? 0 }
}
