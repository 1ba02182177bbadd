/// A point on a pin question's picture in fixed point: `x` in 1/10,000 of the picture's width from
/// its left edge, `y` in 1/10,000 of its height from the top, each 0...10,000. Pack, wire and log
/// give fractions (0...1); they become this once, where they enter, so the live room and replay
/// compute every distance with the same integer math.
package struct PinPoint: Sendable, Equatable, Hashable {
    package var x: Int
    package var y: Int

    /// One picture width or height.
    package static let scale = 10_000
    package static let range = 0...scale

    package init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// A fraction of the picture (0...1) as fixed point; nil when it is not a number in range.
    package static func fixed(_ fraction: Double) -> Int? {
        guard fraction.isFinite, fraction >= 0, fraction <= 1 else { return nil }
        return Int((fraction * Double(scale)).rounded())
    }

    /// A fixed-point coordinate as the fraction pack, wire and log write (4100 as 0.41).
    package static func fraction(_ fixed: Int) -> Double { Double(fixed) / Double(scale) }

    /// Both coordinates within the picture.
    package var isOnPicture: Bool { Self.range.contains(x) && Self.range.contains(y) }
}

/// Where a pin question's answer is: a point (with the radius that counts as right) or an area.
package enum PinTarget: Sendable, Equatable {
    /// `radius` in 1/10,000 of the picture's longer side (1...10,000); optional when the closest pins win.
    case point(PinPoint, radius: Int?)
    /// The area's top-left corner and its size, within the picture.
    case area(PinPoint, width: Int, height: Int)

    /// The middle of the target: where a player aiming right puts the pin.
    package var centre: PinPoint {
        switch self {
        case .point(let point, _): point
        // Wrapping, not trapping: a target built in code (a fuzzed one) may hold any Int; a checked pack never overflows.
        case .area(let corner, let width, let height): PinPoint(x: corner.x &+ width / 2, y: corner.y &+ height / 2)
        }
    }
}

/// How a pin question is scored (docs/kinds-pin.md).
package enum PinScoring: String, Sendable, Equatable, CaseIterable {
    /// A pin inside the circle or the area is right; speed scoring applies.
    case radius
    /// The closest pins (ties share) win, as in a number question.
    case closest
}

/// A pin question's target, scoring and the picture's shape.
package struct PinQuestion: Sendable, Equatable {
    package var target: PinTarget
    package var scoring: PinScoring
    /// The picture's width over its height, so a circle stays round on it; 1 when the pack gives none.
    package var aspect: Double

    /// Pictures may be up to 10 times wider than high, or higher than wide.
    package static let aspectRange = 0.1...10.0

    package init(target: PinTarget, scoring: PinScoring = .radius, aspect: Double = 1) {
        self.target = target
        self.scoring = scoring
        self.aspect = aspect
    }

    /// The picture's width and height in 1/10,000 of its longer side (the longer one is 10,000).
    package var sides: (width: Int, height: Int) {
        let a = Self.aspectRange.contains(aspect) ? aspect : 1
        let scale = Double(PinPoint.scale)
        return a >= 1 ? (PinPoint.scale, max(1, Int((scale / a).rounded()))) : (max(1, Int((scale * a).rounded())), PinPoint.scale)
    }

    /// The squared distance from `pin` to the target (0 inside an area), in (1/10^8 of the longer
    /// side)²: at most 2 × 10^16, so it fits an `Int` with room to spare, and equal distances are equal.
    package func distanceSquared(_ pin: PinPoint) -> Int {
        let (width, height) = sides
        // Every coordinate is clamped to the picture first, so no value built in code can overflow.
        let px = Self.clamp(pin.x), py = Self.clamp(pin.y)
        let dx: Int, dy: Int
        switch target {
        case .point(let point, _):
            dx = px - Self.clamp(point.x)
            dy = py - Self.clamp(point.y)
        case .area(let corner, let w, let h):
            let left = Self.clamp(corner.x), top = Self.clamp(corner.y)
            dx = max(left - px, 0, px - (left + Self.clamp(w)))
            dy = max(top - py, 0, py - (top + Self.clamp(h)))
        }
        let sx = dx * width, sy = dy * height
        return sx * sx + sy * sy
    }

    private static func clamp(_ value: Int) -> Int { min(max(value, 0), PinPoint.scale) }

    /// Inside the circle (on its edge counts) or the area.
    package func isInside(_ pin: PinPoint) -> Bool {
        switch target {
        case .point(_, let radius):
            guard let radius else { return false }
            let r = Self.clamp(radius) * PinPoint.scale
            return distanceSquared(pin) <= r * r
        case .area:
            return distanceSquared(pin) == 0
        }
    }

    /// The distance as a fraction of the picture's longer side, to 1/10,000 (what pages and exports show).
    package func distance(_ pin: PinPoint) -> Double {
        (Double(distanceSquared(pin)).squareRoot() / Double(PinPoint.scale)).rounded() / Double(PinPoint.scale)
    }
}

