import Synchronization

/// Hands prepared events from any number of event loops to the writer's queue without a lock:
/// a multi-producer, single-consumer stack built on one `Atomic` head (a Treiber stack that the
/// consumer empties in one exchange, so there is no ABA problem).
///
/// Producers `push` with a compare-and-swap; the writer's queue takes everything at once and
/// reverses it into arrival order, so it, not the producers, numbers the events: sequence numbers
/// then follow file order by construction. The head can also hold a marker that refuses pushes
/// (`closed`, `degraded`): refusing and accepting are the same CAS, so an event is either refused
/// at once or reaches the consumer, never lost in between.
///
/// `@unchecked Sendable`: the only shared state is `head` and `pendingBytes`, both atomic. A node
/// is written by its producer before the releasing CAS that publishes it and read by the consumer
/// only after the acquiring exchange that takes it.
final class ArchiveHandOff: @unchecked Sendable {
    /// Why pushes are refused.
    enum Refusal: Equatable { case closed, degraded }

    struct Item {
        var prepared: PreparedArchiveEvent
        var completion: ArchiveWriter.Completion
    }

    /// What a push did: whether it found the hand-off empty (so the caller schedules a flush) and
    /// how many bytes are now waiting (for the early flush at `groupCommitMaxBytes`).
    struct Pushed {
        var wasEmpty: Bool
        var pendingBytes: Int
    }

    private final class Node {
        let item: Item
        var next: UnsafeMutableRawPointer?

        init(_ item: Item) { self.item = item }
    }

    /// Head values that are not nodes (never dereferenced; a node's address is never 1 or 2).
    private static var closedMarker: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }
    private static var degradedMarker: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 2)! }

    private let head = Atomic<UnsafeMutableRawPointer?>(nil)
    private let pendingBytes = Atomic<Int>(0)

    deinit {
        _ = takeAll()
    }

    /// Adds an item, or says why not. Lock-free: one CAS, retried only if another producer won.
    func push(_ item: Item) -> Result<Pushed, ArchiveHandOffRefused> {
        let node = Unmanaged.passRetained(Node(item))
        let pointer = node.toOpaque()
        var current = head.load(ordering: .relaxed)
        while true {
            if let refusal = Self.refusal(current) {
                node.release()
                return .failure(ArchiveHandOffRefused(refusal: refusal))
            }
            node.takeUnretainedValue().next = current
            let (exchanged, original) = head.compareExchange(
                expected: current, desired: pointer, successOrdering: .releasing, failureOrdering: .relaxed)
            if exchanged { break }
            current = original
        }
        let bytes = pendingBytes.add(item.prepared.tail.count, ordering: .relaxed).newValue
        return .success(Pushed(wasEmpty: current == nil, pendingBytes: bytes))
    }

    /// Consumer only: everything pushed so far, oldest first. Empty while refusing.
    func takeAll() -> [Item] {
        let current = head.load(ordering: .acquiring)
        guard current != nil, Self.refusal(current) == nil else { return [] }
        // Only producers change the head now, and only by pushing nodes: taking it all is safe.
        return drain(head.exchange(nil, ordering: .acquiringAndReleasing))
    }

    /// Consumer only: starts refusing pushes and returns what was waiting, oldest first.
    func refuse(_ refusal: Refusal) -> [Item] {
        let marker = refusal == .closed ? Self.closedMarker : Self.degradedMarker
        let previous = head.exchange(marker, ordering: .acquiringAndReleasing)
        return Self.refusal(previous) == nil ? drain(previous) : []
    }

    /// Consumer only: accepts pushes again after `refuse(.degraded)`. A closed hand-off stays closed.
    func reopen() {
        _ = head.compareExchange(expected: Self.degradedMarker, desired: nil, ordering: .acquiringAndReleasing)
    }

    var refusal: Refusal? { Self.refusal(head.load(ordering: .acquiring)) }

    private static func refusal(_ pointer: UnsafeMutableRawPointer?) -> Refusal? {
        if pointer == closedMarker { return .closed }
        if pointer == degradedMarker { return .degraded }
        return nil
    }

    /// Walks a taken stack (newest first), releasing its nodes, into arrival order.
    private func drain(_ top: UnsafeMutableRawPointer?) -> [Item] {
        var items: [Item] = []
        var bytes = 0
        var next = top
        while let pointer = next {
            let node = Unmanaged<Node>.fromOpaque(pointer).takeRetainedValue()
            items.append(node.item)
            bytes += node.item.prepared.tail.count
            next = node.next
        }
        if bytes > 0 { pendingBytes.subtract(bytes, ordering: .relaxed) }
        items.reverse()
        return items
    }
}

/// A push refused because the writer is closed or degraded.
struct ArchiveHandOffRefused: Error {
    var refusal: ArchiveHandOff.Refusal
}
