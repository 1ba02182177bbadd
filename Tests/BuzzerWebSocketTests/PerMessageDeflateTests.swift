import Foundation
import Testing

@testable import BuzzerWebSocket

/// Feeds one frame payload; a Result carries the typed error out of withUnsafeBytes
/// (typed-throws closures passed to rethrowing functions crash the 6.3 compiler).
private func feed(_ inflater: MessageInflater, _ bytes: ArraySlice<UInt8>, into output: inout [UInt8], limit: Int) throws(DeflateError) {
    let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(DeflateError) in try inflater.inflate(buffer, into: &output, limit: limit) }
    }
    try result.get()
}

@Suite struct PerMessageDeflateTests {
    private let hello = Array("Hello".utf8)
    /// RFC 7692 §7.2.3.1: "Hello" compressed in a single DEFLATE block, tail stripped.
    private let helloCompressed: [UInt8] = [0xF2, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
    /// RFC 7692 §7.2.3.2: the second "Hello" in the same context is a back-reference.
    private let helloSecondWithContext: [UInt8] = [0xF2, 0x00, 0x11, 0x00, 0x00]

    private func inflateMessage(_ inflater: MessageInflater, _ bytes: [UInt8], limit: Int = 1 << 20) throws(DeflateError) -> [UInt8] {
        var output: [UInt8] = []
        try feed(inflater, bytes[...], into: &output, limit: limit)
        try inflater.finishMessage(into: &output, limit: limit)
        return output
    }

    @Test func compressesHelloToRFCVector() {
        let deflater = MessageDeflater(windowBits: 15, noContextTakeover: false, level: 6)
        #expect(deflater.deflate(hello) == helloCompressed)
    }

    @Test func inflatesRFCHelloVector() throws {
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: false)
        #expect(try inflateMessage(inflater, helloCompressed) == hello)
    }

    @Test func secondMessageReusesContextWhenTakeoverAllowed() throws {
        let deflater = MessageDeflater(windowBits: 15, noContextTakeover: false, level: 6)
        #expect(deflater.deflate(hello) == helloCompressed)
        #expect(deflater.deflate(hello) == helloSecondWithContext)

        let inflater = MessageInflater(windowBits: 15, noContextTakeover: false)
        #expect(try inflateMessage(inflater, helloCompressed) == hello)
        #expect(try inflateMessage(inflater, helloSecondWithContext) == hello)
    }

    @Test func noContextTakeoverRepeatsTheFullForm() throws {
        let deflater = MessageDeflater(windowBits: 15, noContextTakeover: true, level: 6)
        #expect(deflater.deflate(hello) == helloCompressed)
        #expect(deflater.deflate(hello) == helloCompressed)

        let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
        #expect(try inflateMessage(inflater, helloCompressed) == hello)
        #expect(try inflateMessage(inflater, helloCompressed) == hello)
    }

