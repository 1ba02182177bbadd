import BuzzerGame
import Dispatch
import BuzzerTransport
import BuzzerWebSocket
import Logging
import Synchronization

/// Where players can reach this server: `server.publicURL`, else the host's own view of it (the
/// Host of its request) and the machine's LAN addresses, on the port the server bound.
final class ServerAddresses: Sendable {
    private let config: BuzzerConfig
    /// The port the server listens on, once started (`server.port` may be 0).
    let listeningPort = Atomic<Int>(0)
    /// The interfaces' addresses, read by `getifaddrs` on a utility queue every 10 s at most: a
    /// `create` runs on a connection's loop and must not make the call there.
    private let lan: BackgroundRefreshed<[String]>?

    init(config: BuzzerConfig, clock: @escaping @Sendable () -> Int64) {
        self.config = config
        let host = config.server.host
        lan = host == "0.0.0.0" || host == "::"
            ? BackgroundRefreshed(maxAgeMilliseconds: 10_000, queue: DispatchQueue(label: "buzzer.lan-addresses", qos: .utility), clock: clock) {
                LANAddresses.current()
            }
            : nil
    }

    func joinAddress(requestHost: String?) -> JoinAddress {
        let bound = listeningPort.load(ordering: .relaxed)
        return JoinAddress(publicURL: config.server.publicURL, requestHost: requestHost, lanAddresses: listeningAddresses,
                           port: bound > 0 ? bound : config.server.port, scheme: config.server.tls == nil ? "http" : "https")
    }

    /// The addresses phones might reach this server at: every LAN address when it listens on all
    /// interfaces, else the one it listens on (none if that is loopback).
    var listeningAddresses: [String] {
        if let lan { return lan.value }
        let host = config.server.host
        return JoinAddress.isLoopbackHost(host) ? [] : [host]
    }
}
