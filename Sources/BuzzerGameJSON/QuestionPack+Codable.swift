import BuzzerFormats
import BuzzerGame

/// Encodes in the pack JSON format and decodes through the same checks as
/// `QuestionPack.decode(json:)` (with lenient limits), so a pack stored inside an event
/// round-trips exactly and a corrupt one is refused rather than played.
extension QuestionPack: Codable {
    private enum CodingKeys: String, CodingKey { case title, description, rounds, questions, partialCredit }

    package init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            self = try QuestionPack.decode(value, limits: .lenient)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(partialCredit, forKey: .partialCredit)
        if isFlat {
            try container.encode(rounds[0].questions, forKey: .questions)
        } else {
            try container.encode(rounds, forKey: .rounds)
        }
    }
}

extension PackRound: Encodable {
    private enum CodingKeys: String, CodingKey { case title, wager, questions, breakBefore = "break" }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(wager, forKey: .wager)
        try container.encodeIfPresent(breakBefore, forKey: .breakBefore)
        try container.encode(questions, forKey: .questions)
    }
}

extension RoundBreak: Encodable {
    private enum CodingKeys: String, CodingKey { case title, text, minutes }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(minutes, forKey: .minutes)
    }
}

extension Question: Encodable {
    private enum CodingKeys: String, CodingKey { case kind, category, text, options, items, answer, partialCredit, explanation, points, timeLimit, media, revealMedia }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(category, forKey: .category)
        try container.encode(text, forKey: .text)
        switch content {
        case let .choice(options, answer):
            try container.encode(options, forKey: .options)
            try container.encode(answer, forKey: .answer)
        case let .multi(options, answers):
            try container.encode(options, forKey: .options)
            try container.encode(answers, forKey: .answer)
        case .truefalse(let answer):
            try container.encode(answer, forKey: .answer)
        case .text(let accepted):
            try container.encode(accepted, forKey: .answer)
        case .number(let answer):
            try container.encode(answer, forKey: .answer)
        case .poll(let options):
            try container.encode(options, forKey: .options)
        case .order(let items):
            try container.encode(items, forKey: .items)
        }
        try container.encodeIfPresent(partialCredit, forKey: .partialCredit)
        try container.encodeIfPresent(explanation, forKey: .explanation)
        try container.encode(points, forKey: .points)
        try container.encodeIfPresent(timeLimit, forKey: .timeLimit)
        try container.encodeIfPresent(media, forKey: .media)
        try container.encodeIfPresent(revealMedia, forKey: .revealMedia)
    }
}