    @Test func noContextTakeoverInflaterForgetsTheWindow() {
        // The context-takeover back-reference of §7.2.3.2 must not resolve after a reset.
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
        #expect(throws: DeflateError.self) {
            _ = try inflateMessage(inflater, helloCompressed)
            _ = try inflateMessage(inflater, helloSecondWithContext)
        }
    }

    @Test func inflatesAcrossArbitraryFrameSplits() throws {
        var text = ""
        for index in 0..<400 { text += "question \(index) answer \(index % 7); " }
        let original = Array(text.utf8)
        let compressed = MessageDeflater(windowBits: 15, noContextTakeover: true, level: 9).deflate(original)
        for split in stride(from: 0, through: compressed.count, by: max(1, compressed.count / 37)) {
            let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
            var output: [UInt8] = []
            try feed(inflater, compressed[..<split], into: &output, limit: 1 << 20)
            try feed(inflater, compressed[split...], into: &output, limit: 1 << 20)
            try inflater.finishMessage(into: &output, limit: 1 << 20)
            #expect(output == original, "split at \(split)")
        }
    }

    @Test func roundTripsEmptyAndLargeMessagesAtEveryWindowSize() throws {
        var generator = SystemRandomNumberGenerator()
        let noisy = (0..<200_000).map { _ in UInt8.random(in: 0...15, using: &generator) }
        for bits in 9...15 {
            let deflater = MessageDeflater(windowBits: bits, noContextTakeover: false, level: 6)
            let inflater = MessageInflater(windowBits: bits, noContextTakeover: false)
            for message in [[], noisy, hello, [], [], hello, noisy] as [[UInt8]] {
                let compressed = deflater.deflate(message)
                #expect(try inflateMessage(inflater, compressed, limit: 1 << 20) == message, "window bits \(bits) message \(message.count) compressed \(compressed.prefix(16))")
            }
        }
    }

    @Test func emptyMessageIsTheSingleZeroByte() throws {
        // RFC 7692 §7.2.3.6: an empty message compresses to 0x00; also right after another message,
        // where zlib itself would produce no bytes at all.
        let deflater = MessageDeflater(windowBits: 15, noContextTakeover: false, level: 6)
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: false)
        #expect(deflater.deflate([]) == [0x00])
        #expect(try inflateMessage(inflater, [0x00]) == [])
        #expect(deflater.deflate(hello) == helloCompressed)
        #expect(deflater.deflate([]) == [0x00])
        #expect(deflater.deflate([]) == [0x00])
        for _ in 0..<2 { #expect(try inflateMessage(inflater, [0x00]) == []) }
        #expect(try inflateMessage(inflater, helloCompressed) == hello)
        #expect(try inflateMessage(inflater, helloSecondWithContext) == hello)
    }

    @Test func emptyPayloadIsAnEmptyMessage() throws {
        // Some senders strip 00 00 ff ff from an empty flush and send no bytes at all.
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: false)
        #expect(try inflateMessage(inflater, helloCompressed) == hello)
        #expect(try inflateMessage(inflater, []) == [])
        #expect(try inflateMessage(inflater, []) == [])
        #expect(try inflateMessage(inflater, helloSecondWithContext) == hello)
    }

    @Test func acceptsMessagesEndedWithBFINALBlock() throws {
        // RFC 7692 §7.2.3.3: "Hello" in a DEFLATE block with BFINAL set; the appended tail and any
        // padding after the final block are ignored, and the next message starts a new stream.
        let finalHello: [UInt8] = [0xF3, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: false)
        #expect(try inflateMessage(inflater, finalHello) == hello)
        #expect(try inflateMessage(inflater, finalHello + [0x00]) == hello)
        #expect(try inflateMessage(inflater, helloCompressed) == hello)
        // The window survives the restart, so a back-reference still resolves.
        #expect(try inflateMessage(inflater, helloSecondWithContext) == hello)
    }

    @Test func decompressionBombStopsAtTheLimit() {
        // 10 MB of zeros deflates to ~10 KB; inflating must stop at the cap, not allocate 10 MB.
        let bomb = MessageDeflater(windowBits: 15, noContextTakeover: true, level: 9).deflate([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count < 20_000)
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
        var output: [UInt8] = []
        #expect(throws: DeflateError.tooLarge(limit: 65536)) {
            try feed(inflater, bomb[...], into: &output, limit: 65536)
        }
        #expect(output.count <= 65536)
    }

    @Test func limitCountsBytesAlreadyInTheOutput() {
        // Earlier fragments of the same message count against the cap.
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
        var output = [UInt8](repeating: 0x41, count: 8)
        #expect(throws: DeflateError.tooLarge(limit: 12)) {
            try feed(inflater, helloCompressed[...], into: &output, limit: 12)
            try inflater.finishMessage(into: &output, limit: 12)
        }
    }

    @Test func exactLimitIsAccepted() throws {
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: true)
        #expect(try inflateMessage(inflater, helloCompressed, limit: 5) == hello)
    }

    @Test func corruptInputThrowsCorrupt() {
        // Block type 0b11 is reserved (RFC 1951 §3.2.3): 0xFF starts a BFINAL block of type 3.
        let inflater = MessageInflater(windowBits: 15, noContextTakeover: false)
        #expect {
            _ = try inflateMessage(inflater, [0xFF, 0xFF, 0xFF, 0xFF])
        } throws: { error in
            guard case DeflateError.corrupt = error else { return false }
            return true
        }
    }
}

