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
    private let rooms = Mutex<[String: RoomRef]>([:])

    var count: Int { rooms.withLock { $0.count } }

    func room(_ code: String) -> RoomRef? { rooms.withLock { $0[code] } }

    enum InsertResult { case inserted, full, codeTaken }

    /// Registers a new room unless `limit` rooms are open or its code is in use.
    func insert(_ ref: RoomRef, limit: Int) -> InsertResult {
        rooms.withLock { rooms in
            guard rooms.count < limit else { return .full }
            guard rooms[ref.code] == nil else { return .codeTaken }
            rooms[ref.code] = ref
            return .inserted
        }
    }

    /// Puts a recovered room back under its own code.
    func restore(_ ref: RoomRef) {
        rooms.withLock { $0[ref.code] = ref }
    }

    func remove(_ code: String) {
        _ = rooms.withLock { $0.removeValue(forKey: code) }
    }

    var all: [RoomRef] { rooms.withLock { Array($0.values) } }
}
