/// Collects problems with their JSON paths. Shared by the JSON decoder (which checks fields as
/// it reads them) and `QuestionPack.validate()` (which checks a pack built in code), so both
/// report the same errors with the same paths.
package struct PackIssueCollector {
    package let limits: QuestionPackLimits
    package internal(set) var errors: [QuestionPackError] = []

    package init(limits: QuestionPackLimits) { self.limits = limits }

    package mutating func add(_ path: String, _ reason: String) {
        errors.append(.invalid(path: path, reason: reason))
    }

    package mutating func checkTitle(_ title: String, at path: String) {
        checkText(title, at: path, maxLength: limits.maxTitleLength)
    }

    /// A text field: not blank, not too long, and no control characters (an ESC in a title reached
    /// the operator's terminal through `buzzer replay list` and the server's log). Only the long
    /// texts a page shows as prose (`multiline`: the description, a question, an explanation, a
    /// break's text) may hold a line break or a tab, which the editor's text boxes can produce.
    package mutating func checkText(_ text: String, at path: String, maxLength: Int? = nil, multiline: Bool = false) {
        let limit = maxLength ?? limits.maxTextLength
        if text.allSatisfy(\.isWhitespace) {
            add(path, "must not be empty")
        } else if text.count > limit {
            add(path, "is \(text.count) characters long; the limit is \(limit)")
        }
        checkControlCharacters(text, at: path, multiline: multiline)
    }

    /// Refuses C0, DEL and C1 (general category Cc, the rule nicknames follow), save `\n` and `\t` in `multiline` text.
    package mutating func checkControlCharacters(_ text: String, at path: String, multiline: Bool = false) {
        guard !limits.allowsControlCharacters, let bad = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control && !(multiline && ($0 == "\n" || $0 == "\t")) }) else { return }
        let code = "U+" + String(repeating: "0", count: max(0, 4 - String(bad.value, radix: 16).count)) + String(bad.value, radix: 16, uppercase: true)
        add(path, "holds the control character \(code)\(multiline ? "; only line breaks and tabs are allowed here" : "; it must be one line of text")")
    }

    package mutating func checkOptions(_ options: [String], kind: QuestionKind, at path: String) {
        if options.count < limits.minOptions || options.count > limits.maxOptions {
            add(path, "has \(options.count) option\(options.count == 1 ? "" : "s"); \(kind.rawValue) questions need \(limits.minOptions) to \(limits.maxOptions)")
        }
        checkDistinct(options, noun: "option", at: path)
    }

    /// An order question's items: 3 (fewer is a coin toss) up to the pack's option limit, under the options' rules.
    package mutating func checkItems(_ items: [String], at path: String) {
        let range = QuestionPackLimits.minOrderItems...max(QuestionPackLimits.minOrderItems, limits.maxOptions)
        if !range.contains(items.count) {
            add(path, "has \(items.count) item\(items.count == 1 ? "" : "s"); order questions need \(range.lowerBound) to \(range.upperBound)")
        }
        checkDistinct(items, noun: "item", at: path)
    }

    /// Options or items: none blank or too long, no two the same ignoring case, accents and spacing.
    private mutating func checkDistinct(_ options: [String], noun: String, at path: String) {
        var seen: [String: Int] = [:]
        var reported: Set<String> = []
        for (index, option) in options.enumerated() {
            checkText(option, at: "\(path)[\(index)]", maxLength: limits.maxOptionLength)
            let key = TextNormalizer.fold(option)
            guard !key.isEmpty else { continue }
            if seen[key] != nil {
                if reported.insert(key).inserted {
                    add(path, "two \(noun)s are identical (\"\(option)\")")
                }
            } else {
                seen[key] = index
            }
        }
    }

    package mutating func checkChoiceAnswer(_ answer: Int, optionCount: Int, at path: String) {
        if !(0..<optionCount).contains(answer) {
            add(path, "option index \(answer) is out of range (\(rangeText(optionCount)))")
        }
    }

    package mutating func checkMultiAnswers(_ answers: [Int], optionCount: Int, at path: String) {
        if answers.isEmpty {
            add(path, "no option is marked correct")
            return
        }
        var seen: Set<Int> = []
        for (position, answer) in answers.enumerated() {
            if !(0..<optionCount).contains(answer) {
                add("\(path)[\(position)]", "option index \(answer) is out of range (\(rangeText(optionCount)))")
            } else if !seen.insert(answer).inserted {
                add("\(path)[\(position)]", "option index \(answer) is listed twice")
            }
        }
        if optionCount > 0, seen.count == optionCount {
            add(path, "every option is marked correct; leave at least one wrong option")
        }
    }

    package mutating func checkAccepted(_ accepted: [String], at path: String) {
        if accepted.isEmpty {
            add(path, "no accepted answer is given")
            return
        }
        if accepted.count > limits.maxAcceptedAnswers {
            add(path, "has \(accepted.count) accepted answers; the limit is \(limits.maxAcceptedAnswers)")
        }
        var seen: Set<String> = []
        for (index, answer) in accepted.enumerated() {
            let key = TextNormalizer.answerKey(answer)
            if key.isEmpty {
                add("\(path)[\(index)]", "must not be empty")
            } else if answer.count > limits.maxOptionLength {
                add("\(path)[\(index)]", "is \(answer.count) characters long; the limit is \(limits.maxOptionLength)")
            } else if !limits.allowsControlCharacters, answer.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                checkControlCharacters(answer, at: "\(path)[\(index)]")
            } else if !seen.insert(key).inserted {
                add("\(path)[\(index)]", "\"\(answer)\" is the same as an earlier accepted answer once case, accents and punctuation are ignored")
            }
        }
    }

    package mutating func checkNumberAnswer(_ answer: Double, at path: String) {
        if !InputBounds.isPlayableNumber(answer) { add(path, "must be a number between -10^15 and 10^15") }
    }

    package mutating func checkPoints(_ points: Int, at path: String) {
        if !(0...2).contains(points) { add(path, "must be 0, 1 or 2 (found \(points))") }
    }

    package mutating func checkTimeLimit(_ seconds: Int, at path: String) {
        if seconds < limits.minTimeLimitSeconds || seconds > limits.maxTimeLimitSeconds {
            add(path, "\(seconds) seconds is out of range (\(limits.minTimeLimitSeconds)-\(limits.maxTimeLimitSeconds))")
        }
    }

    package mutating func checkContent(_ content: QuestionContent, at path: String) {
        content.kind.module.check(content, at: path, into: &self)
    }

    /// `partialCredit` is a rule for answers that can be partly right.
    package mutating func checkPartialCredit(_ rule: PartialCredit?, kind: QuestionKind, at path: String) {
        if rule != nil, !kind.hasPartialCredit { add(path, "only multi and order questions take partial credit") }
    }

    package mutating func checkQuestion(_ question: Question, at path: String) {
        checkText(question.category, at: "\(path).category", maxLength: limits.maxTitleLength)
        checkText(question.text, at: "\(path).text", multiline: true)
        checkContent(question.content, at: path)
        checkPartialCredit(question.partialCredit, kind: question.kind, at: "\(path).partialCredit")
        if let explanation = question.explanation { checkText(explanation, at: "\(path).explanation", multiline: true) }
        checkPoints(question.points, at: "\(path).points")
        if let timeLimit = question.timeLimit { checkTimeLimit(timeLimit, at: "\(path).timeLimit") }
        if let media = question.media { checkMedia(media, at: "\(path).media") }
        if let media = question.revealMedia { checkMedia(media, at: "\(path).revealMedia") }
        if question.media?.image == nil, let problem = question.kind.module.missingPictureProblem { add(path, problem) }
    }

    /// Media names files of the media library by content; a clip's timing applies to its audio.
    package mutating func checkMedia(_ media: QuestionMedia, at path: String) {
        if let image = media.image, QuestionMedia.parseReference(image, extensions: QuestionMedia.imageExtensions) == nil {
            add("\(path).image", "expected a picture from the media library, /media/<sha256>.png, .jpg, .webp or .gif (found \"\(image.prefix(80))\")")
        }
        if let audio = media.audio, QuestionMedia.parseReference(audio, extensions: QuestionMedia.audioExtensions) == nil {
            add("\(path).audio", "expected a sound from the media library, /media/<sha256>.mp3, .ogg or .wav (found \"\(audio.prefix(80))\")")
        }
        if media.image == nil, media.audio == nil { add(path, "give an \"image\", an \"audio\" or both") }
        if let alt = media.alt {
            checkText(alt, at: "\(path).alt", maxLength: limits.maxOptionLength)
            if media.image == nil { add("\(path).alt", "describes a picture: give \"image\" too") }
        }
        for (key, value, range) in [("startMs", media.startMs, 0...3_600_000), ("durationMs", media.durationMs, 1...600_000)] {
            guard let value else { continue }
            if !range.contains(value) { add("\(path).\(key)", "must be from \(range.lowerBound) to \(range.upperBound) milliseconds (found \(value))") }
            if media.audio == nil { add("\(path).\(key)", "applies to \"audio\" only") }
        }
    }

    package mutating func checkQuestionCount(_ count: Int) {
        if count > limits.maxQuestions {
            add("", "the pack has \(count) questions; the limit is \(limits.maxQuestions)")
        }
    }

    private func rangeText(_ count: Int) -> String {
        count == 0 ? "there are no options" : "0-\(count - 1)"
    }
}

