import BuzzerTransport
import Glibc
import Testing

/// How many loops a server runs (`server.eventLoops`).
struct EventLoopGroupTests {
    @Test func automaticCountIsOneLoopMoreThanTheCores() {
        // One extra loop lets the scheduler rebalance a broadcast when one core is busy elsewhere.
        #expect(EventLoopGroup.automaticCount(cores: 2) == 3)
        #expect(EventLoopGroup.automaticCount(cores: 8) == 9)
        #expect(EventLoopGroup.automaticCount(cores: 1) == 2)
        // sysconf can fail (-1): still a working server.
        #expect(EventLoopGroup.automaticCount(cores: -1) == 2)
    }

    @Test func zeroMeansTheAutomaticCountForThisMachine() {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #expect(EventLoopGroup(count: 0).loops.count == EventLoopGroup.automaticCount(cores: cores))
    }

    @Test func anExplicitCountIsKept() {
        let group = EventLoopGroup(count: 5)
        #expect(group.loops.count == 5)
        #expect(group.loops.map(\.index) == [0, 1, 2, 3, 4])
    }
}
