import BuzzerFormats

/// A plain-text table with columns padded to their widest cell; numbers align right. Cells come
/// from the archive (titles, nicknames), so each is escaped for the terminal (`TerminalText`).
package struct TextTable: Sendable {
    package enum Alignment: Sendable { case left, right }

    package var headers: [String]
    package var alignments: [Alignment]
    package var rows: [[String]] = []

    package init(_ columns: [(String, Alignment)]) {
        headers = columns.map(\.0)
        alignments = columns.map(\.1)
    }

    package mutating func add(_ row: [String]) { rows.append(row.map { TerminalText.escaped($0) }) }

    /// The table, two spaces between columns, no trailing spaces, one `\n` after each line.
    package func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count { widths[column] = max(widths[column], cell.count) }
        }
        var out = ""
        for row in [headers] + rows {
            var line = ""
            for (column, cell) in row.enumerated() where column < widths.count {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                let isLast = column == widths.count - 1
                switch alignments[column] {
                case .left: line += cell + (isLast ? "" : padding)
                case .right: line += padding + cell
                }
                if !isLast { line += "  " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }
}
