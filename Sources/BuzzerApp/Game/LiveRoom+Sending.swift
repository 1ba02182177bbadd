import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Logging

extension LiveRoom {
    // MARK: - Sending

    /// Sends `batch` now, or queues it behind the batches still waiting for the log (`RoomOutbox`).
    func post(_ batch: ClientHandle.Batch) {
        if let now = outbox.post(batch), !now.isEmpty { ClientHandle.send(now) }
    }

    /// A batch held for the log may go: sends it and whatever waited behind it.
    func release(_ ticket: Int) {
        for batch in outbox.release(ticket) where !batch.isEmpty { ClientHandle.send(batch) }
    }

    /// Sends the deliveries in order (see `batch`). Static and Sendable-safe: it also runs off the
    /// loop, for an answer's acknowledgement once the archive answered.
    static func deliver(_ deliveries: [Delivery], to members: Members, sender: ClientHandle?, context: GameContext) {
        let batch = batch(deliveries, to: members, sender: sender, context: context)
        if !batch.isEmpty { ClientHandle.send(batch) }
    }

    /// The deliveries as one batch: each message is encoded once, each connection gets its messages
    /// in the list's order in one write (a reveal's shared `reveal` and the player's own `result`
    /// leave together), and the batch takes one hop per loop.
    /// `started` (`DispatchTime` nanoseconds, when the command was taken) times a question's fan-out.
    static func batch(_ deliveries: [Delivery], to members: Members, sender: ClientHandle?, context: GameContext, started: UInt64? = nil) -> ClientHandle.Batch {
        let clock = context.clock
        /// Response time starts when the question reaches the player's socket, so note it there.
        let noteWritten = { (sequence: Int) -> @Sendable (GameClient, UInt64) -> Void in
            { client, _ in
                if case .player = client.state.role { client.state.questionWritten = (sequence, clock()) }
            }
        }
        let reachesGroups = deliveries.contains { $0.audience.groups != nil }
        var batch = ClientHandle.Batch(recipients: reachesGroups ? members.players.count + members.displays.count + 1 : deliveries.count)
        var players: [ClientHandle]?
        // Counted for /metrics once per batch, not once per message: a reveal holds 10,000.
        var sent = (messages: 0, bytes: 0)
        defer { context.metrics.sent(messages: sent.messages, bytes: sent.bytes) }
        for delivery in deliveries {
            var onWritten = delivery.startsResponseTime.map(noteWritten)
            if let groups = delivery.audience.groups {
                let reached = (groups.players ? members.players.count : 0) + (groups.displays ? members.displays.count : 0)
                    + (groups.host && members.host != nil ? 1 : 0)
                guard reached > 0 else { continue }
                if let note = onWritten, let started {
                    let clock = context.metrics.fanOutClock(recipients: reached, started: started)
                    onWritten = { client, written in
                        note(client, written)
                        clock.written()
                    }
                }
                let message = context.messages.encode(delivery.message)
                sent = (sent.messages + reached, sent.bytes + message.payloadCount * reached)
                let index = batch.add(message)
                if groups.players {
                    if players == nil { players = Array(members.players.values) }
                    batch.send(index, to: players!, onWritten: onWritten)
                }
                if groups.displays { batch.send(index, to: Array(members.displays.values), onWritten: onWritten) }
                if groups.host, let host = members.host { batch.send(index, to: host, onWritten: onWritten) }
            } else {
                let handle: ClientHandle? = switch delivery.audience {
                case .host: members.host
                case .player(let id): members.players[id]
                default: sender
                }
                guard let handle else { continue }
                let message = context.messages.encode(delivery.message)
                sent = (sent.messages + 1, sent.bytes + message.payloadCount)
                let index = batch.add(message)
                batch.send(index, to: handle, onWritten: onWritten, closeAfter: delivery.thenClose.map { ($0.code, $0.reason) })
            }
        }
        return batch
    }
}
