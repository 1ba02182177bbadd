/// Rows of a CSV file (RFC 4180): fields separated by commas, quoted with `"` when they hold commas,
/// quotes (doubled) or line breaks; CRLF or LF line ends; a UTF-8 byte-order mark is skipped.
/// A value type parsed in one pass, so a spreadsheet's export reads the same anywhere.
package struct CSVTable: Sendable, Equatable {
    /// Each row with the line it starts on (1-based), so problems can name it.
    package var rows: [(line: Int, fields: [String])]

    package static func == (a: CSVTable, b: CSVTable) -> Bool {
        a.rows.count == b.rows.count && zip(a.rows, b.rows).allSatisfy { $0.line == $1.line && $0.fields == $1.fields }
    }

    package enum ParseError: Error, Equatable, CustomStringConvertible {
        case notUTF8
        case unterminatedQuote(line: Int)
        case textAfterQuote(line: Int)

        package var description: String {
            switch self {
            case .notUTF8: "the file is not UTF-8 text (save the sheet as \"CSV UTF-8\")"
            case .unterminatedQuote(let line): "line \(line): a quoted field is never closed"
            case .textAfterQuote(let line): "line \(line): text after a closing quote (a quote inside a field is written twice: \"\")"
            }
        }
    }

    package init(parsing bytes: [UInt8]) throws(ParseError) {
        guard var text = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = [], field = "", line = 1, rowLine = 1
        var inQuotes = false, afterQuote = false, quoteLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func endRow() {
            fields.append(field)
            field = ""
            // A blank line is not a row.
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append((rowLine, fields)) }
            fields = []
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" { field.unicodeScalars.append("\"") } else {
                        inQuotes = false
                        afterQuote = true
                        pending = next
                    }
                } else if scalar == "\r" {
                    // A spreadsheet's line break in a cell (\r\n or \r) becomes \n: a pack refuses \r.
                    let next = scalars.next()
                    if next != "\n" { pending = next }
                    field.unicodeScalars.append("\n")
                    line += 1
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case ",":
                fields.append(field)
                field = ""
                afterQuote = false
            case "\r":
                let next = scalars.next()
                if next != "\n" { pending = next }
                endRow()
                afterQuote = false
                line += 1
                rowLine = line
            case "\n":
                endRow()
                afterQuote = false
                line += 1
                rowLine = line
            case "\"" where field.isEmpty && !afterQuote:
                inQuotes = true
                quoteLine = line
            default:
                if afterQuote { throw .textAfterQuote(line: line) }
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .unterminatedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty { endRow() }
        self.rows = rows
    }
}
