/// A value that writes its own compact JSON, byte for byte what its `encode(to:)` gives.
///
/// `OrderedJSONEncoder` uses it for a nested value instead of walking `encode(to:)`: for the few
/// large, flat values on a hot path. A reveal's recorded standings in a room of 10,000 players
/// took 16 ms through the generic walk (about 1.6 µs a row) on the room's loop, before its own
/// connections got their results (`buzzer bench reveal --players 10000`, "archive line").
package protocol JSONBytesEncodable: Encodable {
    /// Appends the value's JSON text to `out`.
    func appendJSON(to out: inout [UInt8])
}

/// A value that writes its own compact JSON with every object's keys in UTF-8 byte order: byte for
/// byte what `JSONEncoder` with `.sortedKeys` gives for its `encode(to:)`.
///
/// `OrderedJSONEncoder(sortingKeys: true)` uses it for a nested value: for the rows of a host's or a
/// projector's coalesced lists (`waiting`, `players`), thousands a second in a busy night, where the
/// generic walk cost about 1 µs a row.
package protocol JSONSortedBytesEncodable: Encodable {
    /// Appends the value's JSON text, keys sorted, to `out`.
    func appendSortedJSON(to out: inout [UInt8])
}
