import COpenSSL

/// SHA-1 through OpenSSL's one-shot `SHA1()`; only used for Sec-WebSocket-Accept (RFC 6455 §4.2.2),
/// where SHA-1 is mandated and not a security property.
package enum SHA1Digest {
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        bytes.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = SHA1(input.baseAddress, input.count, output.baseAddress)
            }
        }
        return digest
    }
}
