/// One error as a client receives it: its stable `code` and the sentence for people, written together
/// in the one switch of the error's type, so the two cannot drift apart (issue 40: an error is one
/// definition). The pages show the code in their own words (`err.CODE`); `message` is for other
/// clients and logs. The sentence is built only when read: the fuzzer and the metrics ask for codes.
package struct ErrorDefinition: Sendable, Equatable {
    package let code: ProtocolErrorCode
    private let words: @Sendable () -> String

    package init(_ code: ProtocolErrorCode, _ message: @autoclosure @escaping @Sendable () -> String) {
        self.code = code
        words = message
    }

    package var message: String { words() }

    package static func == (lhs: ErrorDefinition, rhs: ErrorDefinition) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }
}

/// An error a client can be sent: the room's (`GameError`) or the app's own (`AppError`). Its one
/// `definition` switch is the only place a case's code and message are written; `code` and
/// `description` derive from it.
package protocol DefinedError: Error, Sendable, CustomStringConvertible {
    var definition: ErrorDefinition { get }
}

extension DefinedError {
    /// Stable machine-readable code.
    package var code: ProtocolErrorCode { definition.code }
    /// The sentence for people.
    package var description: String { definition.message }
}
