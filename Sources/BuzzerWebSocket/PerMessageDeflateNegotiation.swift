/// Server side of the permessage-deflate offer/response exchange (RFC 7692 §5, §7.1).
package enum PerMessageDeflateNegotiation {
    /// The extension name (RFC 7692 §7).
    package static let extensionName = "permessage-deflate"

    /// Picks the first acceptable offer from the Sec-WebSocket-Extensions values; nil = no compression.
    ///
    /// Offers with unknown or duplicated parameters or invalid values are skipped (RFC 7692 §7.1:
    /// the server must decline them), and so is `server_max_window_bits=8`, which zlib raw deflate
    /// cannot honour and which we may not answer with a larger value (§7.1.2.1).
    package static func negotiate(offers: [String], config: PerMessageDeflateConfig) -> (parameters: PerMessageDeflateParameters, responseHeader: String)? {
        guard config.enabled else { return nil }
        for offer in WebSocketExtensionOffer.parse(headerValues: offers) {
            guard let offer, offer.name == extensionName else { continue }
            if let accepted = accept(offer, config: config) {
                return accepted
            }
        }
        return nil
    }

    private struct RequestedParameters {
        var serverNoContextTakeover = false
        var clientNoContextTakeover = false
        var serverMaxWindowBits: Int?
        /// Outer nil: not offered. Inner nil: offered without a value ("any window is fine").
        var clientMaxWindowBits: Int??
    }

    private static func accept(_ offer: WebSocketExtensionOffer, config: PerMessageDeflateConfig) -> (parameters: PerMessageDeflateParameters, responseHeader: String)? {
        guard let requested = validate(offer) else { return nil }

        // Server side (our deflater). zlib raw deflate supports 9...15.
        let serverLimit = min(max(config.serverMaxWindowBits, 9), 15)
        var serverBits = serverLimit
        if let offered = requested.serverMaxWindowBits {
            // §7.1.2.1: answer with the same or a smaller value; 8 is below what we can do.
            guard offered >= 9 else { return nil }
            serverBits = min(offered, serverLimit)
        }
        // §7.1.1.1: must honour the request; may add it on our own.
        let serverNoContextTakeover = requested.serverNoContextTakeover || config.serverNoContextTakeover

        // Client side (our inflater). §7.1.2.2: only answer client_max_window_bits when offered.
        let clientLimit = min(max(config.clientMaxWindowBits, 8), 15)
        var clientBits = 15
        if let offered = requested.clientMaxWindowBits {
            clientBits = min(offered ?? 15, clientLimit)
        }

        var response = extensionName
        if serverNoContextTakeover { response += "; server_no_context_takeover" }
        if requested.clientNoContextTakeover { response += "; client_no_context_takeover" }
        // §7.1.2.1: we may state our window even when the client did not ask.
        if requested.serverMaxWindowBits != nil || serverBits < 15 { response += "; server_max_window_bits=\(serverBits)" }
        if requested.clientMaxWindowBits != nil { response += "; client_max_window_bits=\(clientBits)" }

        let parameters = PerMessageDeflateParameters(
            serverMaxWindowBits: serverBits,
            clientMaxWindowBits: clientBits,
            serverNoContextTakeover: serverNoContextTakeover,
            clientNoContextTakeover: requested.clientNoContextTakeover
        )
        return (parameters, response)
    }

    /// RFC 7692 §7.1: every parameter known, none repeated, values well-formed; nil otherwise.
    private static func validate(_ offer: WebSocketExtensionOffer) -> RequestedParameters? {
        var requested = RequestedParameters()
        var seen = Set<String>()
        for parameter in offer.parameters {
            guard seen.insert(parameter.name).inserted else { return nil }
            switch parameter.name {
            case "server_no_context_takeover":
                guard parameter.value == nil else { return nil }
                requested.serverNoContextTakeover = true
            case "client_no_context_takeover":
                guard parameter.value == nil else { return nil }
                requested.clientNoContextTakeover = true
            case "server_max_window_bits":
                guard let value = parameter.value, let bits = windowBits(value) else { return nil }
                requested.serverMaxWindowBits = bits
            case "client_max_window_bits":
                if let value = parameter.value {
                    guard let bits = windowBits(value) else { return nil }
                    requested.clientMaxWindowBits = .some(bits)
                } else {
                    requested.clientMaxWindowBits = .some(nil)
                }
            default:
                return nil
            }
        }
        return requested
    }

    /// §7.1.2: a decimal 8...15 without leading zeros.
    private static func windowBits(_ value: String) -> Int? {
        guard !value.hasPrefix("0"), value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            value.utf8.count <= 2, let bits = Int(value), (8...15).contains(bits)
        else { return nil }
        return bits
    }
}
