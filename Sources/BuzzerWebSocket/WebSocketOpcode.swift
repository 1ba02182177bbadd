/// A frame opcode (RFC 6455 §5.2). Values 3-7 and 11-15 are reserved and never decoded into this type:
/// the decoder fails the connection with 1002 instead (§5.2, "reserved for further ... frames").
package enum WebSocketOpcode: UInt8, Sendable, Hashable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Control frames have the high bit of the opcode set (RFC 6455 §5.5).
    package var isControl: Bool { rawValue & 0x8 != 0 }

    /// Text and binary frames start a data message (RFC 6455 §5.6).
    package var isDataMessageStart: Bool { self == .text || self == .binary }
}
