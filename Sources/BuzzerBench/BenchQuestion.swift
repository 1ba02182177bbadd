import BuzzerGame

/// The benchmarks' question: the plainest registered kind's example (a four-option question), answered
/// as the archive generator's players answer it, so no benchmark names a kind.
struct BenchQuestion {
    let kind = QuestionKind.examples[0]
    let question: Question

    init() { question = kind.example(1, seed: 0) }

    /// A plausible answer in displayed positions (`permutation`), right one time in four.
    func answer(_ random: inout SplitMix64, permutation: [Int]) -> AnswerValue {
        answer(right: random.next() % 4 == 0, permutation: permutation, random: &random)
    }

    func answer(right: Bool, permutation: [Int], random: inout SplitMix64) -> AnswerValue {
        kind.sampleAnswer(question.content, permutation: permutation, right: right, rng: &random)
    }
}
