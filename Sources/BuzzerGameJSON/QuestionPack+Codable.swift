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
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        try container.encode(kind, forKey: MemberKey("kind"))
        try container.encode(category, forKey: MemberKey("category"))
        try container.encode(text, forKey: MemberKey("text"))
        try kind.json.encodeContent(content, to: &container)
        try container.encodeIfPresent(partialCredit, forKey: MemberKey("partialCredit"))
        try container.encodeIfPresent(explanation, forKey: MemberKey("explanation"))
        try container.encode(points, forKey: MemberKey("points"))
        try container.encodeIfPresent(timeLimit, forKey: MemberKey("timeLimit"))
        try container.encodeIfPresent(media, forKey: MemberKey("media"))
        try container.encodeIfPresent(revealMedia, forKey: MemberKey("revealMedia"))
        for (key, value) in extraMembers { try container.encode(value, forKey: MemberKey(key)) }
    }
}
