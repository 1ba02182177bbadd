import BuzzerWebSocket

/// The "server" section of config.json: where to listen and how many connections to hold.
package struct ServerConfig: Codable, Sendable, Equatable {
    /// Address to bind, e.g. "0.0.0.0" or "127.0.0.1".
    package var host: String
    /// TCP port; 0 picks a free one (tests).
    package var port: Int
    /// Event loops to run; 0 means one per core plus one (`EventLoopGroup.automaticCount`).
    package var eventLoops: Int
    /// Connections held at once; the listener closes new ones beyond this at once.
    package var maxConnections: Int
    /// The address players type or scan (join links, QR codes); nil derives it from the request's Host.
    package var publicURL: String?
    /// https and wss on this port instead of http and ws; nil (the default) serves plain.
    package var tls: TLSConfig?
    /// Reverse proxies (addresses or CIDR blocks) whose PROXY v2 header and `forwardedHeader` name the
    /// client; empty (the default): every peer is the client, whatever it sends.
    package var trustedProxies: [String]
    /// The header the trusted proxies write the client's address into: "X-Forwarded-For" or "Forwarded".
    package var forwardedHeader: String

    package init(host: String = "0.0.0.0", port: Int = 8080, eventLoops: Int = 0, maxConnections: Int = 20_000, publicURL: String? = nil, tls: TLSConfig? = nil,
                 trustedProxies: [String] = [], forwardedHeader: String = ForwardedHeader.xForwardedFor.rawValue) {
        self.host = host
        self.port = port
        self.eventLoops = eventLoops
        self.maxConnections = maxConnections
        self.publicURL = publicURL
        self.tls = tls
        self.trustedProxies = trustedProxies
        self.forwardedHeader = forwardedHeader
    }

    private enum CodingKeys: String, CodingKey { case host, port, eventLoops, maxConnections, publicURL, tls, trustedProxies, forwardedHeader }

    /// The first four fields are required; the rest may be left out.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            host: try c.decode(String.self, forKey: .host), port: try c.decode(Int.self, forKey: .port),
            eventLoops: try c.decode(Int.self, forKey: .eventLoops), maxConnections: try c.decode(Int.self, forKey: .maxConnections),
            publicURL: try c.decodeIfPresent(String.self, forKey: .publicURL), tls: try c.decodeIfPresent(TLSConfig.self, forKey: .tls),
            trustedProxies: try c.decodeIfPresent([String].self, forKey: .trustedProxies) ?? [],
            forwardedHeader: try c.decodeIfPresent(String.self, forKey: .forwardedHeader) ?? ForwardedHeader.xForwardedFor.rawValue)
    }

    /// Checks ranges that the JSON types alone cannot; the message names the field.
    package func validate() throws(TransportError) {
        guard (0...65_535).contains(port) else { throw .invalidConfig(field: "server.port", reason: "must be 0...65535, got \(port)") }
        guard eventLoops >= 0, eventLoops <= 256 else { throw .invalidConfig(field: "server.eventLoops", reason: "must be 0...256") }
        guard maxConnections > 0 else { throw .invalidConfig(field: "server.maxConnections", reason: "must be positive") }
        guard !host.isEmpty else { throw .invalidConfig(field: "server.host", reason: "must not be empty") }
        for entry in trustedProxies where AddressRange(entry) == nil {
            throw .invalidConfig(field: "server.trustedProxies", reason: "\"\(entry)\" is not an address or a CIDR block such as 10.0.0.0/8 or fd00::/8")
        }
        guard ForwardedHeader(rawValue: forwardedHeader) != nil else {
            throw .invalidConfig(field: "server.forwardedHeader", reason: "must be \"X-Forwarded-For\" or \"Forwarded\", got \"\(forwardedHeader)\"")
        }
    }

    /// `trustedProxies` and `forwardedHeader` as the transport uses them (entries `validate` refuses are left out).
    package var proxies: TrustedProxies {
        TrustedProxies(ranges: trustedProxies.compactMap(AddressRange.init), header: ForwardedHeader(rawValue: forwardedHeader) ?? .xForwardedFor)
    }
}

