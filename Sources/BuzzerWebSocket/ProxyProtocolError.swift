/// Why a PROXY v2 header was refused. The connection is closed: a trusted proxy that sends a broken
/// header is misconfigured, and guessing the client would defeat the per-address limits.
package enum ProxyProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The version nibble is not 2.
    case unsupportedVersion(UInt8)
    /// A command other than LOCAL (0) or PROXY (1): the spec says to drop the connection.
    case unknownCommand(UInt8)
    /// A family/transport byte the spec does not define.
    case unknownAddressFamily(UInt8)
    /// The length is too short for the family's addresses.
    case addressesTooShort(family: UInt8, length: Int)
    /// The header would be longer than the server takes (`websocket.maxHeaderBytes`).
    case tooLarge(length: Int, limit: Int)

    package var description: String {
        switch self {
        case .unsupportedVersion(let byte): "PROXY protocol version \(byte >> 4) (only version 2 is read)"
        case .unknownCommand(let command): "PROXY v2 command \(command) (only LOCAL and PROXY exist)"
        case .unknownAddressFamily(let byte): "PROXY v2 address family byte 0x\(String(byte, radix: 16))"
        case .addressesTooShort(let family, let length): "PROXY v2 family 0x\(String(family, radix: 16)) with only \(length) bytes of addresses"
        case .tooLarge(let length, let limit): "a \(length)-byte PROXY v2 header (at most \(limit))"
        }
    }
}
