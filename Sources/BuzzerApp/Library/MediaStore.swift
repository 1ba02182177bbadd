import BuzzerArchive
import BuzzerGame
import Foundation

/// The pictures and sounds packs use: one file per content, `<sha256>.<ext>`, in the media folder
/// beside the library. A file's name is its digest, so an address never changes meaning and can
/// be cached for ever; uploading the same bytes twice stores them once.
package struct MediaStore: Sendable {
    /// The types the library takes, recognised by their first bytes, never by a name or a header.
    package enum Kind: String, Sendable, CaseIterable {
        case png, jpg, webp, gif, mp3, ogg, wav

        var contentType: String {
            switch self {
            case .png: "image/png"
            case .jpg: "image/jpeg"
            case .webp: "image/webp"
            case .gif: "image/gif"
            case .mp3: "audio/mpeg"
            case .ogg: "audio/ogg"
            case .wav: "audio/wav"
            }
        }

        var isImage: Bool { self == .png || self == .jpg || self == .webp || self == .gif }

        /// What the bytes start with: PNG's signature, JPEG's SOI marker, `GIF87a`/`GIF89a`, RIFF
        /// with WEBP or WAVE, `OggS`, and MP3's ID3 tag or frame sync.
        static func sniff(_ bytes: [UInt8]) -> Kind? {
            func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
                bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
            }
            if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
            if starts([0xFF, 0xD8, 0xFF]) { return .jpg }
            if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
            if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
            if starts(Array("RIFF".utf8)), starts(Array("WAVE".utf8), at: 8) { return .wav }
            if starts(Array("OggS".utf8)) { return .ogg }
            if starts(Array("ID3".utf8)) { return .mp3 }
            if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] & 0xE0 == 0xE0, bytes[1] & 0x06 != 0 { return .mp3 }
            return nil
        }
    }

    package let directory: String

    package init(directory: String) {
        self.directory = directory
    }

    /// Stores `bytes` under their digest (atomically, as packs are written); `created` is false when
    /// the same file was already there.
    func save(_ bytes: [UInt8], as kind: Kind) throws(PackStoreError) -> (id: String, created: Bool) {
        let id = Secrets.sha256Hex(bytes)
        let path = path(id: id, kind: kind)
        if FileManager.default.fileExists(atPath: path) { return (id, false) }
        try? POSIXArchiveFileSystem().createDirectory(directory)
        do { try AtomicFile.write(bytes, to: path, in: directory) } catch { throw .io(error.description) }
        return (id, true)
    }

    func path(id: String, kind: Kind) -> String { "\(directory)/\(id).\(kind.rawValue)" }

    /// The file behind a pack's reference (`/media/<sha256>.<ext>`), if it is in the folder.
    package func file(for reference: String) -> String? {
        guard let (id, ext) = QuestionMedia.parseReference(reference, extensions: Set(Kind.allCases.map(\.rawValue))),
              let kind = Kind(rawValue: ext) else { return nil }
        let path = path(id: id, kind: kind)
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// References in `pack` whose file is not in the folder, with where each is used.
    package func missing(in pack: QuestionPack) -> [(path: String, reference: String)] {
        var out: [(String, String)] = []
        for (roundIndex, round) in pack.rounds.enumerated() {
            for (questionIndex, question) in round.questions.enumerated() {
                let at = pack.path(round: roundIndex, question: questionIndex)
                for (field, media) in [("media", question.media), ("revealMedia", question.revealMedia)] {
                    for (key, reference) in [("image", media?.image), ("audio", media?.audio)] {
                        if let reference, file(for: reference) == nil { out.append(("\(at).\(field).\(key)", reference)) }
                    }
                }
            }
        }
        return out
    }
}
