/// The reverse proxies whose word on a client's address is taken (`server.trustedProxies`), and the
/// header they write it in (`server.forwardedHeader`). Behind a proxy every connection comes from
/// the proxy, so without this every per-address limit would be one limit for everybody.
///
/// A peer not in the list is the client, whatever headers it sends. A listed peer's connection may
/// start with a PROXY v2 header (read by the transport), which names the client; and a request from
/// a listed address (the peer, or the client a PROXY header named, if that is listed too) names
/// the client in `forwardedHeader`: the right-most address that is not a listed proxy, since each
/// proxy appends the address it saw and everything left of a proxy's entry is what the client wrote.
package struct TrustedProxies: Sendable, Equatable {
    package let ranges: [AddressRange]
    package let header: ForwardedHeader

    package init(ranges: [AddressRange] = [], header: ForwardedHeader = .xForwardedFor) {
        self.ranges = ranges
        self.header = header
    }

    package var isEmpty: Bool { ranges.isEmpty }

    package func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    package func trusts(_ address: String) -> Bool {
        guard !ranges.isEmpty, let parsed = IPAddress(address) else { return false }
        return trusts(parsed)
    }

    /// The client's address for one request that came from `peer` (the connection's address, after
    /// any PROXY header). A hop a trusted proxy could not name (`unknown`, garbage) ends the walk at
    /// the last address known, the proxy's own: never a guess.
    package func clientAddress(peer: String, headers: HTTPHeaders) -> String {
        guard !ranges.isEmpty, var current = IPAddress(peer), trusts(current) else { return peer }
        for hop in header.hops(in: headers).reversed() {
            guard let hop else { break }
            current = hop
            if !trusts(hop) { break }
        }
        return current.description
    }
}
