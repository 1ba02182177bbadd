/// A picture and a sound for a question, or for its reveal (`revealMedia`: the answer's picture,
/// which no player or display sees before the reveal). References are the library's media
/// addresses, `/media/<sha256>.<ext>`, so a pack names its files by content (docs/question-format.md).
package struct QuestionMedia: Sendable, Equatable, Codable {
    package var image: String?
    /// What the picture shows, for players who cannot see it (screen readers read it out).
    package var alt: String?
    package var audio: String?
    /// Where the clip starts, and how long it plays (audio only).
    package var startMs: Int?
    package var durationMs: Int?
    /// Phones show the picture too (a picture round on the projector only is the default).
    package var onPhones: Bool?

    package init(image: String? = nil, alt: String? = nil, audio: String? = nil, startMs: Int? = nil, durationMs: Int? = nil, onPhones: Bool? = nil) {
        self.image = image
        self.alt = alt
        self.audio = audio
        self.startMs = startMs
        self.durationMs = durationMs
        self.onPhones = onPhones
    }

    /// Every file it names.
    package var references: [String] { [image, audio].compactMap { $0 } }

    static let imageExtensions: Set<String> = ["png", "jpg", "webp", "gif"]
    static let audioExtensions: Set<String> = ["mp3", "ogg", "wav"]

    /// `/media/<64 hex digits>.<ext>` with `ext` among `extensions`: the media id and extension, else nil.
    package static func parseReference(_ reference: String, extensions: Set<String>) -> (id: String, ext: String)? {
        guard reference.hasPrefix("/media/") else { return nil }
        let name = reference.dropFirst("/media/".count)
        guard let dot = name.firstIndex(of: ".") else { return nil }
        let id = name[..<dot], ext = name[name.index(after: dot)...]
        guard id.utf8.count == 64, id.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              extensions.contains(String(ext)) else { return nil }
        return (String(id), String(ext))
    }
}
