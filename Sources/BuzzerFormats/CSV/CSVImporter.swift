import Foundation

/// Turns a spreadsheet's CSV export into a pack document (the pack JSON format as a `JSONValue`
/// tree), one question per row. Like `OpenTDBImporter` it knows no game types: whether the result
/// is a valid pack is `QuestionPack.decode(_:)`'s call, and `rowLines` maps each question back to
/// its line so problems can name it. Columns are in docs/question-library.md ("CSV"). What a row's
/// options and answer become is the kind's (`KindFields`, given by BuzzerGameJSON's `packDocument(from:title:)`).
package enum CSVImporter {
    /// A kind's pack fields from a row's options and answer (`options`, `items`, `answer`); nil for a kind it does not know.
    package typealias KindFields = (_ kind: String, _ options: [String], _ answer: String) throws(RowProblem) -> [(key: String, value: JSONValue)]?

    /// A column a room mechanic adds (`hints`): the pack key it fills (its column is the key
    /// lowercased) and how a non-empty cell becomes the key's value.
    package struct ExtraColumn: Sendable {
        package var key: String
        package var value: @Sendable (String) throws(RowProblem) -> JSONValue
        package init(key: String, value: @escaping @Sendable (String) throws(RowProblem) -> JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// Why a row's cells make no question of its kind.
    package struct RowProblem: Error {
        package var reason: String
        package init(_ reason: String) { self.reason = reason }
    }

    package enum ImportError: Error, Equatable, CustomStringConvertible {
        case table(CSVTable.ParseError)
        case noHeader
        case unknownColumn(String)
        case missingColumn(String)
        case row(line: Int, String)
        case noQuestions

        package var description: String {
            switch self {
            case .table(let error): "\(error)"
            case .noHeader: "the file is empty: the first row names the columns (text, answer, options, …)"
            case .unknownColumn(let name): "unknown column \"\(name)\" (known: \(CSVImporter.columns.joined(separator: ", ")))"
            case .missingColumn(let name): "the header has no \"\(name)\" column"
            case let .row(line, reason): "line \(line): \(reason)"
            case .noQuestions: "there are no question rows under the header"
            }
        }
    }

    static let columns = ["round", "category", "kind", "text", "options", "option1", "option2", "option3", "option4", "option5", "option6",
                          "answer", "explanation", "points", "timelimit", "image", "alt", "audio"]
    static let letters = ["A", "B", "C", "D", "E", "F"]

    /// The pack document and, for each question's path in it, the CSV line it came from.
    package static func packDocument(
        from bytes: [UInt8], title: String, kindFields: KindFields, kindNames: String, extraColumns: [ExtraColumn] = []
    ) throws(ImportError) -> (document: JSONValue, rowLines: [String: Int]) {
        let table: CSVTable
        do { table = try CSVTable(parsing: bytes) } catch { throw .table(error) }
        guard let header = table.rows.first else { throw .noHeader }
        var index: [String: Int] = [:]
        for (position, raw) in header.fields.enumerated() {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            guard columns.contains(name) || extraColumns.contains(where: { $0.key.lowercased() == name }) else { throw .unknownColumn(raw) }
            index[name] = position
        }
        guard index["text"] != nil else { throw .missingColumn("text") }
        var rounds: [(title: String, questions: [JSONValue], lines: [Int])] = []
        for row in table.rows.dropFirst() {
            let cell = { (name: String) -> String in
                guard let position = index[name], position < row.fields.count else { return "" }
                return row.fields[position].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let question = try question(cell, line: row.line, kindFields: kindFields, kindNames: kindNames, extraColumns: extraColumns)
            let round = cell("round")
            if rounds.last?.title != round || rounds.isEmpty { rounds.append((round, [], [])) }
            rounds[rounds.count - 1].questions.append(question)
            rounds[rounds.count - 1].lines.append(row.line)
        }
        guard !rounds.isEmpty else { throw .noQuestions }
        var lines: [String: Int] = [:]
        var members: [(key: String, value: JSONValue)] = [("title", .string(title))]
        if rounds.count == 1, rounds[0].title.isEmpty {
            members.append(("questions", .array(rounds[0].questions)))
            for (i, line) in rounds[0].lines.enumerated() { lines["questions[\(i)]"] = line }
        } else {
            members.append(("rounds", .array(rounds.enumerated().map { r, round in
                for (i, line) in round.lines.enumerated() { lines["rounds[\(r)].questions[\(i)]"] = line }
                var fields: [(key: String, value: JSONValue)] = []
                if !round.title.isEmpty { fields.append(("title", .string(round.title))) }
                fields.append(("questions", .array(round.questions)))
                return .object(fields)
            })))
        }
        return (.object(members), lines)
    }

    private static func question(
        _ cell: (String) -> String, line: Int, kindFields: KindFields, kindNames: String, extraColumns: [ExtraColumn]
    ) throws(ImportError) -> JSONValue {
        let text = cell("text")
        guard !text.isEmpty else { throw .row(line: line, "the text is empty") }
        var options = cell("options").isEmpty ? [] : cell("options").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        for n in 1...6 where !cell("option\(n)").isEmpty { options.append(cell("option\(n)")) }
        let answer = cell("answer")
        let kind = cell("kind").isEmpty ? guessKind(options: options, answer: answer) : cell("kind").lowercased()
        var fields: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind)), ("category", .string(cell("category").isEmpty ? "General" : cell("category"))), ("text", .string(text)),
        ]
        let own: [(key: String, value: JSONValue)]?
        do { own = try kindFields(kind, options, answer) } catch { throw .row(line: line, error.reason) }
        guard let own else { throw .row(line: line, "kind \"\(kind)\" is not one of \(kindNames)") }
        fields += own
        if !cell("explanation").isEmpty { fields.append(("explanation", .string(cell("explanation")))) }
        for name in ["points", "timeLimit"] where !cell(name.lowercased()).isEmpty {
            guard let number = Int(cell(name.lowercased())) else { throw .row(line: line, "\(name) is a whole number, not \"\(cell(name.lowercased()))\"") }
            fields.append((name, .number(Double(number))))
        }
        var media: [(key: String, value: JSONValue)] = []
        for name in ["image", "alt", "audio"] where !cell(name).isEmpty { media.append((name, .string(cell(name)))) }
        if !media.isEmpty { fields.append(("media", .object(media))) }
        for column in extraColumns where !cell(column.key.lowercased()).isEmpty {
            do { fields.append((column.key, try column.value(cell(column.key.lowercased())))) } catch { throw .row(line: line, error.reason) }
        }
        return .object(fields)
    }

    /// Options without a stated kind are a choice; otherwise the answer says what it is.
    private static func guessKind(options: [String], answer: String) -> String {
        if !options.isEmpty { return answer.contains("|") ? "multi" : "choice" }
        if ["true", "false", "yes", "no"].contains(answer.lowercased()) { return "truefalse" }
        if Double(answer.replacingOccurrences(of: ",", with: "")) != nil { return "number" }
        return "text"
    }

    /// A row's options as the `options` field; none when the row gives none.
    package static func optionsField(_ options: [String], key: String = "options") -> [(key: String, value: JSONValue)] {
        options.isEmpty ? [] : [(key, .array(options.map(JSONValue.string)))]
    }

    /// A cell's `|`-separated parts, trimmed.
    package static func parts(_ cell: String) -> [String] {
        cell.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// A number cell, thousands separated by commas or not; nil when it is no finite number.
    package static func number(_ cell: String) -> Double? {
        Double(cell.replacingOccurrences(of: ",", with: "")).flatMap { $0.isFinite ? $0 : nil }
    }

    /// An answer given as a letter (A–F), a 1-based number, or the option's own text.
    package static func optionIndex(_ answer: String, options: [String]) throws(RowProblem) -> Int {
        if let letter = letters.firstIndex(of: answer.uppercased()), letter < options.count { return letter }
        if let number = Int(answer), options.indices.contains(number - 1) { return number - 1 }
        if let exact = options.firstIndex(where: { $0.caseInsensitiveCompare(answer) == .orderedSame }) { return exact }
        throw RowProblem("the answer \"\(answer)\" is not an option: give its letter (A, B, …), its number from 1, or its text")
    }
}
