import BuzzerTransport
import Synchronization

/// A Sendable way to reach a live room: its loop, and the room itself bound to that loop.
struct RoomRef: Sendable {
    let code: String
    let loop: EventLoop
    let bound: LoopBound<LiveRoom>

    /// Runs `body` with the room on its loop.
    func run(_ body: @escaping @Sendable (LiveRoom) -> Void) {
        let bound = self.bound
        loop.execute { body(bound.value) }
    }
}

/// Rooms by join code. Taken once per create, join or lookup: never per game message.
final class RoomRegistry: Sendable {
    private struct State {
        var rooms: [String: RoomRef] = [:]
        /// Rooms that ended and stay only for their podium (`endedRoomRetentionSeconds`).
        var ended: Set<String> = []
    }

    private let state = Mutex(State())

    var count: Int { state.withLock { $0.rooms.count } }

    /// Rooms whose game has not ended: what a drain waits for.
    var runningCount: Int { state.withLock { $0.rooms.count - $0.ended.count } }

    func room(_ code: String) -> RoomRef? { state.withLock { $0.rooms[code] } }

    enum InsertResult { case inserted, full, codeTaken }

    /// Registers a new room unless `limit` rooms are open or its code is in use.
    func insert(_ ref: RoomRef, limit: Int) -> InsertResult {
        state.withLock { state in
            guard state.rooms.count < limit else { return .full }
            guard state.rooms[ref.code] == nil else { return .codeTaken }
            state.rooms[ref.code] = ref
            return .inserted
        }
    }

    /// Puts a recovered room back under its own code.
    func restore(_ ref: RoomRef) {
        state.withLock { $0.rooms[ref.code] = ref }
    }

    /// The room's game ended; it stays reachable until `remove`.
    func markEnded(_ code: String) {
        state.withLock { state in
            if state.rooms[code] != nil { state.ended.insert(code) }
        }
    }

    func remove(_ code: String) {
        state.withLock { state in
            state.rooms.removeValue(forKey: code)
            state.ended.remove(code)
        }
    }

    var all: [RoomRef] { state.withLock { Array($0.rooms.values) } }
}
