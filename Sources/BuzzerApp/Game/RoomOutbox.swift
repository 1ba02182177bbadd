/// A room's outgoing batches, in the order their commands ran. A batch waiting for the log holds
/// back every later one, so nobody sees the next question before the reveal it follows. Usually
/// empty: a batch that may go while nothing waits goes at once. Pure: each call returns what may be
/// sent now, and `LiveRoom` sends it.
struct RoomOutbox<Batch> {
    private var queue: [(ticket: Int, batch: Batch?, ready: Bool)] = []
    private var nextTicket = 0

    var isEmpty: Bool { queue.isEmpty }

    /// A batch ready now: returned to be sent at once when nothing waits, else queued behind.
    mutating func post(_ batch: Batch) -> Batch? {
        guard !queue.isEmpty else { return batch }
        nextTicket += 1
        queue.append((nextTicket, batch, true))
        return nil
    }

    /// Takes a place for a batch still to be built (see `fill`), held until `release`.
    mutating func reserve() -> Int {
        nextTicket += 1
        queue.append((nextTicket, nil, false))
        return nextTicket
    }

    /// Puts the batch into the place `reserve()` took; it still waits for `release(_:)`.
    mutating func fill(_ ticket: Int, with batch: Batch) {
        if let index = queue.firstIndex(where: { $0.ticket == ticket }) { queue[index].batch = batch }
    }

    /// Marks a held batch ready; returns, in order, every batch that no longer waits.
    mutating func release(_ ticket: Int) -> [Batch] {
        if let index = queue.firstIndex(where: { $0.ticket == ticket }) { queue[index].ready = true }
        var due: [Batch] = []
        while let first = queue.first, first.ready {
            queue.removeFirst()
            if let batch = first.batch { due.append(batch) }
        }
        return due
    }
}
