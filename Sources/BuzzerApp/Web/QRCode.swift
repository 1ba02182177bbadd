import CQRencode

/// A QR code symbol from libqrencode, drawn as a small SVG (one path of dark modules), so the
/// host console and the projector can show the join address without any script or image file.
struct QRCode: Sendable, Equatable {
    /// Modules per side.
    let width: Int
    /// Row-major, `true` for a dark module.
    let modules: [Bool]

    /// Error-correction level M survives a smudged or partly lit projector screen; the join URL
    /// is short enough that the symbol stays small.
    init?(encoding text: String) {
        guard !text.isEmpty, !text.utf8.contains(0) else { return nil }
        // Byte mode, any version: libqrencode picks the smallest symbol that fits.
        guard let symbol = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(symbol) }
        let side = Int(symbol.pointee.width)
        let data = symbol.pointee.data!
        // Bit 0 of each byte is the module's colour; the other bits describe its role.
        width = side
        modules = (0..<(side * side)).map { data[$0] & 1 == 1 }
    }

    /// An SVG with a 4-module quiet zone (ISO/IEC 18004 §7.3.7), scaling to its container.
    /// `label` becomes the accessible name.
    func svg(label: String) -> String {
        let quiet = 4, size = width + 2 * quiet
        var path = ""
        path.reserveCapacity(width * width * 4)
        for row in 0..<width {
            var column = 0
            while column < width {
                guard modules[row * width + column] else { column += 1; continue }
                let start = column
                while column < width, modules[row * width + column] { column += 1 }
                path += "M\(start + quiet) \(row + quiet)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" shape-rendering="crispEdges" \
        role="img" aria-label="\(Self.escape(label))"><title>\(Self.escape(label))</title>\
        <rect width="\(size)" height="\(size)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>

        """
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
