import BuzzerFormats
import Logging

/// Wraps the server's log handler so that no log line carries a control character: the message
/// and every metadata value (a pack's title, a library file's problem, an address) are escaped
/// with `TerminalText` before the inner handler writes them. An ESC in a title would otherwise
/// reach whoever reads the log on a terminal (`journalctl`, `tail -f`), and a line break could
/// forge a log line.
package struct TerminalSafeLogHandler<Inner: LogHandler>: LogHandler {
    package var inner: Inner

    package init(_ inner: Inner) { self.inner = inner }

    package func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: TerminalText.escaped(event.message.description))
        event.metadata = event.metadata.map(Self.escaped)
        inner.log(event: event)
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue.map(Self.escaped) }
    }

    package var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = Self.escaped(newValue) }
    }

    package var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    package var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    static func escaped(_ metadata: Logger.Metadata) -> Logger.Metadata {
        var out: Logger.Metadata = [:]
        for (key, value) in metadata { out[TerminalText.escaped(key)] = escaped(value) }
        return out
    }

    static func escaped(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(TerminalText.escaped(text))
        case .stringConvertible(let convertible): .string(TerminalText.escaped(convertible.description))
        case .array(let values): .array(values.map(escaped))
        case .dictionary(let metadata): .dictionary(escaped(metadata))
        }
    }
}