@Suite struct PerMessageDeflateNegotiationTests {
    private let config = PerMessageDeflateConfig.conformance

    private func negotiate(_ offers: [String], _ config: PerMessageDeflateConfig? = nil) -> (parameters: PerMessageDeflateParameters, responseHeader: String)? {
        PerMessageDeflateNegotiation.negotiate(offers: offers, config: config ?? self.config)
    }

    @Test func acceptsPlainOffer() throws {
        let result = try #require(negotiate(["permessage-deflate"]))
        #expect(result.responseHeader == "permessage-deflate")
        #expect(result.parameters == PerMessageDeflateParameters(serverMaxWindowBits: 15, clientMaxWindowBits: 15, serverNoContextTakeover: false, clientNoContextTakeover: false))
    }

    @Test func declinesWhenDisabled() {
        #expect(negotiate(["permessage-deflate"], .disabled) == nil)
    }

    @Test func declinesWithoutAnOffer() {
        #expect(negotiate([]) == nil)
        #expect(negotiate(["x-webkit-deflate-frame"]) == nil)
    }

    @Test func honoursServerNoContextTakeover() throws {
        // RFC 7692 §7.1.1.1: the server must include it and stop taking over context.
        let result = try #require(negotiate(["permessage-deflate; server_no_context_takeover"]))
        #expect(result.responseHeader == "permessage-deflate; server_no_context_takeover")
        #expect(result.parameters.serverNoContextTakeover)
    }

    @Test func addsServerNoContextTakeoverFromConfig() throws {
        // RFC 7692 §7.1.1.1: a server may add it unasked.
        var config = self.config
        config.serverNoContextTakeover = true
        let result = try #require(negotiate(["permessage-deflate"], config))
        #expect(result.responseHeader == "permessage-deflate; server_no_context_takeover")
        #expect(result.parameters.serverNoContextTakeover)
    }

    @Test func acceptsClientNoContextTakeover() throws {
        // RFC 7692 §7.1.1.2.
        let result = try #require(negotiate(["permessage-deflate; client_no_context_takeover"]))
        #expect(result.responseHeader == "permessage-deflate; client_no_context_takeover")
        #expect(result.parameters.clientNoContextTakeover)
        #expect(!result.parameters.serverNoContextTakeover)
    }

    @Test(arguments: 9...15)
    func acceptsServerMaxWindowBits(bits: Int) throws {
        // RFC 7692 §7.1.2.1: answer with the same or a smaller value.
        let result = try #require(negotiate(["permessage-deflate; server_max_window_bits=\(bits)"]))
        #expect(result.responseHeader == "permessage-deflate; server_max_window_bits=\(bits)")
        #expect(result.parameters.serverMaxWindowBits == bits)
    }

    @Test func serverMaxWindowBitsOfEightFallsBackToNextOffer() throws {
        // zlib raw deflate cannot do 8 and §7.1.2.1 forbids answering with more: skip that offer.
        #expect(negotiate(["permessage-deflate; server_max_window_bits=8"]) == nil)
        let result = try #require(negotiate(["permessage-deflate; server_max_window_bits=8, permessage-deflate"]))
        #expect(result.responseHeader == "permessage-deflate")
    }

    @Test(arguments: 8...15)
    func acceptsClientMaxWindowBits(bits: Int) throws {
        // RFC 7692 §7.1.2.2.
        let result = try #require(negotiate(["permessage-deflate; client_max_window_bits=\(bits)"]))
        #expect(result.responseHeader == "permessage-deflate; client_max_window_bits=\(bits)")
        #expect(result.parameters.clientMaxWindowBits == bits)
    }

    @Test func clientMaxWindowBitsWithoutValueLetsServerChoose() throws {
        var config = self.config
        config.clientMaxWindowBits = 10
        let result = try #require(negotiate(["permessage-deflate; client_max_window_bits"], config))
        #expect(result.responseHeader == "permessage-deflate; client_max_window_bits=10")
        #expect(result.parameters.clientMaxWindowBits == 10)
    }

