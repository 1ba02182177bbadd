/// The "library" section of config.json: who may edit the question library over HTTP, and how big
/// a pack may be. Every field is optional.
package struct LibraryConfig: Codable, Sendable, Equatable {
    /// The `Authorization: Bearer` token for `POST`/`PUT`/`DELETE /api/packs`. Unset (the default):
    /// `buzzer serve` makes one at each start and prints an edit link that carries it.
    package var editToken: String?
    /// The largest pack body the API takes; past it, 413.
    package var maxPackBytes = 1 << 20
    /// Where uploaded pictures and sounds live (`<sha256>.<ext>`); relative to the config file's folder.
    package var mediaDirectory = "media"
    /// The largest picture or sound `POST /api/media` takes; past it, 413.
    package var maxMediaBytes = 10 << 20

    package init() {}

    private enum CodingKeys: String, CodingKey { case editToken, maxPackBytes, mediaDirectory, maxMediaBytes }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var s = LibraryConfig()
        s.editToken = try c.decodeIfPresent(String.self, forKey: .editToken)
        if let value = try c.decodeIfPresent(Int.self, forKey: .maxPackBytes) { s.maxPackBytes = value }
        if let value = try c.decodeIfPresent(String.self, forKey: .mediaDirectory) { s.mediaDirectory = value }
        if let value = try c.decodeIfPresent(Int.self, forKey: .maxMediaBytes) { s.maxMediaBytes = value }
        self = s
        if mediaDirectory.isEmpty {
            throw DecodingError.dataCorruptedError(forKey: .mediaDirectory, in: c, debugDescription: "must not be empty")
        }
        if !(1024...(256 << 20)).contains(maxMediaBytes) {
            throw DecodingError.dataCorruptedError(forKey: .maxMediaBytes, in: c, debugDescription: "must be 1024...268435456")
        }
        if let token = editToken, token.count < 16 || token.contains(where: { $0.isWhitespace }) {
            throw DecodingError.dataCorruptedError(forKey: .editToken, in: c, debugDescription: "must be at least 16 characters without spaces (or left out: one is made at start)")
        }
        if !(1024...(64 << 20)).contains(maxPackBytes) {
            throw DecodingError.dataCorruptedError(forKey: .maxPackBytes, in: c, debugDescription: "must be 1024...67108864")
        }
    }
}
