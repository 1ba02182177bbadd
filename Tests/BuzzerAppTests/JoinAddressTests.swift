@testable import BuzzerApp
import Testing

/// Which address players are sent to, from what the server knows.
struct JoinAddressTests {
    @Test func publicURLWinsOverEverything() {
        let join = JoinAddress(publicURL: "https://quiz.example.org/", requestHost: "localhost:8080", lanAddresses: ["192.168.1.5"], port: 8080)
        #expect(join.candidates == ["https://quiz.example.org"])
        #expect(!join.isLoopback)
    }

    @Test func aHostPageOpenedOnTheLANAddressKeepsIt() {
        let join = JoinAddress(publicURL: nil, requestHost: "192.168.1.5:8080", lanAddresses: ["192.168.1.5", "10.0.0.2"], port: 8080)
        #expect(join.candidates == ["http://192.168.1.5:8080"])
    }

    @Test func aPageOpenedOnALoopbackNameOffersTheLANAddressesWithItsPort() {
        for host in ["localhost:9090", "127.0.0.1:9090", "[::1]:9090", "app.localhost:9090"] {
            let join = JoinAddress(publicURL: nil, requestHost: host, lanAddresses: ["192.168.1.5", "10.0.0.2", "2001:db8::7"], port: 8080)
            #expect(join.candidates == ["http://192.168.1.5:9090", "http://10.0.0.2:9090", "http://[2001:db8::7]:9090"], "\(host)")
            #expect(!join.isLoopback)
        }
    }

    @Test func withNoLANAddressTheLoopbackOneStaysAndIsFlagged() {
        let join = JoinAddress(publicURL: nil, requestHost: "localhost:8080", lanAddresses: [], port: 8080)
        #expect(join.candidates == ["http://localhost:8080"])
        #expect(join.isLoopback)
        let noHost = JoinAddress(publicURL: nil, requestHost: nil, lanAddresses: [], port: 7000)
        #expect(noHost.url == "http://localhost:7000")
    }

    @Test func aHostHeaderThatIsNotAPlausibleHostIsIgnored() {
        let join = JoinAddress(publicURL: nil, requestHost: "evil\"><script>", lanAddresses: ["10.0.0.2"], port: 8080)
        #expect(join.candidates == ["http://10.0.0.2:8080"])
    }

    @Test func hostsAndPortsAreReadFromURLsAndHostHeaders() {
        #expect(JoinAddress.host(of: "http://[::1]:8080") == "::1")
        #expect(JoinAddress.host(of: "http://192.168.1.5:8080/join/ABC") == "192.168.1.5")
        #expect(JoinAddress.port(of: "localhost:8080") == 8080)
        #expect(JoinAddress.port(of: "[::1]:81") == 81)
        #expect(JoinAddress.port(of: "[::1]") == nil)
        #expect(JoinAddress.port(of: "example.org") == nil)
    }
}
