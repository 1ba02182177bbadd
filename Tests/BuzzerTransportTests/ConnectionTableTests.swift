@testable import BuzzerTransport
import Testing

/// A loop's connection table: an id finds its own connection only, also after its slot was reused.
struct ConnectionTableTests {
    private func connection(_ id: UInt64, on loop: EventLoop) -> Connection {
        // Never started: no socket is read or written, the table only holds it.
        Connection(fd: -1, id: id, loop: loop, remoteAddress: "127.0.0.1", highWater: 1 << 20, lingerSeconds: 1)
    }

    private func reserved(_ table: inout ConnectionTable) -> (id: UInt64, slot: Int)? { table.reserve() }

    @Test func anIdFindsItsConnectionAndAStaleIdFindsNothingOnceTheSlotIsReused() throws {
        let loop = EventLoop(index: 3)
        var table = ConnectionTable(loopIndex: 3)
        let (firstID, firstSlot) = try #require(reserved(&table))
        let first = connection(firstID, on: loop)
        table.insert(first, slot: firstSlot)
        #expect(table[firstID] === first)
        #expect(firstID >> 56 == 3, "the loop's index is the id's top byte")

        let removed = table.remove(firstID), again = table.remove(firstID)
        #expect(removed)
        #expect(!again, "a second remove finds nothing")
        #expect(table[firstID] == nil)

        let (secondID, secondSlot) = try #require(reserved(&table))
        #expect(secondSlot == firstSlot, "the freed slot is reused")
        #expect(secondID != firstID, "but never with the same id")
        let second = connection(secondID, on: loop)
        table.insert(second, slot: secondSlot)
        #expect(table[firstID] == nil, "a stale handle does not reach the slot's new connection")
        let staleRemoved = table.remove(firstID)
        #expect(!staleRemoved)
        #expect(table[secondID] === second)
        #expect(table.count == 1)
    }

    @Test func aSlotIsTickedUntilItsConnectionAsksForLaterAndAgainOnceItsSlotIsReused() throws {
        let loop = EventLoop(index: 4)
        var table = ConnectionTable(loopIndex: 4)
        let (id, slot) = try #require(reserved(&table))
        table.insert(connection(id, on: loop), slot: slot)
        #expect(table.isTickDue(at: slot, now: 0), "a new connection is ticked every time")
        table.setTickDue(id, 1_000)
        #expect(!table.isTickDue(at: slot, now: 999))
        #expect(table.isTickDue(at: slot, now: 1_000))
        _ = table.remove(id)
        table.setTickDue(id, 5_000)  // a stale id changes nothing
        let (nextID, nextSlot) = try #require(reserved(&table))
        table.insert(connection(nextID, on: loop), slot: nextSlot)
        #expect(nextSlot == slot)
        #expect(table.isTickDue(at: nextSlot, now: 0), "the slot's new connection does not inherit the old one's time")
    }

    @Test func idsStayUniqueAcrossManyOpensAndClosesAndTheWalkSeesEveryOpenConnection() throws {
        let loop = EventLoop(index: 0)
        var table = ConnectionTable(loopIndex: 0)
        var seen = Set<UInt64>()
        var open: [UInt64] = []
        for round in 0..<2_000 {
            let (id, slot) = try #require(reserved(&table))
            #expect(seen.insert(id).inserted)
            table.insert(connection(id, on: loop), slot: slot)
            open.append(id)
            if round % 3 == 2 {
                let removed = table.remove(open.removeFirst())
                #expect(removed)
            }
        }
        #expect(table.count == open.count)
        #expect(table.slotCount < 2_000, "closed slots were reused")
        let walked = (0..<table.slotCount).compactMap { table.at($0)?.id }
        #expect(Set(walked) == Set(open))
        #expect(Set(table.all.map(\.id)) == Set(open))
    }

    @Test func anIdFromAnotherLoopOrOutOfRangeFindsNothing() throws {
        let loop = EventLoop(index: 1)
        var table = ConnectionTable(loopIndex: 1)
        let (id, slot) = try #require(reserved(&table))
        table.insert(connection(id, on: loop), slot: slot)
        #expect(table[id ^ (1 << 56)] == nil, "same slot and count, another loop's index")
        #expect(table[UInt64.max] == nil)
        #expect(table[0] == nil)
        let removed = table.remove(UInt64.max)
        #expect(!removed)
    }

    /// The count of connections opened wraps after 4 billion; it skips 0 then, so loop 0's slot 0 never
    /// gets id 0, the mark of a free slot (a lookup of 0 must find nothing).
    @Test func theOpenedCountSkipsZeroWhenItWraps() throws {
        let loop = EventLoop(index: 0)
        var table = ConnectionTable(loopIndex: 0, opened: .max)
        let (id, slot) = try #require(reserved(&table))
        #expect(slot == 0)
        #expect(id != 0)
        #expect(id == 1 << UInt64(ConnectionTable.slotBits))
        table.insert(connection(id, on: loop), slot: slot)
        #expect(table[0] == nil)
        #expect(table[id]?.id == id)
    }
}
