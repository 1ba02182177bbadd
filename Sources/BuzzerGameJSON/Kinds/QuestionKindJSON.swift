import BuzzerFormats
import BuzzerGame

/// A kind's JSON, beside its module (`QuestionKindModule`): its fields in pack JSON and its answer
/// object on the wire and in the log. `PackReader`, `Question`'s encoders and `AnswerValue+JSON`
/// do what every kind shares and hand the kind's own fields to `QuestionKind.json`.
protocol QuestionKindJSON: QuestionKindModule {
    /// Pack fields only this kind takes, besides `options` and `answer` (order's `items`); other kinds refuse them.
    static var ownFields: [String] { get }
    /// False when the pack gives no `answer` (poll, order); else a missing one is refused before `readContent`.
    static var requiresAnswer: Bool { get }
    /// Added to "\(kind) questions take no options" (order: where its items go instead).
    static var optionsHint: String { get }

    /// The kind's content from a question object; `options` is given already read and checked when the kind has options.
    static func readContent(_ members: [String: JSONValue], options: [String]?, at path: String, reader: inout PackReader) -> QuestionContent?
    /// The kind's members, in pack JSON order, for `prettyJSON` and `jsonValue`.
    static func contentMembers(_ content: QuestionContent) -> [(key: String, value: JSONValue)]
    /// The same members through `Encoder` (an event's pack), with their Swift types.
    static func encodeContent(_ content: QuestionContent, to container: inout KeyedEncodingContainer<MemberKey>) throws

    /// The kind's pack fields from a spreadsheet row's options (`|`-separated or option1…6) and answer cell (`buzzer import`, the library's CSV upload).
    static func csvFields(options: [String], answer: String) throws(CSVImporter.RowProblem) -> [(key: String, value: JSONValue)]

    /// The answer's one member after `kind`.
    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue)
    /// Reads the answer's member; errors name the field and its range.
    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue
    /// `buzzer replay`'s fast path: the member straight from its bytes, exactly as `answerMember` writes it; nil otherwise.
    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue?
    /// The protocol fuzzer's raw answer object for this kind, as a hostile client writes it: its fields at
    /// and past their ends (boundary number literals, too-long arrays, repeats, wrong types); by default
    /// its module's `wildAnswer` written by its codec (`HostileAnswerJSON`).
    static func hostileAnswer(source: inout some KindFuzzSource) -> String
}

extension QuestionKindJSON {
    static var ownFields: [String] { [] }
    static var requiresAnswer: Bool { true }
    static var optionsHint: String { "" }

    // A kind that answers in another kind's shape (a slider's `.number`) leaves its answer JSON to that shape's codec.
    static func answerMember(_ value: AnswerValue) -> (key: String, value: JSONValue) { AnswerValue.member(value) }
    static func answer(_ fields: JSONFields, bounds: AnswerValue.JSONBounds) throws(JSONFieldError) -> AnswerValue {
        try AnswerValue.read(answerShape, fields, bounds: bounds)
    }
    static func answer(exactLayout c: inout JSONByteCursor) -> AnswerValue? { AnswerValue.read(answerShape, exactLayout: &c) }
    static func hostileAnswer(source: inout some KindFuzzSource) -> String {
        HostileAnswerJSON.print(wildAnswer(source: &source).jsonValue)
    }
}

extension QuestionKind {
    /// The kind's JSON: its module's `QuestionKindJSON` conformance, found once per kind from the
    /// register (`QuestionKind.allCases`); `QuestionKindJSONTests` holds every kind to having one.
    var json: any QuestionKindJSON.Type {
        guard let json = Self.jsonModules[self] else { preconditionFailure("\(rawValue) has no QuestionKindJSON conformance") }
        return json
    }

    /// Each registered kind's JSON half.
    static let jsonModules: [QuestionKind: any QuestionKindJSON.Type] = Dictionary(
        allCases.compactMap { kind in (kind.module as? any QuestionKindJSON.Type).map { (kind, $0) } }, uniquingKeysWith: { first, _ in first })

    /// "choice, multi, …": the kinds as error messages list them.
    static let names = allCases.map(\.rawValue).joined(separator: ", ")
}

extension AnswerShape {
    /// The JSON of answers of this shape: the kind it is named after reads and writes it; nil for
    /// `texts`, which `AnswerValue+JSON` reads and writes itself. An array read, not a lookup: every
    /// answer written or read passes here.
    var codec: (any QuestionKindJSON.Type)? { Self.codecs[rawValue] }

    private static let codecs: [(any QuestionKindJSON.Type)?] = allCases.map { $0.namingKind?.json }

    /// "choice, multi, …": the shapes as error messages list them.
    static let names = allCases.map(\.name).joined(separator: ", ")
}

/// Readers the option kinds share.
enum OptionJSON {
    /// `[0, 2]`: a list of option or item numbers, as the log and the wire write it.
    static func numbers(_ values: [Int]) -> JSONValue { .array(values.map { .number(Double($0)) }) }

    /// The client's or the log's option range.
    static func range(_ bounds: AnswerValue.JSONBounds) -> ClosedRange<Int> {
        bounds == .client ? InputBounds.option : Int.min...Int.max
    }

    /// `[` int, … `]` as the exact layout writes it.
    static func exactList(_ c: inout JSONByteCursor) -> [Int]? {
        var values: [Int] = []
        if !c.literal("]") {
            repeat {
                guard let value = c.integer() else { return nil }
                values.append(Int(value))
            } while c.literal(",")
            guard c.literal("]") else { return nil }
        }
        return values
    }
}

extension CSVImporter {
    /// A spreadsheet's rows as a pack document, each row's options and answer read by its kind (`QuestionKindJSON.csvFields`).
    package static func packDocument(from bytes: [UInt8], title: String) throws(ImportError) -> (document: JSONValue, rowLines: [String: Int]) {
        try packDocument(from: bytes, title: title, kindFields: { kind, options, answer throws(RowProblem) in
            try QuestionKind(rawValue: kind)?.json.csvFields(options: options, answer: answer)
        }, kindNames: QuestionKind.names, extraColumns: RoomMechanics.questionFields.map(\.csvColumn))
    }
}

/// The pack format's keys the kinds share (docs/kinds.md), spelled once.
package enum PackField {
    /// A question's right answer: an option's index, a list of them, a Boolean or a number.
    package static let answer = "answer"
}
