import COpenSSL

/// Join codes and secret tokens. Both come from the system CSPRNG: codes must not be guessable
/// from earlier ones, and tokens are bearer credentials.
package enum Secrets {
    /// Capital letters and digits that cannot be mistaken for each other on a phone keyboard or a
    /// projector: no O or 0, no I or 1. 32 symbols, so 6 characters give 32⁶ ≈ 1.07 × 10⁹ codes.
    package static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789".utf8)

    /// A new join code; the caller retries on the (rare) collision with a live room.
    package static func joinCode(length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<length).map { _ in codeAlphabet[Int(generator.next(upperBound: UInt32(codeAlphabet.count)))] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Normalises what a person typed: case, spaces and dashes do not matter.
    package static func normalizeCode(_ typed: String) -> String {
        String(typed.uppercased().filter { $0 != " " && $0 != "-" }.prefix(32))
    }

    /// 128 random bits as 32 lowercase hex characters.
    package static func token() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// A random room seed (stored in the log so replay shuffles the same way).
    package static func seed() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }

    /// SHA-256 as lowercase hex: what the room and the log keep instead of a token.
    package static func hash(_ token: String) -> String {
        sha256Hex(Array(token.utf8))
    }

    /// SHA-256 of `bytes` as lowercase hex (also the library's media names and pack versions).
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = SHA256(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return hex(digest)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
