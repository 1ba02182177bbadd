/// The register of question kinds: one line per kind, in the editor's order (and the pages', through
/// `/assets/kinds/names.json`). A new kind is its own files plus its line here; its JSON half is found
/// by protocol (`QuestionKind.json`). docs/architecture.md, "Adding a question kind".
extension QuestionKind {
    package static let allCases: [QuestionKind] = ([
        ChoiceKind.self,
        MultiKind.self,
        TrueFalseKind.self,
        TextKind.self,
        NumberKind.self,
        PollKind.self,
        OrderKind.self,
        PinKind.self,
        SurveyKind.self,
        BuzzKind.self,
        SliderKind.self,
        ListKind.self,
    ] as [any QuestionKindModule.Type]).map { QuestionKind($0) }
}

/// A kind that makes plain questions for made-up games: the archive generator's, the protocol
/// fuzzer's fallback pack and the benchmarks play its examples, found from the register by protocol
/// (`QuestionKind.examples`), so those tools name no kind.
package protocol ExampleQuestions: QuestionKindModule {
    /// The `n`th example question, varied by `seed` (both at least 0).
    static func example(_ n: Int, seed: Int) -> Question
}

extension QuestionKind {
    /// The kinds that make example questions, in register order.
    package static let examples: [any ExampleQuestions.Type] = allCases.compactMap { $0.module as? any ExampleQuestions.Type }
}
