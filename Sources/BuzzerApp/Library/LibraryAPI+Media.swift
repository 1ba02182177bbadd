import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import BuzzerTransport
import BuzzerWebSocket
import Foundation

extension LibraryAPI {
    // MARK: - Media

    /// `POST /api/media`: a picture or a sound as the raw body, typed by its first bytes.
    func uploadMedia(_ body: [UInt8]) -> HTTPResponse {
        guard !body.isEmpty else { return Self.error(400, "The body is empty: send the file itself.") }
        guard let kind = MediaStore.Kind.sniff(body) else {
            return Self.error(415, "That is not a PNG, JPEG, WebP or GIF picture, nor an MP3, OGG or WAV sound (judged by its first bytes).")
        }
        do {
            let (id, created) = try media.save(body, as: kind)
            var headers = Self.jsonHeaders
            let url = "/media/\(id).\(kind.rawValue)"
            headers.add(name: "Location", value: url)
            return HTTPResponse(status: created ? 201 : 200, headers: headers, body: Self.encode(MediaUploaded(
                id: id, url: url, type: kind.contentType, bytes: body.count)))
        } catch {
            return Self.response(for: error)
        }
    }

    /// `GET /media/<sha256>.<ext>`: cached for ever (the name is the content), with ranges for audio.
    /// On the worker pool: the requested range is read from the file (`pread`), never the whole file,
    /// and a long one is streamed as the socket drains.
    func serveMedia(_ request: HTTPRequest, pool: WorkerPool) -> RouteResponse {
        let path = request.path, head = request.head
        let notFound = RouteResponse.whole(Self.error(404, "No such picture or sound in the media library."))
        guard let file = media.file(for: path), let ext = path.split(separator: ".").last, let kind = MediaStore.Kind(rawValue: String(ext)) else {
            return notFound
        }
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return notFound }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            return notFound
        }
        let size = Int(info.st_size)
        let etag = "\"\(path.dropFirst("/media/".count).prefix(64))\""
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: kind.contentType)
        headers.add(name: "Cache-Control", value: "public, max-age=31536000, immutable")
        headers.add(name: "ETag", value: etag)
        headers.add(name: "Accept-Ranges", value: "bytes")
        if let match = head.headers.first(name: "If-None-Match"), match.contains(etag) {
            close(fd)
            return .whole(HTTPResponse(status: 304, headers: headers))
        }
        var status = 200, start = 0, end = size - 1
        if let range = head.headers.first(name: "Range") {
            guard let (first, last) = Self.byteRange(range, size: size) else {
                close(fd)
                headers.add(name: "Content-Range", value: "bytes */\(size)")
                return .whole(HTTPResponse(status: 416, headers: headers, body: Array("That range is not in the file (\(size) bytes).\n".utf8)))
            }
            (status, start, end) = (206, first, last)
            headers.add(name: "Content-Range", value: "bytes \(start)-\(end)/\(size)")
        }
        let length = max(0, end - start + 1)
        if length > Self.wholeMediaBytes || head.method == "HEAD" {
            return .streamed(HTTPResponse(status: status, headers: headers), body: FileBody(fd: fd, start: start, count: length, pool: pool))
        }
        defer { close(fd) }
        guard let bytes = FileBody.read(fd, at: start, count: length) else {
            return .whole(Self.error(500, "The file could not be read from the media library."))
        }
        return .whole(HTTPResponse(status: status, headers: headers, body: bytes))
    }

    /// One range of `Range: bytes=a-b`, `a-` or `-n` (RFC 9110 §14.1.2), clipped to the file; nil if
    /// it is not satisfiable or not one range (several ranges are not served).
    static func byteRange(_ header: String, size: Int) -> (Int, Int)? {
        guard header.hasPrefix("bytes="), size > 0 else { return nil }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash], last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
            return (max(0, size - suffix), size - 1)
        }
        guard let start = Int(first), start < size else { return nil }
        if last.isEmpty { return (start, size - 1) }
        guard let end = Int(last), end >= start else { return nil }
        return (start, min(end, size - 1))
    }

    struct MediaUploaded: Encodable {
        var id: String
        var url: String
        var type: String
        var bytes: Int
    }

}
