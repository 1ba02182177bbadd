import BuzzerArchive
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Logging

extension LiveRoom {
    /// Appends the events to the archive in order.
    ///
    /// An acknowledgement waiting for one of them goes to its sender once that line is durable (or
    /// at once marked not durable when the archive cannot take it). Every other waiting delivery (a
    /// reveal, a result, a podium) is built now and held in the outbox until the last event is
    /// durable: a restart cannot take back what a client was told. If the archive fails, they go
    /// anyway: the room carries on in memory.
    func record(
        _ events: [RoomEvent], waiting: [Delivery] = [], sender: ClientHandle? = nil, answerStarted: UInt64? = nil,
        whenRecorded: (@Sendable (_ durable: Bool) -> Void)? = nil
    ) {
        let logger = self.logger, context = self.context
        let acks = waiting.filter { $0.audience == .sender }
        let held = waiting.filter { $0.audience != .sender }
        guard !events.isEmpty else {
            post(Self.batch(held.map { $0.settled(durable: true) }, to: members, sender: sender, context: context))
            whenRecorded?(true)
            return
        }
        // The held batch's place in the outbox is taken now, but the batch is built after the events
        // went to the archive: building it (a reveal's 10,000 results) then overlaps the fsync it
        // waits for. The release hops back onto this loop, so it always finds the batch in place.
        let ticket = held.isEmpty ? nil : outbox.reserve()
        defer {
            if let ticket { outbox.fill(ticket, with: Self.batch(held.map { $0.settled(durable: true) }, to: members, sender: sender, context: context)) }
        }
        let weak = WeakLoopRef(self, queue: loop.queue), loop = self.loop
        for (index, event) in events.enumerated() {
            let due = acks.filter { $0.timing == .whenDurable(event: index) }
            let last = index == events.count - 1
            // An answer's ack goes to its sender alone: the callback need not hold the members.
            let settle: @Sendable (_ durable: Bool) -> Void = { [ticket] durable in
                if !due.isEmpty {
                    Self.deliver(due.map { $0.settled(durable: durable) }, to: Members(), sender: sender, context: context)
                    if let answerStarted { context.metrics.answerAcknowledged(started: answerStarted) }
                }
                guard last else { return }
                if let ticket { loop.execute { weak.value?.release(ticket) } }
                whenRecorded?(durable)
            }
            do {
                try context.archive.append(room: code, time: event.at, encoding: event) { result in
                    switch result {
                    case .success:
                        settle(true)
                    case .failure(let error):
                        logger.error("archive write failed; the room goes on in memory", metadata: ["error": "\(error)"])
                        settle(false)
                    }
                }
            } catch {
                logger.error("archive refused an event; the room goes on in memory", metadata: ["error": "\(error)", "event": "\(event.type)"])
                settle(false)
            }
        }
    }
}
