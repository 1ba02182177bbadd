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
    private var free: [Int] = []
    private var opened: UInt32 = 0
    /// Connections in the table.
    private(set) var count = 0

    init(loopIndex: Int) {
        loopBits = UInt64(truncatingIfNeeded: loopIndex & 0xFF) << 56
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
        }
        opened &+= 1
        return (loopBits | UInt64(opened) << UInt64(Self.slotBits) | UInt64(slot), slot)
    }

    /// Puts `connection` (made with the id `reserve` gave) in its slot.
    mutating func insert(_ connection: Connection, slot: Int) {
        slots[slot] = connection
        count += 1
    }

    /// The connection with this id, if it is still in the table.
    subscript(id: UInt64) -> Connection? {
        let slot = Int(truncatingIfNeeded: id & Self.slotMask)
        guard slot < slots.count, let connection = slots[slot], connection.id == id else { return nil }
        return connection
    }

    /// Takes the connection with this id out; false if it was not there.
    mutating func remove(_ id: UInt64) -> Bool {
        let slot = Int(truncatingIfNeeded: id & Self.slotMask)
        guard slot < slots.count, let connection = slots[slot], connection.id == id else { return false }
        slots[slot] = nil
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
