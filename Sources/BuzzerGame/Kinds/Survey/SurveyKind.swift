/// `survey` ("survey says"): players type a short answer; answers are grouped by a folded key
/// (`groupKey`), the host may merge two groups before the reveal, and the reveal shows the groups
/// biggest first. Scored as a poll (no points), `popular` or `rare` (docs/kinds-typed.md, "survey").
package enum SurveyKind: QuestionKindModule {
    package static let name = "survey"
    package static var answerShape: AnswerShape { .phrase }

    // The mechanic: the host's merges of answer groups, a command, its event and each question's merges.
    package static let commands: [any ClientCommand.Type] = [MergeAnswersCommand.self]
    package static let events: [any ExtensionEvent.Type] = [AnswersMerged.self]
    package static func questionState(_ content: QuestionContent) -> (any KindQuestionState)? { AnswerMerges() }

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let survey? = content.survey else { return }
        checkAccepted(survey, at: path, into: &collector)
    }

    /// `rare` needs its accepted list; the other scorings take none (it would be silently ignored).
    package static func checkAccepted(_ survey: Survey, at path: String, into collector: inout PackIssueCollector) {
        if survey.scoring == .rare {
            collector.checkAccepted(survey.accepted, at: "\(path).accepted")
        } else if !survey.accepted.isEmpty {
            collector.add("\(path).accepted", "only \"rare\" survey questions take accepted answers")
        }
    }

    /// As a typed answer (`TypedText.trimmed`): runs of whitespace become one space; an empty or over-long reply is refused.
    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .phrase(let text) = value else { throw wrongShape(value) }
        return .phrase(try TypedText.trimmed(text, maxLength: settings.maxTextAnswerLength))
    }

    package static func comparisonKey(_ answer: AnswerValue) -> String? {
        guard case .phrase(let text) = answer else { return nil }
        return groupKey(text)
    }

    /// The key answers are grouped by: nicknames' look-alike folding (`NameSkeleton.caselessKey`:
    /// case, accents, width, Cyrillic "а" for Latin "a"), then the `text` kind's (`answerKey`:
    /// punctuation and spacing dropped). "Zoë", "ZOE", "Z.O.E." and "Zое" (Cyrillic) share one.
    package static func groupKey(_ text: String) -> String {
        TextNormalizer.answerKey(NameSkeleton.caselessKey(text))
    }

    /// The question's groups among the ranked players' answers, merges applied, biggest first
    /// (then by label). A group that scores in a rare question is named as the pack spells its
    /// accepted answer; any other by its most common spelling whose own key is the group's (a
    /// merged-in misspelling never names it), ties to the one typed first.
    package static func answerGroups(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> AnswerGroups? {
        guard case let survey? = content.survey else { return nil }
        var counts: [String: Int] = [:]
        var spellings: [String: [String: Spelling]] = [:]
        for (id, recorded) in entry.answers where isRanked(id) {
            guard case .phrase(let text) = recorded.value else { continue }
            let own = recorded.textKey ?? groupKey(text)
            let key = entry.group(of: own)
            counts[key, default: 0] += 1
            spellings[key, default: [:]][text, default: Spelling(own: own == key, firstAt: recorded.receivedAt)].add(recorded.receivedAt)
        }
        var named: [String: String] = [:]
        if survey.scoring == .rare {
            for answer in survey.accepted.reversed() { named[entry.group(of: groupKey(answer))] = answer }
        }
        let groups: [AnswerGroup] = counts.map { key, count in
            let texts = spellings[key] ?? [:]
            let pool = texts.contains { $0.value.own } ? texts.filter { $0.value.own } : texts
            let label = named[key] ?? pool.min { $0.value.precedes($1.value, $0.key, $1.key) }?.key ?? key
            return AnswerGroup(key: key, text: label, count: count, scored: survey.scoring == .rare ? named[key] != nil : nil)
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.text < $1.text }
        return AnswerGroups(display: survey.display, groups: groups, more: 0)
    }

    /// How often one spelling was typed in a group, and when first.
    private struct Spelling {
        var own: Bool
        var firstAt: GameInstant
        var count = 0

        mutating func add(_ at: GameInstant) {
            count += 1
            firstAt = min(firstAt, at)
        }

        func precedes(_ other: Spelling, _ text: String, _ otherText: String) -> Bool {
            if count != other.count { return count > other.count }
            return firstAt != other.firstAt ? firstAt < other.firstAt : text < otherText
        }
    }

    /// The groups the accepted answers fall in, merges applied: a group is accepted when any
    /// spelling merged into it is.
    static func acceptedGroups(_ survey: Survey, entry: AskedQuestion) -> Set<String> {
        Set(survey.accepted.map { entry.group(of: groupKey($0)) })
    }

    package static func isScored(_ content: QuestionContent) -> Bool {
        guard case let survey? = content.survey else { return false }
        return survey.scoring != .poll
    }

    /// popular: size / largest group's size. rare: accepted groups only, (N − size + 1) / N with N
    /// the ranked players who answered, so a group of one gets full credit. poll: no credit.
    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case let survey? = content.survey, survey.scoring != .poll else { return { _ in nil } }
        var sizes: [String: Int] = [:]
        var answered = 0
        for (id, recorded) in entry.answers where isRanked(id) {
            guard case .phrase(let text) = recorded.value else { continue }
            sizes[entry.group(of: recorded.textKey ?? groupKey(text)), default: 0] += 1
            answered += 1
        }
        let largest = max(1, sizes.values.max() ?? 1), total = max(1, answered)
        let accepted = survey.scoring == .rare ? acceptedGroups(survey, entry: entry) : []
        return { [sizes] recorded in
            guard case .phrase(let text) = recorded.value else { return (0, 1) }
            let key = entry.group(of: recorded.textKey ?? groupKey(text))
            let size = min(max(1, sizes[key] ?? 1), total)
            switch survey.scoring {
            case .poll: return nil
            case .popular: return (min(size, largest), largest)
            case .rare: return accepted.contains(key) ? (total - size + 1, total) : (0, 1)
            }
        }
    }

    /// A rare question's accepted answers; nothing to show for the others.
    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case let survey? = content.survey, survey.scoring == .rare else { return .none }
        return .text(survey.accepted)
    }

    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .phrase(let text) = value else { return "" }
        return text
    }

    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let survey? = content.survey else { return "" }
        return survey.accepted.joined(separator: " / ")
    }

    /// A few likely answers, some spelled differently: the archive generator's crowd.
    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        if case let survey? = content.survey, right, let first = survey.accepted.first { return .phrase(first) }
        return .phrase(["Paris", "paris", "Rome", "Lisbon", "PARIS!", "Oslo"][Int(rng.next() % 6)])
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let scoring = source.pick(SurveyScoring.allCases)
        var accepted: [String] = []
        if scoring == .rare || (wild && source.chance(0.1)) {
            let count = wild && source.chance(0.2) ? source.pick([0, 51]) : source.int(1...3)
            for index in 0..<count { accepted.append(index == 0 ? "yes" : "\(source.packText(30, wild: wild)) \(index)") }
        }
        return .survey(Survey(scoring: scoring, accepted: accepted, display: source.pick(AnswerGroupsDisplay.allCases)))
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        .phrase(fuzzTyped(content, source: &source))
    }

    /// What players type: an accepted answer or a common one, in look-alike spellings, or anything
    /// (also the fuzzer's `merge_answers` group names).
    package static func fuzzTyped(_ content: QuestionContent?, source: inout some KindFuzzSource) -> String {
        if let survey = content?.survey, !survey.accepted.isEmpty, source.chance(0.3) {
            return TypedText.fuzzTyped(accepted: survey.accepted, source: &source)
        }
        if source.chance(0.8) { return source.pick(["Paris", "PARÍS", "Pаris", "Rome", "rome!", "Oslo", "0slo", "Lyon", "yes"]) }
        return source.anyText()
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        guard case let survey? = content.survey else { return .phrase("yes") }
        return .phrase(survey.accepted.first ?? "yes")
    }

    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue { .phrase(source.anyText()) }
}

/// A survey question's pack fields.
package struct Survey: Sendable, Equatable {
    package var scoring: SurveyScoring
    /// The answers that score, `rare` only (empty otherwise).
    package var accepted: [String]
    package var display: AnswerGroupsDisplay

    package init(scoring: SurveyScoring = .poll, accepted: [String] = [], display: AnswerGroupsDisplay = .bars) {
        self.scoring = scoring
        self.accepted = accepted
        self.display = display
    }
}

/// How a survey scores (docs/kinds-typed.md, "survey").
package enum SurveyScoring: String, Sendable, CaseIterable, Codable {
    case poll, popular, rare
}

/// How the projector draws the groups at the reveal.
package enum AnswerGroupsDisplay: String, Sendable, CaseIterable, Codable {
    case cloud, bars
}

extension QuestionKind {
    package static let survey = QuestionKind(SurveyKind.self)
}

extension Survey: KindContent {}

extension QuestionContent {
    /// Typed answers grouped and counted; scored as its `Survey` says.
    package static func survey(_ survey: Survey) -> QuestionContent { QuestionContent(.survey, survey) }
    /// A survey's settings; nil for other kinds.
    package var survey: Survey? { payload(.survey, as: Survey.self) }
}
