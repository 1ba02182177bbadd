/// One loop's open connections, in slots: an id names its slot, so finding a connection is an array
/// index and a compare, not a hash (a 10,000-client broadcast finds each recipient once). A slot freed
/// by a close is reused, but never with the same id: the id also carries a count of the connections
/// this loop ever opened, so a stale handle or a stale epoll event never reaches a newer connection.
///
/// The id's bits: the loop's index (8), that count (32, wrapping after 4 billion connections on one
/// loop), the slot (24: 16.7 million connections a loop at once, far beyond any fd limit).
struct ConnectionTable {
    static let slotBits = 24
    static let maxSlots = 1 << slotBits
    private static let slotMask: UInt64 = (1 << UInt64(slotBits)) - 1

    private let loopBits: UInt64
    private var slots: [Connection?] = []
    /// Each slot's id (0 when free) and, when its connection may take a broadcast's plain frame
    /// straight to its socket (`Connection.refreshDirect`), its fd (else -1). Two small arrays beside
    /// the connections, so a broadcast finds who can be sent to without touching 10,000 objects.
    private var ids: [UInt64] = []
    private var directFDs: [Int32] = []
    /// Each slot's next tick (`Connection.nextTick(notBefore:)`): until then the loop's tick passes the
    /// slot by without touching its connection; 0, every tick.
    private var tickDue: [UInt64] = []
    private var free: [Int] = []
    private var opened: UInt32 = 0
    /// Connections in the table.
    private(set) var count = 0

    /// `opened`: connections this loop already opened (a test starts it near the wrap).
    init(loopIndex: Int, opened: UInt32 = 0) {
        loopBits = UInt64(truncatingIfNeeded: loopIndex & 0xFF) << 56
        self.opened = opened
    }

    /// A new connection's id and slot; nil when every slot is taken.
    mutating func reserve() -> (id: UInt64, slot: Int)? {
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
        } else {
            guard slots.count < Self.maxSlots else { return nil }
            slot = slots.count
            slots.append(nil)
            ids.append(0)
            directFDs.append(-1)
            tickDue.append(0)
        }
        opened &+= 1
        if opened == 0 { opened = 1 }  // 0 would make id 0 possible, which marks a free slot
        return (loopBits | UInt64(opened) << UInt64(Self.slotBits) | UInt64(slot), slot)
    }

    /// Puts `connection` (made with the id `reserve` gave) in its slot.
    mutating func insert(_ connection: Connection, slot: Int) {
        slots[slot] = connection
        ids[slot] = connection.id
        directFDs[slot] = -1
        tickDue[slot] = 0
        count += 1
    }

    static func slot(of id: UInt64) -> Int { Int(truncatingIfNeeded: id & slotMask) }

    /// The connection with this id, if it is still in the table.
    subscript(id: UInt64) -> Connection? {
        let slot = Self.slot(of: id)
        guard slot < ids.count, ids[slot] == id else { return nil }
        return slots[slot]
    }

    /// Where a broadcast sends the connection with this id: `.direct(fd)` when its frame may go
    /// straight to the socket, `.session` when it must go through the connection, nil when it is gone.
    func route(_ id: UInt64) -> Route? {
        let slot = Self.slot(of: id)
        guard slot < ids.count, ids[slot] == id else { return nil }
        let fd = directFDs[slot]
        return fd >= 0 ? .direct(fd: fd, slot: slot) : .session
    }

    enum Route { case direct(fd: Int32, slot: Int), session }

    /// Marks the connection with this id as taking broadcasts straight to `fd`, or not (nil).
    mutating func setDirect(_ id: UInt64, fd: Int32?) {
        let slot = Self.slot(of: id)
        guard slot < ids.count, ids[slot] == id else { return }
        directFDs[slot] = fd ?? -1
    }

    /// The loop's tick passes the connection with this id by until `due` (monotonic nanoseconds).
    mutating func setTickDue(_ id: UInt64, _ due: UInt64) {
        let slot = Self.slot(of: id)
        guard slot < ids.count, ids[slot] == id else { return }
        tickDue[slot] = due
    }

    /// Whether the tick at `now` reaches the slot's connection.
    func isTickDue(at slot: Int, now: UInt64) -> Bool { tickDue[slot] <= now }

    /// Takes the connection with this id out; false if it was not there.
    mutating func remove(_ id: UInt64) -> Bool {
        let slot = Self.slot(of: id)
        guard slot < ids.count, ids[slot] == id else { return false }
        slots[slot] = nil
        ids[slot] = 0
        directFDs[slot] = -1
        tickDue[slot] = 0
        free.append(slot)
        count -= 1
        return true
    }

    /// Slots to walk with `at(_:)`: a walk by index sees a connection removed meanwhile as gone, and
    /// needs no copy of the table.
    var slotCount: Int { slots.count }

    func at(_ slot: Int) -> Connection? { slots[slot] }

    /// Every connection in the table, in slot order.
    var all: [Connection] { slots.compactMap { $0 } }
}
