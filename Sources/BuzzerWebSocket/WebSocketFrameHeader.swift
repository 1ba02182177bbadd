/// The fixed part of a frame (RFC 6455 §5.2), as decoded or to be encoded.
package struct WebSocketFrameHeader: Sendable, Hashable {
    package var fin: Bool
    /// RSV1 marks a compressed message under permessage-deflate (RFC 7692 §6).
    package var rsv1: Bool
    package var rsv2: Bool
    package var rsv3: Bool
    package var opcode: WebSocketOpcode
    package var maskingKey: WebSocketMaskingKey?
    package var payloadLength: Int

    package init(
        fin: Bool = true, rsv1: Bool = false, rsv2: Bool = false, rsv3: Bool = false,
        opcode: WebSocketOpcode, maskingKey: WebSocketMaskingKey? = nil, payloadLength: Int
    ) {
        self.fin = fin
        self.rsv1 = rsv1
        self.rsv2 = rsv2
        self.rsv3 = rsv3
        self.opcode = opcode
        self.maskingKey = maskingKey
        self.payloadLength = payloadLength
    }

    /// Bytes the header takes on the wire with the shortest length encoding (§5.2).
    package var encodedSize: Int {
        let lengthSize = payloadLength <= 125 ? 0 : (payloadLength <= 0xFFFF ? 2 : 8)
        return 2 + lengthSize + (maskingKey == nil ? 0 : 4)
    }
}