/// The "timeouts" section of config.json, in seconds.
package struct TimeoutConfig: Codable, Sendable, Equatable {
    /// Time allowed from accept to a complete upgrade request: slowloris clients must not hold slots.
    package var handshakeSeconds: Double
    /// A connection that sends nothing (not even a pong) for this long is closed.
    package var idleSeconds: Double
    /// Keepalive ping period, also used to measure round-trip time; 0 turns pings off (Autobahn counts them as
    /// unexpected events).
    package var pingIntervalSeconds: Double
    /// How long we wait for the peer's Close after sending ours, or for EOF after shutting down our side.
    package var closeSeconds: Double
    /// Bound on graceful shutdown: after this, remaining connections are dropped.
    package var shutdownSeconds: Double

    package init(handshakeSeconds: Double = 10, idleSeconds: Double = 60, pingIntervalSeconds: Double = 20, closeSeconds: Double = 5, shutdownSeconds: Double = 5) {
        self.handshakeSeconds = handshakeSeconds
        self.idleSeconds = idleSeconds
        self.pingIntervalSeconds = pingIntervalSeconds
        self.closeSeconds = closeSeconds
        self.shutdownSeconds = shutdownSeconds
    }

    /// The longest any timeout may be: a day. The transport keeps deadlines as nanoseconds in a
    /// `UInt64`, and a larger value (1e300 is valid JSON) would trap when converted.
    package static let maxSeconds: Double = 86_400

    package func validate() throws(TransportError) {
        for (name, value) in [("handshakeSeconds", handshakeSeconds), ("idleSeconds", idleSeconds), ("closeSeconds", closeSeconds), ("shutdownSeconds", shutdownSeconds)]
        where !(value > 0 && value <= Self.maxSeconds) {
            throw .invalidConfig(field: "timeouts.\(name)", reason: "must be greater than 0 and at most 86400 (a day)")
        }
        guard pingIntervalSeconds >= 0, pingIntervalSeconds <= Self.maxSeconds else {
            throw .invalidConfig(field: "timeouts.pingIntervalSeconds", reason: "must be 0 (off) or positive, at most 86400 (a day)")
        }
    }
}

/// The "transport" section of config.json.
package struct TransportConfig: Codable, Sendable, Equatable {
    /// Bytes queued for a connection that is not reading before we give up on it.
    package var outboundHighWaterBytes: Int
    /// Size of each loop's shared read buffer.
    package var readBufferBytes: Int
    /// What bounds a phone's round trip, which response times and buzz presses are corrected by.
    package var roundTrip: RoundTripSource

    package init(outboundHighWaterBytes: Int = 4 << 20, readBufferBytes: Int = 64 << 10, roundTrip: RoundTripSource = .kernel) {
        self.outboundHighWaterBytes = outboundHighWaterBytes
        self.readBufferBytes = readBufferBytes
        self.roundTrip = roundTrip
    }

    private enum CodingKeys: String, CodingKey { case outboundHighWaterBytes, readBufferBytes, roundTrip }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = TransportConfig()
        outboundHighWaterBytes = try c.decodeIfPresent(Int.self, forKey: .outboundHighWaterBytes) ?? defaults.outboundHighWaterBytes
        readBufferBytes = try c.decodeIfPresent(Int.self, forKey: .readBufferBytes) ?? defaults.readBufferBytes
        guard let text = try c.decodeIfPresent(String.self, forKey: .roundTrip) else {
            roundTrip = defaults.roundTrip
            return
        }
        guard let source = RoundTripSource(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: .roundTrip, in: c, debugDescription: "must be \"kernel\" or \"pongs\"")
        }
        roundTrip = source
    }

    package func validate() throws(TransportError) {
        guard outboundHighWaterBytes >= 1024 else { throw .invalidConfig(field: "transport.outboundHighWaterBytes", reason: "must be at least 1024") }
        guard readBufferBytes >= 1024 else { throw .invalidConfig(field: "transport.readBufferBytes", reason: "must be at least 1024") }
    }
}