    @Test func neverSendsClientMaxWindowBitsUnoffered() throws {
        // RFC 7692 §7.1.2.2: the server must not include it if the client did not offer it.
        var config = self.config
        config.clientMaxWindowBits = 10
        let result = try #require(negotiate(["permessage-deflate"], config))
        #expect(!result.responseHeader.contains("client_max_window_bits"))
        #expect(result.parameters.clientMaxWindowBits == 15)
    }

    @Test func configuredSmallerServerWindowIsAnnounced() throws {
        var config = self.config
        config.serverMaxWindowBits = 12
        let result = try #require(negotiate(["permessage-deflate; server_max_window_bits=14"], config))
        #expect(result.responseHeader == "permessage-deflate; server_max_window_bits=12")
        let unasked = try #require(negotiate(["permessage-deflate"], config))
        #expect(unasked.responseHeader == "permessage-deflate; server_max_window_bits=12")
        #expect(unasked.parameters.serverMaxWindowBits == 12)
    }

    @Test func acceptsQuotedValues() throws {
        // RFC 7692 §7.1: quoted-string values must be accepted after unquoting.
        let result = try #require(negotiate(["permessage-deflate; client_max_window_bits=\"10\"; server_max_window_bits=\"11\""]))
        #expect(result.parameters.clientMaxWindowBits == 10)
        #expect(result.parameters.serverMaxWindowBits == 11)
    }

    @Test(arguments: [
        "permessage-deflate; server_no_context_takeover; server_no_context_takeover",  // duplicate
        "permessage-deflate; client_max_window_bits=10; client_max_window_bits=11",  // duplicate
        "permessage-deflate; foo",  // unknown parameter
        "permessage-deflate; server_max_window_bits",  // value required
        "permessage-deflate; server_max_window_bits=16",  // out of range
        "permessage-deflate; server_max_window_bits=7",
        "permessage-deflate; server_max_window_bits=010",  // leading zero
        "permessage-deflate; client_max_window_bits=abc",
        "permessage-deflate; server_no_context_takeover=1",  // takes no value
        "permessage-deflate; client_no_context_takeover=\"\"",
        "permessage-deflate;",  // empty parameter
    ])
    func skipsInvalidOffer(offer: String) throws {
        #expect(negotiate([offer]) == nil)
        // The next offer is still considered.
        let fallback = try #require(negotiate([offer + ", permessage-deflate; client_no_context_takeover"]))
        #expect(fallback.responseHeader == "permessage-deflate; client_no_context_takeover")
    }

    @Test func unterminatedQuoteInvalidatesTheRestOfTheHeaderValue() {
        // The comma sits inside the open quoted-string, so there is no second offer to fall back to.
        #expect(negotiate(["permessage-deflate; client_max_window_bits=\"10, permessage-deflate"]) == nil)
        #expect(negotiate(["permessage-deflate; client_max_window_bits=\"10", "permessage-deflate"])?.responseHeader == "permessage-deflate")
    }

    @Test func readsOffersAcrossMultipleHeaderValues() throws {
        let result = try #require(negotiate(["x-webkit-deflate-frame; no_context_takeover", "permessage-deflate; server_max_window_bits=10, permessage-deflate"]))
        #expect(result.responseHeader == "permessage-deflate; server_max_window_bits=10")
    }

    @Test func gameDefaultsAlwaysResetServerContext() throws {
        let result = try #require(negotiate(["permessage-deflate; client_max_window_bits"], .gameDefaults))
        #expect(result.responseHeader == "permessage-deflate; server_no_context_takeover; client_max_window_bits=15")
    }

    @Test func configDecodesFromConfigJSONSection() throws {
        let json = Data("""
            {"allowedOrigins": [], "maxHeaderBytes": 8192, "maxHeaderCount": 64, "maxFrameSize": 65536,
             "maxMessageSize": 65536, "maxFragments": 64,
             "compression": {"enabled": true, "minSize": 256, "level": 6, "maxDecompressedSize": 65536,
                             "serverMaxWindowBits": 15, "clientMaxWindowBits": 15, "serverNoContextTakeover": true}}
            """.utf8)
        #expect(try JSONDecoder().decode(WebSocketConfig.self, from: json) == .gameDefaults)
    }
}
