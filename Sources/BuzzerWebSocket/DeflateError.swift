/// Failures while inflating a permessage-deflate message. Both map to a connection close:
/// `.tooLarge` -> 1009 (message too big), `.corrupt` -> 1007 (RFC 6455 §7.4.1 invalid payload data).
package enum DeflateError: Error, CustomStringConvertible, Equatable {
    /// The inflated message would exceed `limit` bytes (decompression bomb guard).
    case tooLarge(limit: Int)
    /// zlib rejected the compressed data.
    case corrupt(String)

    package var description: String {
        switch self {
        case .tooLarge(let limit):
            "inflated message exceeds \(limit) bytes"
        case .corrupt(let detail):
            "corrupt deflate data: \(detail)"
        }
    }

    /// The close code the codec sends for this failure (RFC 6455 §7.4.1).
    package var closeCode: UInt16 {
        switch self {
        case .tooLarge: 1009
        case .corrupt: 1007
        }
    }
}
