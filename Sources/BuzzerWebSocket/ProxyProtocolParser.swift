/// Reads a PROXY v2 header from the start of a connection: a value-type state machine fed whatever
/// bytes arrive, split anywhere, that never holds more than the header. It also says when the
/// connection does not start with one, at the first byte that differs from the signature, so a
/// trusted proxy may send the header or not (nginx sends `X-Forwarded-For` instead).
package struct ProxyProtocolParser: Sendable {
    package enum Result: Sendable, Equatable {
        /// Every byte given is part of a header (or of its signature) so far; feed more.
        case needMoreData
        /// No PROXY v2 header: `held` (bytes kept from earlier calls, which matched the signature)
        /// and then all of this call's input are the connection's own bytes, in that order.
        case absent(held: [UInt8])
        /// The header; the first `consumed` bytes of this call's input belong to it, the rest do not.
        case complete(ProxyProtocolHeader, consumed: Int)
        /// A broken header: close the connection.
        case failed(ProxyProtocolError)
    }

    private enum State: Sendable {
        case reading
        case done
        case failed(ProxyProtocolError)
    }

    /// The longest header taken, TLVs included.
    package let maxBytes: Int
    private var state = State.reading
    /// The header's bytes so far (at most `maxBytes`).
    private var buffer: [UInt8] = []
    /// The whole header's length, once its fixed part is in.
    private var total: Int?

    package init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    package mutating func parse(_ bytes: UnsafeRawBufferPointer) -> Result {
        switch state {
        case .failed(let error): return .failed(error)
        case .done: return .absent(held: [])
        case .reading: break
        }
        let held = buffer.count
        var index = 0
        while index < bytes.count {
            if buffer.count < ProxyProtocolHeader.signature.count {
                guard bytes[index] == ProxyProtocolHeader.signature[buffer.count] else {
                    state = .done
                    let before = Array(buffer.prefix(held))
                    buffer = []
                    return .absent(held: before)
                }
                buffer.append(bytes[index])
                index += 1
                continue
            }
            if buffer.count < ProxyProtocolHeader.fixedLength {
                buffer.append(bytes[index])
                index += 1
                if let error = checkFixedPart() { return fail(error) }
                continue
            }
            guard let total else { break }
            let take = min(total - buffer.count, bytes.count - index)
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + take)]))
            index += take
            if buffer.count == total { break }
        }
        guard let total, buffer.count == total else { return .needMoreData }
        switch Self.decode(buffer) {
        case .success(let header):
            state = .done
            buffer = []
            return .complete(header, consumed: index)
        case .failure(let error):
            return fail(error)
        }
    }

    /// Checks each byte of the fixed part as it arrives, so a bad one fails at once.
    private mutating func checkFixedPart() -> ProxyProtocolError? {
        switch buffer.count {
        case 13:
            let byte = buffer[12]
            guard byte >> 4 == 2 else { return .unsupportedVersion(byte) }
            guard byte & 0x0F <= 1 else { return .unknownCommand(byte & 0x0F) }
        case 14:
            // LOCAL ignores the family (the spec: "discard the protocol block including the family").
            let byte = buffer[13]
            if buffer[12] & 0x0F == 1, !Self.knownFamilies.contains(byte) { return .unknownAddressFamily(byte) }
        case 16:
            let length = Int(buffer[14]) << 8 | Int(buffer[15])
            let whole = ProxyProtocolHeader.fixedLength + length
            guard whole <= maxBytes else { return .tooLarge(length: whole, limit: maxBytes) }
            if buffer[12] & 0x0F == 1, length < Self.addressBytes(family: buffer[13]) {
                return .addressesTooShort(family: buffer[13], length: length)
            }
            total = whole
        default:
            break
        }
        return nil
    }

    private mutating func fail(_ error: ProxyProtocolError) -> Result {
        state = .failed(error)
        buffer = []
        return .failed(error)
    }

    /// UNSPEC, and STREAM or DGRAM over INET, INET6 or UNIX (proxy-protocol.txt §2.2, 14th byte).
    private static let knownFamilies: Set<UInt8> = [0x00, 0x11, 0x12, 0x21, 0x22, 0x31, 0x32]

    private static func addressBytes(family: UInt8) -> Int {
        switch family >> 4 {
        case 1: 12
        case 2: 36
        case 3: 216
        default: 0
        }
    }

    /// The whole header, its fixed part already checked.
    private static func decode(_ bytes: [UInt8]) -> Swift.Result<ProxyProtocolHeader, ProxyProtocolError> {
        guard bytes[12] & 0x0F == 1 else {
            return .success(ProxyProtocolHeader(command: .local, source: nil, destination: nil, length: bytes.count))
        }
        let width: Int
        switch bytes[13] >> 4 {
        case 1: width = 4
        case 2: width = 16
        default:
            return .success(ProxyProtocolHeader(command: .proxy, source: nil, destination: nil, length: bytes.count))
        }
        let start = ProxyProtocolHeader.fixedLength
        func port(at offset: Int) -> UInt16 { UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1]) }
        guard let source = IPAddress(bytes: bytes[start..<(start + width)]),
              let destination = IPAddress(bytes: bytes[(start + width)..<(start + 2 * width)]) else {
            return .failure(.addressesTooShort(family: bytes[13], length: bytes.count - start))
        }
        return .success(ProxyProtocolHeader(
            command: .proxy,
            source: .init(address: source, port: port(at: start + 2 * width)),
            destination: .init(address: destination, port: port(at: start + 2 * width + 2)),
            length: bytes.count))
    }
}
