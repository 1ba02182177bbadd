import Foundation

/// Turns a spreadsheet's CSV export into a pack document (the pack JSON format as a `JSONValue`
/// tree), one question per row. Like `OpenTDBImporter` it knows no game types: whether the result
/// is a valid pack is `QuestionPack.decode(_:)`'s call, and `rowLines` maps each question back to
/// its line so problems can name it. Columns are in docs/question-library.md ("CSV").
package enum CSVImporter {
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
    package static func packDocument(from bytes: [UInt8], title: String) throws(ImportError) -> (document: JSONValue, rowLines: [String: Int]) {
        let table: CSVTable
        do { table = try CSVTable(parsing: bytes) } catch { throw .table(error) }
        guard let header = table.rows.first else { throw .noHeader }
        var index: [String: Int] = [:]
        for (position, raw) in header.fields.enumerated() {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            guard columns.contains(name) else { throw .unknownColumn(raw) }
            index[name] = position
        }
        guard index["text"] != nil else { throw .missingColumn("text") }
        var rounds: [(title: String, questions: [JSONValue], lines: [Int])] = []
        for row in table.rows.dropFirst() {
            let cell = { (name: String) -> String in
                guard let position = index[name], position < row.fields.count else { return "" }
                return row.fields[position].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let question = try question(cell, line: row.line)
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

    private static func question(_ cell: (String) -> String, line: Int) throws(ImportError) -> JSONValue {
        let text = cell("text")
        guard !text.isEmpty else { throw .row(line: line, "the text is empty") }
        var options = cell("options").isEmpty ? [] : cell("options").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        for n in 1...6 where !cell("option\(n)").isEmpty { options.append(cell("option\(n)")) }
        let answer = cell("answer")
        let kind = cell("kind").isEmpty ? guessKind(options: options, answer: answer) : cell("kind").lowercased()
        var fields: [(key: String, value: JSONValue)] = [
            ("kind", .string(kind)), ("category", .string(cell("category").isEmpty ? "General" : cell("category"))), ("text", .string(text)),
        ]
        // An order question's options are its items, listed in the right order.
        if !options.isEmpty { fields.append((kind == "order" ? "items" : "options", .array(options.map(JSONValue.string)))) }
        switch kind {
        case "choice":
            fields.append(("answer", .number(Double(try optionIndex(answer, options: options, line: line)))))
        case "multi":
            let picks = answer.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            var indices: [JSONValue] = []
            for pick in picks { indices.append(.number(Double(try optionIndex(pick, options: options, line: line)))) }
            fields.append(("answer", .array(indices)))
        case "truefalse":
            switch answer.lowercased() {
            case "true", "yes", "t", "y", "1": fields.append(("answer", .bool(true)))
            case "false", "no", "f", "n", "0": fields.append(("answer", .bool(false)))
            default: throw .row(line: line, "a truefalse answer is true or false, not \"\(answer)\"")
            }
        case "text":
            fields.append(("answer", .array(answer.split(separator: "|").map { .string($0.trimmingCharacters(in: .whitespaces)) })))
        case "number":
            guard let number = Double(answer.replacingOccurrences(of: ",", with: "")), number.isFinite else {
                throw .row(line: line, "a number answer is a number, not \"\(answer)\"")
            }
            fields.append(("answer", .number(number)))
        case "poll":
            break
        case "order":
            guard answer.isEmpty else { throw .row(line: line, "an order question has no answer: list its options in the right order") }
        default:
            throw .row(line: line, "kind \"\(kind)\" is not one of choice, multi, truefalse, text, number, poll, order")
        }
        if !cell("explanation").isEmpty { fields.append(("explanation", .string(cell("explanation")))) }
        for name in ["points", "timeLimit"] where !cell(name.lowercased()).isEmpty {
            guard let number = Int(cell(name.lowercased())) else { throw .row(line: line, "\(name) is a whole number, not \"\(cell(name.lowercased()))\"") }
            fields.append((name, .number(Double(number))))
        }
        var media: [(key: String, value: JSONValue)] = []
        for name in ["image", "alt", "audio"] where !cell(name).isEmpty { media.append((name, .string(cell(name)))) }
        if !media.isEmpty { fields.append(("media", .object(media))) }
        return .object(fields)
    }

    /// Options without a stated kind are a choice; otherwise the answer says what it is.
    private static func guessKind(options: [String], answer: String) -> String {
        if !options.isEmpty { return answer.contains("|") ? "multi" : "choice" }
        if ["true", "false", "yes", "no"].contains(answer.lowercased()) { return "truefalse" }
        if Double(answer.replacingOccurrences(of: ",", with: "")) != nil { return "number" }
        return "text"
    }

    /// An answer given as a letter (A–F), a 1-based number, or the option's own text.
    private static func optionIndex(_ answer: String, options: [String], line: Int) throws(ImportError) -> Int {
        if let letter = letters.firstIndex(of: answer.uppercased()), letter < options.count { return letter }
        if let number = Int(answer), (1...options.count).contains(number) { return number - 1 }
        if let exact = options.firstIndex(where: { $0.caseInsensitiveCompare(answer) == .orderedSame }) { return exact }
        throw .row(line: line, "the answer \"\(answer)\" is not an option: give its letter (A, B, …), its number from 1, or its text")
    }
}
