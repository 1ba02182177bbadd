/// Who gets which messages of a `WebSocketHandle.Batch`: each connection's messages in order, as
/// a chain through one flat array of links, so a reveal to 10,000 connections allocates no list per
/// connection.
///
/// Not generic (the handler type is erased in `onWritten`): a batch is built in the app's module,
/// and the generic `Batch` there ran unspecialized, instantiating metadata on every `send`.
struct BatchPlan: Sendable {
    /// One connection's share: its messages are the chain from `first` to `last` in `links`.
    struct Send: Sendable {
        var connection: ConnectionHandle
        var first: Int
        var last: Int
        var onWritten: (@Sendable (AnyObject, UInt64) -> Void)?
        var closeAfter: (code: UInt16, reason: String)?
    }

    /// A message queued for a connection, and the link to that connection's next one (-1: none).
    struct Link: Sendable {
        var message: Int
        var next: Int
    }

    private(set) var sends: [Send] = []
    private(set) var links: [Link] = []
    private var position: [ConnectionHandle: Int] = [:]

    init(recipients: Int) {
        position.reserveCapacity(recipients)
        sends.reserveCapacity(recipients)
        links.reserveCapacity(recipients * 2)
    }

    var isEmpty: Bool { sends.isEmpty }

    /// Queues message `index` for `connection`, after whatever the batch already holds for it.
    mutating func send(_ index: Int, to connection: ConnectionHandle, onWritten: (@Sendable (AnyObject, UInt64) -> Void)?, closeAfter: (code: UInt16, reason: String)?) {
        let link = links.count
        links.append(Link(message: index, next: -1))
        let slot: Int
        if let existing = position[connection] {
            slot = existing
            links[sends[slot].last].next = link
            sends[slot].last = link
        } else {
            slot = sends.count
            position[connection] = slot
            sends.append(Send(connection: connection, first: link, last: link))
        }
        if let onWritten { sends[slot].onWritten = onWritten }
        if let closeAfter { sends[slot].closeAfter = closeAfter }
    }

    /// The message indices queued for one send, in order.
    static func chain(from first: Int, in links: [Link]) -> some Sequence<Int> {
        sequence(first: first) { links[$0].next >= 0 ? links[$0].next : nil }.lazy.map { links[$0].message }
    }
}
