/// Close status codes (RFC 6455 §7.4.1) and the rule for which ones a peer may send (§7.4.2).
package enum WebSocketCloseCode {
    package static let normalClosure: UInt16 = 1000
    package static let goingAway: UInt16 = 1001
    package static let protocolError: UInt16 = 1002
    package static let unsupportedData: UInt16 = 1003
    /// §7.4.1: "the payload ... was not consistent with the type of the message" (e.g. invalid UTF-8).
    package static let invalidPayload: UInt16 = 1007
    package static let policyViolation: UInt16 = 1008
    package static let messageTooBig: UInt16 = 1009
    package static let mandatoryExtension: UInt16 = 1010
    package static let internalError: UInt16 = 1011
    /// Never on the wire: a Close arrived without a code (§7.1.5).
    package static let noStatusReceived: UInt16 = 1005
    /// Never on the wire: the connection ended without a closing handshake (§7.1.5).
    package static let abnormalClosure: UInt16 = 1006

    /// Whether a peer may put `code` in a Close frame.
    /// 1004 is reserved, 1005/1006/1015 must never be sent (§7.4.1), 0-999 and unassigned 1016-2999 are invalid (§7.4.2).
    /// 1012-1014 (service restart, try again later, bad gateway) are registered in the IANA
    /// "WebSocket Close Code Number Registry" since RFC 6455 and are accepted; 3000-4999 are for libraries and apps.
    package static func isValidOnWire(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }
}
