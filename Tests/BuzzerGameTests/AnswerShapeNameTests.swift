import BuzzerGame
import Testing

/// An answer's shape is named for what it holds (`.option`, `.point`), and written in the log and on
/// the wire under the name of the first kind that answered in it: the names logs have always had.
@Suite struct AnswerShapeNameTests {
    @Test func eachShapeKeepsTheNameLoggedAnswersHaveAlwaysHad() {
        #expect(AnswerShape.allCases.map(\.name) == ["choice", "multi", "truefalse", "text", "number", "poll", "order", "pin", "survey", "buzz", "texts"])
    }

    @Test func aNameReadsBackItsShapeAndAKindThatReusesAShapeAddsNoName() {
        for shape in AnswerShape.allCases { #expect(AnswerShape(name: shape.name) == shape) }
        // A slider answers in `number`, a list in `texts`: neither name is a shape.
        #expect(AnswerShape(name: "slider") == nil)
        #expect(AnswerShape(name: "list") == nil)
        #expect(AnswerShape(name: "option") == nil)
    }

    @Test func theExampleKindsMakeQuestionsThatPassTheirOwnChecks() throws {
        #expect(!QuestionKind.examples.isEmpty)
        for kind in QuestionKind.examples {
            for n in [1, 7, 21] {
                let question = kind.example(n, seed: n)
                #expect(question.content.kind == QuestionKind(kind), "\(kind.name)")
                let pack = QuestionPack(title: "Examples", questions: [question])
                #expect(pack.validate().isEmpty, "\(kind.name) \(n): \(pack.validate())")
            }
        }
    }
}
