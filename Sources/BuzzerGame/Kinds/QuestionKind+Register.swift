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
