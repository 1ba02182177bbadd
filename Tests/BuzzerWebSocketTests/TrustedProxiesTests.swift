import Testing

@testable import BuzzerWebSocket

/// Whose address a request is counted against: the peer, unless the peer is a trusted proxy, whose
/// `X-Forwarded-For` or `Forwarded` then names the client (the right-most address that is no proxy).
@Suite struct TrustedProxiesTests {
    static func ip(_ text: String) -> IPAddress { IPAddress(text)! }

    static func headers(_ pairs: (String, String)...) -> HTTPHeaders { HTTPHeaders(pairs) }

    @Test func addressesHaveOneSpelling() {
        #expect(IPAddress("::ffff:10.1.2.3")?.description == "10.1.2.3", "an IPv4 peer on an IPv6 socket")
        #expect(IPAddress("2001:DB8:0:0:0:0:0:1")?.description == "2001:db8::1", "RFC 5952")
        #expect(IPAddress(bytes: [127, 0, 0, 2])?.description == "127.0.0.2")
        for bad in ["", "localhost", "1.2.3", "1.2.3.4:80", "[::1]", "::1%eth0", " 1.2.3.4"] { #expect(IPAddress(bad) == nil, "\(bad)") }
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
    }

    @Test func xForwardedForListsEveryHopInOrder() {
        let list = Self.headers(("X-Forwarded-For", "203.0.113.7, 10.0.0.2"), ("x-forwarded-for", "192.0.2.1:4711,[2001:db8::1]:80 , 2001:db8::2,unknown,,_hidden"))
        #expect(ForwardedHeader.xForwardedFor.hops(in: list) == [
            Self.ip("203.0.113.7"), Self.ip("10.0.0.2"), Self.ip("192.0.2.1"), Self.ip("2001:db8::1"), Self.ip("2001:db8::2"), nil, nil, nil,
        ])
        #expect(ForwardedHeader.xForwardedFor.hops(in: HTTPHeaders()) == [])
    }

    @Test func forwardedReadsTheForOfEachElement() {
        // RFC 7239 §4 and §7.4's examples, a quoted comma inside a value, and hops it cannot name.
        let list = Self.headers(
            ("Forwarded", #"for=192.0.2.43, For="[2001:db8:cafe::17]:4711";proto=https"#),
            ("Forwarded", #"proto=http;for=198.51.100.17;by=203.0.113.60;host=example.com, for=unknown, for="_gazonk", by=10.0.0.1"#),
            ("Forwarded", #"for="192.0.2.8";ext="a,b", for="192.0.2.9, for=\"10.0.0.1"#))
        #expect(ForwardedHeader.forwarded.hops(in: list) == [
            Self.ip("192.0.2.43"), Self.ip("2001:db8:cafe::17"), Self.ip("198.51.100.17"), nil, nil, nil, Self.ip("192.0.2.8"), nil,
        ])
    }

    @Test func anUntrustedPeerIsTheClientWhateverItSends() {
        let forged = Self.headers(("X-Forwarded-For", "10.9.9.9"), ("Forwarded", "for=10.9.9.8"))
        #expect(TrustedProxies().clientAddress(peer: "203.0.113.5", headers: forged) == "203.0.113.5")
        let proxies = TrustedProxies(ranges: [AddressRange("127.0.0.1")!])
        #expect(proxies.clientAddress(peer: "127.0.0.2", headers: forged) == "127.0.0.2")
        #expect(TrustedProxies(ranges: [AddressRange("127.0.0.1")!], header: .forwarded).clientAddress(peer: "127.0.0.2", headers: forged) == "127.0.0.2")
    }

    @Test func aTrustedProxyNamesTheRightMostAddressThatIsNoProxy() {
        let proxies = TrustedProxies(ranges: [AddressRange("10.0.0.0/8")!, AddressRange("::1")!])
        // nginx appends the address it saw; whatever is left of it is the client's own writing.
        let chain = Self.headers(("X-Forwarded-For", "6.6.6.6, 198.51.100.4, 10.0.0.5"))
        #expect(proxies.clientAddress(peer: "10.0.0.9", headers: chain) == "198.51.100.4")
        #expect(proxies.clientAddress(peer: "::1", headers: chain) == "198.51.100.4")
        #expect(proxies.clientAddress(peer: "::ffff:10.0.0.9", headers: chain) == "198.51.100.4", "a mapped peer is trusted by its IPv4 block")
        // A request the proxy sent itself (no header) stays the proxy's; so does one whose every hop is a proxy.
        #expect(proxies.clientAddress(peer: "10.0.0.9", headers: HTTPHeaders()) == "10.0.0.9")
        #expect(proxies.clientAddress(peer: "10.0.0.9", headers: Self.headers(("X-Forwarded-For", "10.0.0.1"))) == "10.0.0.1")
        // A hop the proxy could not name ends the walk at the last address known, never further left.
        #expect(proxies.clientAddress(peer: "10.0.0.9", headers: Self.headers(("X-Forwarded-For", "6.6.6.6, garbage"))) == "10.0.0.9")
        #expect(proxies.clientAddress(peer: "10.0.0.9", headers: Self.headers(("X-Forwarded-For", "6.6.6.6, unknown, 10.0.0.7"))) == "10.0.0.7")
        // The address comes out in its one spelling.
        #expect(proxies.clientAddress(peer: "10.0.0.9", headers: Self.headers(("X-Forwarded-For", "::ffff:198.51.100.4"))) == "198.51.100.4")
    }

    @Test func onlyTheConfiguredHeaderIsRead() {
        // A client behind nginx (which writes X-Forwarded-For) sends a Forwarded of its own, and the other way round.
        let both = Self.headers(("X-Forwarded-For", "198.51.100.4"), ("Forwarded", "for=6.6.6.6"))
        let range = [AddressRange("127.0.0.1")!]
        #expect(TrustedProxies(ranges: range, header: .xForwardedFor).clientAddress(peer: "127.0.0.1", headers: both) == "198.51.100.4")
        #expect(TrustedProxies(ranges: range, header: .forwarded).clientAddress(peer: "127.0.0.1", headers: both) == "6.6.6.6")
    }

    @Test func rangesMatchTheirAddressesOnly() throws {
        let mapped = try #require(AddressRange("::ffff:10.0.0.0/104"))
        #expect(mapped.contains("10.200.0.1") && !mapped.contains("11.0.0.1"), "a mapped block is its IPv4 block")
        #expect(AddressRange("::ffff:10.0.0.0/95") == nil)
        for bad in ["10.0.0.0/+8", "10.0.0.0/", "10.0.0.0/8/8"] { #expect(AddressRange(bad) == nil, "\(bad)") }
    }
}
