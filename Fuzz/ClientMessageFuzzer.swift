import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Glibc

/// libFuzzer target "client": the bytes of one text message into `ClientMessage.decode`, which drives
/// `JSONParser`, the typed field readers, `answerValue` and, for an inline `create`, `QuestionPack.decode`
/// with the server's default pack limits. The input is the message itself, with no header, so the seeds are
/// real client messages.
///
/// Oracles besides the sanitizers:
/// - a rejection is a `ClientMessageError` with a non-empty reason, and its `request` is either nil or the
///   message's own `type`;
/// - a decoded message round-trips: written back as JSON (`ClientMessage.jsonValue`, the way a client
///   writes it) it decodes to the same message;
/// - the order of the top-level members does not matter: the object with its members reversed gives the
///   same message, or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzClientMessage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = ClientMessageFuzzer.decode(bytes)

    // Parse the same bytes on their own to know what the decoder was given.
    let parsed = try? JSONParser.parse(bytes)
    var type: String?
    if case .object(let members)? = parsed, case .string(let name)? = members.first(where: { $0.key == "type" })?.value {
        type = name
    }

    switch outcome {
    case .failure(let error):
        ClientMessageFuzzer.require(!error.reason.isEmpty, "a rejection without a reason", bytes)
        if let request = error.request {
            // The error names the request cut to 40 characters (docs/protocol-errors.md): a long type is not echoed whole.
            ClientMessageFuzzer.require(request == type.map(ClientMessage.shown), "error names request \(request) for a \(type ?? "nil") message", bytes)
        }
    case .success(let message):
        ClientMessageFuzzer.require(message.typeName == type, "decoded \(message.typeName) from a \(type ?? "nil") message", bytes)
        let written = Array(JSONPrettyPrinter.print(message.jsonValue).utf8)
        let again = ClientMessageFuzzer.decode(written)
        guard case .success(let reread) = again, reread == message else {
            ClientMessageFuzzer.fail("round trip: \(message)\nwritten: \(String(decoding: written, as: UTF8.self))\nread back: \(again)", bytes)
        }
    }

    if case .object(let members)? = parsed, members.count > 1 {
        let reversed = Array(JSONPrettyPrinter.print(.object(members.reversed())).utf8)
        let other = ClientMessageFuzzer.decode(reversed)
        ClientMessageFuzzer.require(other == outcome, "member order changed the result: \(outcome) vs \(other)", bytes)
    }
    return 0
}

enum ClientMessageFuzzer {
    static func decode(_ bytes: [UInt8]) -> Result<ClientMessage, ClientMessageError> {
        Result { () throws(ClientMessageError) in try ClientMessage.decode(bytes, packLimits: QuestionPackLimits()) }
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String, _ input: [UInt8]) {
        if !condition { fail(message(), input) }
    }

    static func fail(_ message: String, _ input: [UInt8]) -> Never {
        print("input: \(String(decoding: input, as: UTF8.self))\n\(message)")
        fflush(nil)
        preconditionFailure("client message oracle failed")
    }
}