extension QuestionPack {
    /// The path prefix of a question, matching the JSON layout the pack encodes to.
    package func path(round: Int, question: Int) -> String {
        isFlat ? "questions[\(question)]" : "rounds[\(round)].questions[\(question)]"
    }

    /// Every rule the pack breaks, in document order; empty means the pack is playable.
    package func validate(limits: QuestionPackLimits = QuestionPackLimits()) -> [QuestionPackError] {
        var collector = PackIssueCollector(limits: limits)
        collector.checkTitle(title, at: "title")
        if let description { collector.checkText(description, at: "description", multiline: true) }
        if rounds.isEmpty { collector.add(isFlat ? "questions" : "rounds", "the pack has no questions") }
        for (roundIndex, round) in rounds.enumerated() {
            if !isFlat {
                if let title = round.title { collector.checkTitle(title, at: "rounds[\(roundIndex)].title") }
                if round.questions.isEmpty { collector.add("rounds[\(roundIndex)].questions", "the round has no questions") }
                if let roundBreak = round.breakBefore { collector.checkBreak(roundBreak, at: "rounds[\(roundIndex)].break") }
            } else if round.questions.isEmpty {
                collector.add("questions", "the pack has no questions")
            }
            for (questionIndex, question) in round.questions.enumerated() {
                collector.checkQuestion(question, at: path(round: roundIndex, question: questionIndex))
            }
        }
        collector.checkQuestionCount(questionCount)
        return collector.errors
    }
}
