/// What is special about one kind of question, in one place: its pack checks, what players see,
/// how an answer is checked, judged and shown, the reveal's counts and the export's text.
/// The room, the publisher, replay and export ask `question.kind.module`; they never switch over kinds.
///
/// Every requirement is static and takes the question's `QuestionContent` and the answer's
/// `AnswerValue` as they are, so a kind costs no allocation or boxing on the answer path: the
/// module is a caseless enum reached through `QuestionKind.module`, one witness call away.
/// The kind's JSON (pack fields, answer fields) is `QuestionKindJSON`, in BuzzerGameJSON.
package protocol QuestionKindModule: SendableMetatype {
    /// The kind's name, the pack format's `kind` string (`QuestionKind.rawValue`).
    static var name: String { get }
    /// The shape of this kind's answers (`AnswerValue`); a new kind may reuse one (a slider answers
    /// with a `.number`).
    static var answerShape: AnswerShape { get }
    /// Numbers the screens need to draw this question before the reveal (a slider's `min`, `max`
    /// and `step`), sent as `QuestionView.figures`; nil for most kinds.
    static func figures(_ content: QuestionContent) -> [String: Double]?
    /// Players pick from `options` (choice, multi, poll).
    static var hasOptions: Bool { get }
    /// Answers can be partly right, so the question takes a `partialCredit` rule.
    static var hasPartialCredit: Bool { get }
    /// False for an opinion: answers are counted, never judged or scored.
    static var isScored: Bool { get }
    /// Whether this question is scored (a survey's pack says; by default, the kind's `isScored`).
    static func isScored(_ content: QuestionContent) -> Bool
    /// True when the tiles in pack order are the answer (order's items), so no view may ever show them so.
    static var tilesInPackOrderAreTheAnswer: Bool { get }
    /// Why a question of this kind cannot go without a picture (`media.image`: a pin's); nil when it can.
    static var missingPictureProblem: String? { get }

    /// What players see as tiles, in pack order (shuffled by the asked question's `permutation`).
    static func tiles(_ content: QuestionContent) -> [String]
    /// Checks the kind's own fields of a pack built in code (the JSON reader checks them as it reads).
    static func check(_ content: QuestionContent, at path: String, into collector: inout PackIssueCollector)
    /// The tiles' display order for question `sequence`.
    static func permutation(tileCount: Int, seed: UInt64, sequence: Int, shuffle: Bool) -> [Int]

    /// A player's answer, already known to be of this kind, checked and mapped from displayed positions to pack indices.
    static func canonicalAnswer(_ value: AnswerValue, content: QuestionContent, permutation: [Int], settings: RoomSettings) throws(GameError) -> AnswerValue
    /// Why a logged answer of this kind could not have been accepted; nil when it could.
    static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String?
    /// The key answers are grouped and judged by, worked out once when recorded (typed text); nil for most kinds.
    static func comparisonKey(_ answer: AnswerValue) -> String?
    /// A recorded answer as the player saw it: pack indices back to displayed positions.
    static func displayedAnswer(_ value: AnswerValue, permutation: [Int]) -> AnswerValue

    /// The credit rule for one asked question, built once per scoring and called per answer; nil credit for no credit to give.
    static func judge(_ content: QuestionContent, entry: AskedQuestion, partialCredit: PartialCredit, isRanked: (PlayerID) -> Bool) -> AnswerJudge.Rule
    /// The right answer in displayed positions, for the host and the reveal.
    static func revealedAnswer(_ content: QuestionContent, permutation: [Int], acceptedExtra: [String]) -> RevealedAnswer
    /// The type of the kind's own right answer (`RevealedAnswer.kind`), to read one back by the kind's name; nil for most.
    static var revealedAnswerType: (any KindRevealedAnswer.Type)? { get }
    /// Calls `body` with each option (pack index) an answer of this kind picks; none for kinds without options.
    static func forEachPick(_ value: AnswerValue, _ body: (Int) -> Void)
    /// The reveal's bars: counts per displayed tile (by default, of the options picked), and false/true counts.
    static func revealCounts(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> (options: [Int], trueFalse: [Int])
    /// Each ranked player's answer for the reveal to draw (pins on a picture), named; nil for kinds whose counts say it all.
    static func revealPins(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool, nickname: (PlayerID) -> String?) -> [RevealedPin]?
    /// A number question's closest guesses for the reveal to name, closest first; nil for other kinds.
    static func revealGuesses(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool, nickname: (PlayerID) -> String?) -> [RevealedGuess]?
    /// Each ranked player's guess's place, closest first (ties share one), for their own result; nil for kinds without places.
    static func guessPlaces(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> [PlayerID: Int]?
    /// True when every screen writes the question's numbers without separators (a year); false for most kinds.
    static func writesPlainNumbers(_ content: QuestionContent) -> Bool
    /// Answers the host may add to after the reveal (`accept`); nil when the kind has none.
    static func acceptedAnswers(_ content: QuestionContent) -> [String]?
    /// The ranked players' answers grouped by `comparisonKey`, host merges applied, biggest first (all of them):
    /// for kinds whose reveal shows groups and whose host may merge them (`merge_answers`); nil for the rest.
    static func answerGroups(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> AnswerGroups?
    /// Points a wrong (credit 0) answer costs, subtracted at scoring; 0 for most kinds (a buzz's `penalty`).
    static func penalty(_ content: QuestionContent, _ answer: RecordedAnswer) -> Int
    /// True when answers open only on the host's `open_buzzers`, not after the reading time (a buzz question may ask so).
    static func opensOnHostCommand(_ content: QuestionContent) -> Bool

    /// An answer as players saw it, for exports and timelines ("A > B > C" for an order).
    static func answerText(_ value: AnswerValue, tiles: [String]) -> String
    /// The same for an export, which knows the question: by default `answerText(_:tiles:)` (a pin adds its distance).
    static func answerText(_ value: AnswerValue, content: QuestionContent) -> String
    /// The right answer as text; "" when there is none.
    static func correctAnswerText(_ content: QuestionContent, acceptedExtra: [String]) -> String
    /// How a timeline tallies the question's answers.
    static func distribution(_ content: QuestionContent) -> AnswerDistribution
    /// What the right answer adds to the question's fingerprint (`QuestionFingerprint.answerKey`), each part
    /// normalized: by default, by the shape of `revealedAnswer` (right options' texts sorted, the first
    /// accepted text, the number), else the right answer's text. Changing it changes every archive's fingerprints.
    static func fingerprintAnswer(_ content: QuestionContent) -> String
    /// A plausible answer in displayed positions, right or wrong: the archive generator's players.
    static func sampleAnswer(_ content: QuestionContent, permutation: [Int], right: Bool, rng: inout SplitMix64) -> AnswerValue

    /// A random question of this kind for the protocol fuzzer's packs; a `wild` one may break the pack's rules.
    static func fuzzContent(wild: Bool, source: inout some KindFuzzSource) -> QuestionContent
    /// The protocol fuzzer's answer to this question, in displayed positions: mostly plausible, now and then out of range.
    static func fuzzAnswer(_ content: QuestionContent, permutation: [Int], source: inout some KindFuzzSource) -> AnswerValue
    /// The right answer in displayed positions (the fuzzer's greedy player).
    static func rightAnswer(_ content: QuestionContent, permutation: [Int]) -> AnswerValue
    /// An answer of this kind, whatever the question asks: the fuzzer's wrong-kind and out-of-range answers.
    static func wildAnswer(source: inout some KindFuzzSource) -> AnswerValue

    // A kind's own mechanic (QuestionKindModule+Mechanics.swift): none by default.

    /// The kind's own client commands (buzz's press and marks): `ClientCommands.all` appends every registered kind's.
    static var commands: [any ClientCommand.Type] { get }
    /// The kind's own room events: `RoomEvents.all` appends every registered kind's.
    static var events: [any ExtensionEvent.Type] { get }
    /// The state a question of this kind starts with when it is asked (`AskedQuestion.kindState`); nil for most.
    static func questionState(_ content: QuestionContent) -> (any KindQuestionState)?
    /// When the kind's own timer fires next on the current question `current`; nil when none is due.
    /// Asked twice per command (`Room.nextDeadline`): it builds no event.
    static func timerDue(in room: Room, _ current: AskedQuestion) -> GameInstant?
    /// The event the kind's timer makes when it fires at `at` (only asked once `timerDue` said so).
    static func timerEvent(in room: Room, at now: GameInstant) -> RoomEvent?
    /// An `answer` the kind decides itself (a buzz floor holder's typed answer); nil to take the usual rules.
    /// On the answer path: it must not allocate when it declines.
    static func decideAnswer(by player: PlayerID, _ submission: AnswerSubmission, in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent]?
    /// Whether the question may close once everyone answered (buzz: not once presses came in, the marks end it).
    static func closesWhenAllAnswered(_ entry: AskedQuestion) -> Bool
    /// Whether the kind holds the clock now (a buzz while a player has the floor): the question's time
    /// stands still, without the host's pause, until it lets go (`Room.syncClockHold`).
    static func holdsClock(_ entry: AskedQuestion) -> Bool
    /// The page messages only this kind sends (`ServerMessages.all` appends every registered kind's).
    static var serverMessages: [any ServerMessageBody.Type] { get }
    /// What every screen shows of the current question's kind while it runs (buzz's queue), as the
    /// message it is sent as (one of `serverMessages`); nil for most kinds. The publisher sends it on
    /// the reactions `.kindView` and `.kindViewNow`, and `state` carries it under its message's name.
    static func liveView(in room: Room) -> (any ServerMessageBody)?
}

/// How a timeline (`buzzer replay`, the results page) tallies a question's answers.
package enum AnswerDistribution: Sendable, Equatable {
    /// One row per option in displayed order; `right` are the right options, nil for a poll.
    case options(right: Set<Int>?)
    /// Fixed rows in this order (true, then false), each answer counted in the row its `answerText` names.
    case rows([DistributionRow])
    /// Equal answers grouped (by `comparisonKey`, else by their text), most common first.
    case grouped
}

/// One of a distribution's fixed rows: its text, as `answerText` writes an answer, and whether it is right.
package struct DistributionRow: Sendable, Equatable {
    package var answer: String
    package var right: Bool

    package init(answer: String, right: Bool) {
        self.answer = answer
        self.right = right
    }
}

extension QuestionKindModule {
    package static var kind: QuestionKind { QuestionKind(Self.self) }
    package static var serverMessages: [any ServerMessageBody.Type] { [] }
    package static func figures(_ content: QuestionContent) -> [String: Double]? { nil }
    package static var hasOptions: Bool { false }
    package static var hasPartialCredit: Bool { false }
    package static var isScored: Bool { true }
    package static var tilesInPackOrderAreTheAnswer: Bool { false }
    package static var missingPictureProblem: String? { nil }
    package static var revealedAnswerType: (any KindRevealedAnswer.Type)? { nil }
    package static func tiles(_ content: QuestionContent) -> [String] { [] }

    package static func permutation(tileCount: Int, seed: UInt64, sequence: Int, shuffle: Bool) -> [Int] {
        shuffle ? SplitMix64.permutation(count: tileCount, seed: seed, sequence: sequence) : Array(0..<tileCount)
    }

    package static func logProblem(_ answer: AnswerValue, tileCount: Int) -> String? { nil }
    package static func comparisonKey(_ answer: AnswerValue) -> String? { nil }
    package static func displayedAnswer(_ value: AnswerValue, permutation: [Int]) -> AnswerValue { value }
    package static func acceptedAnswers(_ content: QuestionContent) -> [String]? { nil }
    package static func revealPins(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool, nickname: (PlayerID) -> String?) -> [RevealedPin]? { nil }
    package static func revealGuesses(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool, nickname: (PlayerID) -> String?) -> [RevealedGuess]? { nil }
    package static func guessPlaces(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> [PlayerID: Int]? { nil }
    package static func writesPlainNumbers(_ content: QuestionContent) -> Bool { false }
    package static func answerText(_ value: AnswerValue, content: QuestionContent) -> String { answerText(value, tiles: content.options) }
    package static func isScored(_ content: QuestionContent) -> Bool { isScored }
    package static func answerGroups(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> AnswerGroups? { nil }
    package static func penalty(_ content: QuestionContent, _ answer: RecordedAnswer) -> Int { 0 }
    package static func opensOnHostCommand(_ content: QuestionContent) -> Bool { false }
    package static func distribution(_ content: QuestionContent) -> AnswerDistribution { .grouped }

    package static func fingerprintAnswer(_ content: QuestionContent) -> String {
        let tiles = tiles(content)
        let key = TextNormalizer.answerKey
        switch revealedAnswer(content, permutation: Array(tiles.indices), acceptedExtra: []) {
        case .options(let right):
            return right.compactMap { tiles.indices.contains($0) ? key(tiles[$0]) : nil }.sorted().joined(separator: "|")
        case .text(let accepted):
            return accepted.first.map(key) ?? ""
        case .number(let value):
            return NumberText.text(value)
        default:
            return key(correctAnswerText(content, acceptedExtra: []))
        }
    }

    package static func forEachPick(_ value: AnswerValue, _ body: (Int) -> Void) {}

    package static func revealCounts(_ content: QuestionContent, entry: AskedQuestion, isRanked: (PlayerID) -> Bool) -> (options: [Int], trueFalse: [Int]) {
        (optionCounts(entry, isRanked: isRanked, picks: forEachPick), [])
    }

    /// An answer of another shape than this kind's: refused with an error, never passed on or read as a default.
    package static func wrongShape(_ value: AnswerValue) -> GameError {
        .invalidAnswer("this is a \(name) question, not \(value.shape.name)")
    }

    /// A pack index's displayed position.
    static func shown(_ index: Int, _ permutation: [Int]) -> Int { permutation.firstIndex(of: index) ?? index }

    /// A tile's text by pack index, or "option N" for one the question lacks.
    static func tile(_ index: Int, _ tiles: [String]) -> String { tiles.indices.contains(index) ? tiles[index] : "option \(index)" }

    /// Counts per displayed option of the ranked players' picks; `picks` calls its sink with each pack index an answer picks.
    static func optionCounts(_ entry: AskedQuestion, isRanked: (PlayerID) -> Bool, picks: (AnswerValue, (Int) -> Void) -> Void) -> [Int] {
        var counts = Array(repeating: 0, count: entry.permutation.count)
        let displayed = Dictionary(uniqueKeysWithValues: entry.permutation.enumerated().map { ($1, $0) })
        for (id, answer) in entry.answers where isRanked(id) {
            picks(answer.value) { index in if let position = displayed[index] { counts[position] += 1 } }
        }
        return counts
    }
}
