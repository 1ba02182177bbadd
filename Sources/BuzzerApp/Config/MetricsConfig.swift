import BuzzerWebSocket

/// The "metrics" section of config.json: who may read `GET /metrics`. Optional.
package struct MetricsConfig: Codable, Sendable, Equatable {
    /// Addresses or CIDR blocks allowed to scrape; others get 403. Loopback only by default: a
    /// Prometheus on the same machine, or behind the proxy, reads it; the bar's Wi-Fi does not.
    package var allowFrom = ["127.0.0.0/8", "::1/128"]

    package init() {}

    private enum CodingKeys: String, CodingKey { case allowFrom }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = MetricsConfig()
        if let list = try c.decodeIfPresent([String].self, forKey: .allowFrom) { s.allowFrom = list }
        self = s
        for entry in allowFrom where AddressRange(entry) == nil {
            throw DecodingError.dataCorruptedError(forKey: .allowFrom, in: c, debugDescription: "\"\(entry)\" is not an address or a CIDR block such as 10.0.0.0/8 or fd00::/8")
        }
    }

    package var ranges: [AddressRange] { allowFrom.compactMap(AddressRange.init) }
}
