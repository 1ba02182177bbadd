/// A survey question's kind state: the host's merges of its answer groups, kept flat, so every merged
/// key maps to the group it is in now and a group is one lookup however many merges led there.
package struct AnswerMerges: KindQuestionState, Equatable {
    package private(set) var groups: [String: String] = [:]

    package init() {}

    /// The group an answer key is in, the merges applied.
    package func group(of key: String) -> String { groups[key] ?? key }

    /// Merges group `from` into group `into` (both resolved first); nothing when they are one
    /// already, so a damaged log cannot make a cycle.
    package mutating func merge(from: String, into: String) {
        let from = group(of: from), into = group(of: into)
        guard from != into else { return }
        for (key, target) in groups where target == from { groups[key] = into }
        groups[from] = into
    }
}

extension AskedQuestion {
    /// The group an answer key is in, the host's merges applied (the key itself when the question has none).
    package func group(of key: String) -> String { kindState(as: AnswerMerges.self)?.group(of: key) ?? key }

    /// Merges group `from` into group `into` on a question that keeps merges (`AnswerMerges.merge`).
    package mutating func mergeAnswers(from: String, into: String) {
        updateKindState(AnswerMerges.self) { $0.merge(from: from, into: into) }
    }
}