/// One ranked player's pin in a reveal: the projector draws them all and names the closest.
package struct RevealedPin: Sendable, Equatable, Codable {
    package var player: Int
    /// The closest `PinKind.revealNameLimit` only: the rest are drawn, not named, which keeps the message small.
    package var nickname: String?
    package var x: Double
    package var y: Double
    /// From the target, as a fraction of the picture's longer side (0 inside an area).
    package var distance: Double
}

/// `pin`: players put a pin on the question's picture; a pin inside the target is right, or the
/// closest pins win (docs/kinds-pin.md).
package enum PinKind: QuestionKindModule {
    package static let name = "pin"
    package static var answerShape: AnswerShape { .point }
    package static var missingPictureProblem: String? { #"a pin question needs a picture to pin: "media": {"image": "/media/….png"}"# }

    /// The reveal carries at most this many pins, closest first, so its one shared message stays small
    /// (about 11 KB before compression at the cap), and names the closest `revealNameLimit` of them.
    package static let revealPinLimit = 200
    package static let revealNameLimit = 10

    package static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector) {
        guard case let question? = content.pin else { return }
        for problem in problems(question) { collector.add("\(path).\(problem.field)", problem.reason) }
    }

    /// What is wrong with a target built in code or read from a pack, by pack field.
    package static func problems(_ question: PinQuestion) -> [(field: String, reason: String)] {
        var out: [(field: String, reason: String)] = []
        if !PinQuestion.aspectRange.contains(question.aspect) { out.append(("aspect", "must be a number from 0.1 to 10 (the picture's width over its height)")) }
        switch question.target {
        case .point(let point, let radius):
            if !point.isOnPicture { out.append(("target", "must be a point on the picture, x and y from 0 to 1")) }
            if let radius, !(1...PinPoint.scale).contains(radius) { out.append(("radius", "must be more than 0 and at most 1")) }
            if radius == nil, question.scoring == .radius { out.append(("radius", "is missing: a pin within it is right (or give \"scoring\": \"closest\")")) }
        case .area(let corner, let width, let height):
            // Compared by subtraction: a size built in code may be anything, and must not overflow.
            if !corner.isOnPicture || width < 1 || height < 1 || width > PinPoint.scale - corner.x || height > PinPoint.scale - corner.y {
                out.append(("area", "must lie inside the picture: x, y, w and h from 0 to 1, w and h more than 0, x + w and y + h at most 1"))
            }
        }
        return out
    }

    package static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue {
        guard case .point(let pin) = value else { throw wrongShape(value) }
        guard pin.isOnPicture else { throw .invalidAnswer("the pin must be on the picture: x and y from 0 to 1") }
        return value
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? {
        guard case .point(let pin) = answer else { return nil }
        return pin.isOnPicture ? nil : "its pin (\(pin.x), \(pin.y)) is off the picture"
    }

    /// Radius: inside is right. Closest: every pin at the smallest distance among `isRanked` players.
    package static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule {
        guard case let question? = content.pin else { return { _ in (0, 1) } }
        switch question.scoring {
        case .radius:
            return { recorded in
                guard case .point(let pin) = recorded.value else { return (0, 1) }
                return question.isInside(pin) ? (1, 1) : (0, 1)
            }
        case .closest:
            var best = Int.max
            for (id, recorded) in entry.answers where isRanked(id) {
                if case .point(let pin) = recorded.value { best = min(best, question.distanceSquared(pin)) }
            }
            return { [best] recorded in
                guard case .point(let pin) = recorded.value else { return (0, 1) }
                return question.distanceSquared(pin) == best ? (1, 1) : (0, 1)
            }
        }
    }

    package static var revealedAnswerType: (any KindRevealedAnswer.Type)? { PinRevealed.self }

    package static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer {
        guard case let question? = content.pin else { return .none }
        return .pin(question)
    }

    /// The ranked players' pins, closest first (then by player number), at most `revealPinLimit`.
    package static func revealPins(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool, nickname: (PlayerID) -> String?) -> [RevealedPin]? {
        guard case let question? = content.pin else { return nil }
        var pins: [(squared: Int, player: PlayerID, pin: PinPoint)] = []
        for (id, recorded) in entry.answers where isRanked(id) {
            if case .point(let pin) = recorded.value { pins.append((question.distanceSquared(pin), id, pin)) }
        }
        pins.sort { ($0.squared, $0.player.rawValue) < ($1.squared, $1.player.rawValue) }
        return pins.prefix(revealPinLimit).enumerated().map { place, entry in
            RevealedPin(player: entry.player.rawValue, nickname: place < revealNameLimit ? nickname(entry.player) : nil,
                        x: PinPoint.fraction(entry.pin.x), y: PinPoint.fraction(entry.pin.y), distance: question.distance(entry.pin))
        }
    }

    /// "(0.41, 0.30)": where the pin is, as fractions of the picture's width and height.
    package static func answerText(_ value: AnswerValue, tiles: [String]) -> String {
        guard case .point(let pin) = value else { return "" }
        return text(pin)
    }

    /// "(0.41, 0.30) 0.03 from target", with "(inside)" for a pin in the circle or the area.
    package static func answerText(_ value: AnswerValue, content: QuestionContent) -> String {
        guard case .point(let pin) = value, case let question? = content.pin else { return answerText(value, tiles: []) }
        return "\(text(pin)) \(decimal(question.distance(pin))) from target" + (question.isInside(pin) ? " (inside)" : "")
    }

    /// "(0.40, 0.30) radius 0.05" or "area (0.10, 0.20) to (0.30, 0.50)".
    package static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String {
        guard case let question? = content.pin else { return "" }
        switch question.target {
        case .point(let point, let radius):
            return text(point) + (radius.map { " radius \(decimal(PinPoint.fraction($0)))" } ?? "")
        case .area(let corner, let width, let height):
            // Wrapping, not trapping: a target built in code may hold any Int (the text then says so).
            return "area \(text(corner)) to \(text(PinPoint(x: corner.x &+ width, y: corner.y &+ height)))"
        }
    }

    static func text(_ pin: PinPoint) -> String { "(\(decimal(PinPoint.fraction(pin.x))), \(decimal(PinPoint.fraction(pin.y))))" }

    /// At least two decimals, at most four: 0.4 as "0.40", 0.4123 as "0.4123". Total on any value (a
    /// negative or huge one from a fuzzed answer prints, never traps).
    static func decimal(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 1e12 else { return "\(value)" }
        let fixed = Int((value.magnitude * Double(PinPoint.scale)).rounded())
        let sign = value < 0 && fixed != 0 ? "-" : ""
        let whole = fixed / PinPoint.scale, rest = fixed % PinPoint.scale
        var digits = String(rest)
        digits = String(repeating: "0", count: 4 - digits.count) + digits
        while digits.count > 2, digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }

    package static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue {
        guard case let question? = content.pin else { return .point(PinPoint(x: 0, y: 0)) }
        let centre = question.target.centre
        guard !right else { return .point(centre) }
        // The far corner, nudged: outside any target that is not most of the picture.
        let nudge = Int(rng.next() % 500)
        return .point(PinPoint(x: centre.x < PinPoint.scale / 2 ? PinPoint.scale - nudge : nudge, y: centre.y < PinPoint.scale / 2 ? PinPoint.scale - nudge : nudge))
    }

    package static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent {
        let scoring: PinScoring = source.bool() ? .radius : .closest
        let aspect = wild && source.chance(0.2) ? source.boundaryDouble(nonFinite: false) : source.pick([1, 1.5, 0.75, 4.0 / 3])
        if source.bool() {
            let point = PinPoint(x: fuzzCoordinate(wild: wild, &source), y: fuzzCoordinate(wild: wild, &source))
            let radius = wild && source.chance(0.2) ? source.boundaryInt() : source.int(1...3_000)
            return .pin(PinQuestion(target: .point(point, radius: scoring == .closest && source.chance(0.3) ? nil : radius), scoring: scoring, aspect: aspect))
        }
        let corner = PinPoint(x: source.int(0...8_000), y: source.int(0...8_000))
        let width = wild && source.chance(0.2) ? source.boundaryInt() : source.int(1...2_000)
        let height = wild && source.chance(0.2) ? source.boundaryInt() : source.int(1...2_000)
        return .pin(PinQuestion(target: .area(corner, width: width, height: height), scoring: scoring, aspect: aspect))
    }

    private static func fuzzCoordinate(wild: Bool, _ source: inout some KindFuzzSource) -> Int {
        wild && source.chance(0.2) ? source.boundaryInt() : source.int(PinPoint.range)
    }

    package static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue {
        guard case let question? = content.pin, source.chance(0.9) else { return wildAnswer(source: &source) }
        return source.chance(0.4) ? .point(question.target.centre) : .point(PinPoint(x: source.int(PinPoint.range), y: source.int(PinPoint.range)))
    }

    package static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue {
        guard case let question? = content.pin else { return .point(PinPoint(x: 0, y: 0)) }
        return .point(question.target.centre)
    }

    /// Off the picture now and then (the room refuses it with `invalid_answer`).
    package static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue {
        .point(PinPoint(x: source.chance(0.5) ? source.boundaryInt() : source.int(PinPoint.range), y: source.chance(0.5) ? source.boundaryInt() : source.int(PinPoint.range)))
    }
}

/// The reveal's and the host's `correct` (`{"kind":"pin","pin":{…}}`): the pack's own members, in
/// fractions of the picture (docs/protocol-server.md, `reveal`).
extension PinQuestion: Codable {
    private enum Key: String, CodingKey { case target, radius, area, scoring, aspect, x, y, w, h }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        func fixed(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int {
            guard let value = PinPoint.fixed(try container.decode(Double.self, forKey: key)) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must be 0 to 1")
            }
            return value
        }
        let scoring = PinScoring(rawValue: try c.decodeIfPresent(String.self, forKey: .scoring) ?? "radius") ?? .radius
        let aspect = try c.decodeIfPresent(Double.self, forKey: .aspect) ?? 1
        if c.contains(.area) {
            let a = try c.nestedContainer(keyedBy: Key.self, forKey: .area)
            self.init(target: .area(PinPoint(x: try fixed(a, .x), y: try fixed(a, .y)), width: try fixed(a, .w), height: try fixed(a, .h)), scoring: scoring, aspect: aspect)
        } else {
            let p = try c.nestedContainer(keyedBy: Key.self, forKey: .target)
            let radius = try c.decodeIfPresent(Double.self, forKey: .radius).flatMap(PinPoint.fixed)
            self.init(target: .point(PinPoint(x: try fixed(p, .x), y: try fixed(p, .y)), radius: radius), scoring: scoring, aspect: aspect)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        switch target {
        case .point(let point, let radius):
            var p = c.nestedContainer(keyedBy: Key.self, forKey: .target)
            try p.encode(PinPoint.fraction(point.x), forKey: .x)
            try p.encode(PinPoint.fraction(point.y), forKey: .y)
            if let radius { try c.encode(PinPoint.fraction(radius), forKey: .radius) }
        case .area(let corner, let width, let height):
            var a = c.nestedContainer(keyedBy: Key.self, forKey: .area)
            for (key, value) in [(Key.x, corner.x), (.y, corner.y), (.w, width), (.h, height)] { try a.encode(PinPoint.fraction(value), forKey: key) }
        }
        try c.encode(scoring.rawValue, forKey: .scoring)
        try c.encode(aspect, forKey: .aspect)
    }
}

extension QuestionKind {
    package static let pin = QuestionKind(PinKind.self)
}

extension PinQuestion: KindContent {}

extension QuestionContent {
    /// A point or an area on the question's picture (`media.image`), and how pins are scored.
    package static func pin(_ question: PinQuestion) -> QuestionContent { QuestionContent(.pin, question) }
    /// A pin question's target and scoring; nil for other kinds.
    package var pin: PinQuestion? { payload(.pin, as: PinQuestion.self) }
}

/// A pin question's right answer in a reveal (the target and its scoring), written as `{"kind":"pin","pin":{…}}`.
package struct PinRevealed: KindRevealedAnswer, Equatable {
    package var pin: PinQuestion
}

extension RevealedAnswer {
    /// A pin question's right answer: the target and its scoring.
    package static func pin(_ pin: PinQuestion) -> RevealedAnswer { .kind(.pin, PinRevealed(pin: pin)) }
}
