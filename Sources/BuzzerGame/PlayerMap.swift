/// A table keyed by `PlayerID`, stored densely: a room hands out ids 1, 2, 3… in join order, so
/// the table is an array indexed by `id - 1`. It iterates in id order.
///
/// Why not a `Dictionary`: a reveal in a room of 10,000 players looks every player up in the
/// players, the answers, the awards and the running totals, and hashing was most of its cost
/// (`buzzer bench reveal --players 10000`). Ids are small and dense, so an index does the job.
///
/// `public`, unlike the rest of the module (`package`): Swift 6.3 does not make the bodies of
/// `@inlinable package` declarations available to other modules, so the app ran every lookup and
/// loop through the unspecialized generic code, copying each value through its witness table.
public struct PlayerMap<Value> {
    /// `slots[id - 1]`; nil where the id has no value (a player who has not answered).
    @usableFromInline var slots: [Value?] = []
    @usableFromInline var storedCount = 0

    @inlinable
    public var count: Int { storedCount }

    @inlinable
    public init() {}

    @inlinable
    public var isEmpty: Bool { count == 0 }

    @inlinable
    public subscript(id: PlayerID) -> Value? {
        get {
            let slot = id.rawValue &- 1
            return slot >= 0 && slot < slots.count ? slots[slot] : nil
        }
        set {
            if newValue == nil && (id.rawValue < 1 || id.rawValue > slots.count) { return }
            let slot = makeSlot(for: id)
            storedCount += (newValue != nil ? 1 : 0) - (slots[slot] != nil ? 1 : 0)
            slots[slot] = newValue
        }
    }

    @inlinable
    public subscript(id: PlayerID, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[id] ?? defaultValue() }
        set { self[id] = newValue }
    }

    /// The slot of `id`, growing the table to reach it. Ids come from the room (`PlayerID(count + 1)`
    /// at a join), and `Room.apply` ignores events about players it does not have, so a table
    /// never grows past the players joined.
    @inlinable
    mutating func makeSlot(for id: PlayerID) -> Int {
        precondition(id.rawValue >= 1, "player ids start at 1")
        let slot = id.rawValue - 1
        while slots.count <= slot { slots.append(nil) }
        return slot
    }

    /// Reserves room for ids up to `count`.
    @inlinable
    public mutating func reserveCapacity(_ count: Int) {
        slots.reserveCapacity(count)
    }

    /// Changes every value in place, in id order: no copy of each value, as a get and a set would make.
    @inlinable
    public mutating func updateEach(_ body: (PlayerID, inout Value) -> Void) {
        for slot in slots.indices where slots[slot] != nil {
            body(PlayerID(slot + 1), &slots[slot]!)
        }
    }

    /// The ids with a value, in order.
    @inlinable
    public var keys: Keys { Keys(slots: slots) }

    /// The values, in id order.
    @inlinable
    public var values: Values { Values(slots: slots) }
}

extension PlayerMap: Sequence {
    public typealias Element = (key: PlayerID, value: Value)

    public struct Iterator: IteratorProtocol {
        @usableFromInline let slots: [Value?]
        @usableFromInline var slot = 0

        @inlinable init(slots: [Value?]) { self.slots = slots }

        @inlinable
        public mutating func next() -> Element? {
            while slot < slots.count {
                defer { slot += 1 }
                if let value = slots[slot] { return (PlayerID(slot + 1), value) }
            }
            return nil
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(slots: slots) }

    @inlinable
    public var underestimatedCount: Int { count }
}

extension PlayerMap {
    /// Positions in the table that hold a value: the index of `keys` and `values`.
    public struct Position: Comparable, Sendable {
        @usableFromInline var slot: Int

        @inlinable init(slot: Int) { self.slot = slot }
        @inlinable
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.slot < rhs.slot }
    }

    public struct Keys: Collection {
        @usableFromInline let slots: [Value?]

        @inlinable init(slots: [Value?]) { self.slots = slots }
        @inlinable
        public var startIndex: Position { Position(slot: PlayerMap.first(in: slots, from: 0)) }
        @inlinable
        public var endIndex: Position { Position(slot: slots.count) }
        @inlinable
        public func index(after position: Position) -> Position { Position(slot: PlayerMap.first(in: slots, from: position.slot + 1)) }
        @inlinable
        public subscript(position: Position) -> PlayerID { PlayerID(position.slot + 1) }
    }

    public struct Values: Collection {
        @usableFromInline let slots: [Value?]

        @inlinable init(slots: [Value?]) { self.slots = slots }
        @inlinable
        public var startIndex: Position { Position(slot: PlayerMap.first(in: slots, from: 0)) }
        @inlinable
        public var endIndex: Position { Position(slot: slots.count) }
        @inlinable
        public func index(after position: Position) -> Position { Position(slot: PlayerMap.first(in: slots, from: position.slot + 1)) }
        @inlinable
        public subscript(position: Position) -> Value { slots[position.slot]! }
    }

    @inlinable
    static func first(in slots: [Value?], from start: Int) -> Int {
        var slot = start
        while slot < slots.count && slots[slot] == nil { slot += 1 }
        return slot
    }
}

extension PlayerMap: Equatable where Value: Equatable {
    /// Equal when they hold the same values for the same ids (trailing empty slots do not count).
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs) { $0.key == $1.key && $0.value == $1.value }
    }
}

extension PlayerMap: Sendable where Value: Sendable {}
extension PlayerMap.Keys: Sendable where Value: Sendable {}
extension PlayerMap.Values: Sendable where Value: Sendable {}
extension PlayerMap.Iterator: Sendable where Value: Sendable {}

extension PlayerMap: ExpressibleByDictionaryLiteral {
    @inlinable
    public init(dictionaryLiteral elements: (PlayerID, Value)...) {
        self.init()
        for (id, value) in elements { self[id] = value }
    }
}
