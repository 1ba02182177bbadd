/// The 32-bit masking key of a client-to-server frame (RFC 6455 §5.3).
/// Stored as the four key bytes in wire order.
package struct WebSocketMaskingKey: Sendable, Hashable {
    package var b0: UInt8
    package var b1: UInt8
    package var b2: UInt8
    package var b3: UInt8

    package init(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8, _ b3: UInt8) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.b3 = b3
    }

    /// A fresh key from the system generator. Only clients mask (§5.3 requires an unpredictable key);
    /// the server never calls this, so the codec state machines stay free of randomness.
    package static func random() -> WebSocketMaskingKey {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt32
        return WebSocketMaskingKey(
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value))
    }

    /// Key byte `index % 4`.
    package subscript(index: Int) -> UInt8 {
        switch index & 3 {
        case 0: return b0
        case 1: return b1
        case 2: return b2
        default: return b3
        }
    }

    /// XORs `bytes` in place with the key, where `bytes[0]` is payload byte number `offset` of the frame
    /// (§5.3: octet i is XORed with key octet i MOD 4). Masking and unmasking are the same operation.
    package func apply(to bytes: UnsafeMutableRawBufferPointer, offset: Int) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var index = 0
        // Eight bytes at a time: the key repeated twice, rotated to `offset`, in memory order.
        if count >= 16 {
            var pattern: UInt64 = 0
            withUnsafeMutableBytes(of: &pattern) { word in
                for i in 0..<8 { word[i] = self[offset + i] }
            }
            while index + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                base.storeBytes(of: word ^ pattern, toByteOffset: index, as: UInt64.self)
                index += 8
            }
        }
        while index < count {
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            base.storeBytes(of: byte ^ self[offset + index], toByteOffset: index, as: UInt8.self)
            index += 1
        }
    }
}
