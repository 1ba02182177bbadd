/// The "http" section of config.json: how often one address may ask for an answer the server must
/// compute (a league's standings `?asOf=`, a results download, a library search). Everything else
/// is served from memory or a file and is not rationed here. Optional; every field too.
package struct HTTPConfig: Codable, Sendable, Equatable {
    /// Requests per minute per address (a token bucket refilled at this rate).
    package var computeRequestsPerMinute = 60
    /// Requests an address may make at once before the rate applies.
    package var computeBurst = 20

    package init() {}

    package static let perMinuteRange = 1...60_000
    package static let burstRange = 1...10_000

    private enum CodingKeys: String, CodingKey { case computeRequestsPerMinute, computeBurst }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = HTTPConfig()
        if let value = try c.decodeIfPresent(Int.self, forKey: .computeRequestsPerMinute) { s.computeRequestsPerMinute = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .computeBurst) { s.computeBurst = value }
        self = s
        if !Self.perMinuteRange.contains(computeRequestsPerMinute) {
            throw DecodingError.dataCorruptedError(forKey: .computeRequestsPerMinute, in: c, debugDescription: "must be \(Self.perMinuteRange.lowerBound)...\(Self.perMinuteRange.upperBound)")
        }
        if !Self.burstRange.contains(computeBurst) {
            throw DecodingError.dataCorruptedError(forKey: .computeBurst, in: c, debugDescription: "must be \(Self.burstRange.lowerBound)...\(Self.burstRange.upperBound)")
        }
    }
}
