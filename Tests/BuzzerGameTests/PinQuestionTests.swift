import Foundation
import Testing
@testable import BuzzerGame
import BuzzerFormats
import BuzzerGameJSON

/// Pin questions: a pin on the question's picture, right inside a circle or an area, or closest wins.
@Suite struct PinQuestionTests {
    static let picture = "/media/" + String(repeating: "ab", count: 32) + ".jpg"
    /// Paris on a map of France: a point with a radius of 0.05 of the picture's longer side.
    static let paris = PinQuestion(target: .point(PinPoint(x: 4_100, y: 3_000), radius: 500))

    private func errors(_ json: String) -> [String] {
        do {
            _ = try QuestionPack.decode(json: Array(json.utf8))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    private func pinPack(_ question: PinQuestion = Self.paris) -> QuestionPack {
        var pack = GameHarness.singleQuestionPack(.pin(question))
        pack.rounds[0].questions[0].media = QuestionMedia(image: Self.picture, alt: "A map of France")
        return pack
    }

    private func read(_ json: String, _ bounds: AnswerValue.JSONBounds = .client) -> Result<AnswerValue, JSONFieldError> {
        do { return .success(try AnswerValue(json: try! JSONParser.parse(Array(json.utf8)), bounds: bounds)) } catch { return .failure(error) }
    }

    // MARK: - The pack format

    /// The export's and the fuzzer's words for a pin never trap, whatever the number (it trapped on a negative one).
    @Test func aPinsNumbersPrintForAnyValue() {
        #expect(PinKind.decimal(0.4) == "0.40")
        #expect(PinKind.decimal(0.4123) == "0.4123")
        #expect(PinKind.decimal(-0.0123) == "-0.0123")
        #expect(PinKind.decimal(-1.5) == "-1.50")
        #expect(PinKind.decimal(1e300) == "1e+300")
        #expect(PinKind.decimal(.nan) == "nan")
        #expect(PinKind.text(PinPoint(x: -5_000, y: Int.max / 4)).hasPrefix("(-0.50, "))
    }

    @Test func decodesPointsAreasAndScoringAndRoundTrips() throws {
        let json = """
        {"title":"Maps","questions":[
          {"kind":"pin","category":"Geo","text":"Where is Paris?","target":{"x":0.41,"y":0.3},"radius":0.05,"media":{"image":"\(Self.picture)"}},
          {"kind":"pin","category":"Art","text":"Where is the pearl?","area":{"x":0.1,"y":0.2,"w":0.3,"h":0.15},"aspect":0.8,"media":{"image":"\(Self.picture)"}},
          {"kind":"pin","category":"Geo","text":"Where is Lyon?","target":{"x":0.61234,"y":0.6},"scoring":"closest","aspect":1.5,"media":{"image":"\(Self.picture)"}}
        ]}
        """
        let pack = try QuestionPack.decode(json: Array(json.utf8))
        let questions = pack.rounds[0].questions
        #expect(questions[0].content == .pin(Self.paris))
        #expect(questions[1].content == .pin(PinQuestion(target: .area(PinPoint(x: 1_000, y: 2_000), width: 3_000, height: 1_500), aspect: 0.8)))
        // Kept to 1/10,000 of the picture from where it enters.
        #expect(questions[2].content == .pin(PinQuestion(target: .point(PinPoint(x: 6_123, y: 6_000), radius: nil), scoring: .closest, aspect: 1.5)))
        #expect(try JSONDecoder().decode(QuestionPack.self, from: JSONEncoder().encode(pack)) == pack)
        #expect(try QuestionPack.decode(json: Array(pack.prettyJSON().utf8)) == pack)
        #expect(pack.prettyJSON().contains(#""x": 0.6123,"#))
    }

    @Test func reportsPinMistakesWithPaths() {
        let image = #""media":{"image":"\#(Self.picture)"}"#
        let found = errors("""
        {"title":"T","questions":[
          {"kind":"pin","category":"C","text":"Q","target":{"x":1.2,"y":0.5},"radius":0,\(image)},
          {"kind":"pin","category":"C","text":"Q","target":{"x":0.5,"y":0.5}},
          {"kind":"pin","category":"C","text":"Q","area":{"x":0.8,"y":0.1,"w":0.3,"h":0.1},"radius":0.1,\(image)},
          {"kind":"pin","category":"C","text":"Q","target":{"x":0.5,"y":0.5},"area":{"x":0,"y":0,"w":1,"h":1},\(image)},
          {"kind":"pin","category":"C","text":"Q","answer":1,"scoring":"nearest","aspect":20,"target":{"x":0.5,"y":"top","z":1},"radius":0.1,\(image)},
          {"kind":"choice","category":"C","text":"Q","options":["A","B"],"answer":0,"radius":0.1}
        ]}
        """)
        #expect(found == [
            "questions[0].target.x: expected a number from 0 to 1 (a fraction of the picture)",
            "questions[0].radius: expected a number more than 0 and at most 1 (of the picture's longer side), found 0",
            #"questions[1]: a pin question needs a picture to pin: "media": {"image": "/media/….png"}"#,
            #"questions[1].radius: is missing: a pin within it is right (or give "scoring": "closest")"#,
            "questions[2].radius: an area has no radius: a pin inside the area is right",
            "questions[2].area: must lie inside the picture: x, y, w and h from 0 to 1, w and h more than 0, x + w and y + h at most 1",
            #"questions[3]: give either "target" or "area", not both"#,
            #"questions[4].answer: pin questions have no answer: give "target" and "radius", or "area""#,
            #"questions[4].scoring: expected "radius" or "closest", found "nearest""#,
            "questions[4].target.z: unknown field",
            "questions[4].target.y: expected a number from 0 to 1 (a fraction of the picture)",
            "questions[5].radius: choice questions take no radius",
        ])
        // A pack built in code gets the same checks, its picture's too.
        var pack = pinPack(PinQuestion(target: .area(PinPoint(x: 9_000, y: 0), width: Int.max, height: 10), aspect: .infinity))
        pack.rounds[0].questions[0].media = QuestionMedia(audio: "/media/" + String(repeating: "cd", count: 32) + ".mp3")
        #expect(pack.validate().map(\.description) == [
            "rounds[0].questions[0].aspect: must be a number from 0.1 to 10 (the picture's width over its height)",
            "rounds[0].questions[0].area: must lie inside the picture: x, y, w and h from 0 to 1, w and h more than 0, x + w and y + h at most 1",
            #"rounds[0].questions[0]: a pin question needs a picture to pin: "media": {"image": "/media/….png"}"#,
        ])
        #expect(throws: GameError.self) { try Room.create(code: "PIN", pack: GameHarness.singleQuestionPack(.pin(Self.paris)), settings: RoomSettings(), seed: 1, hostTokenHash: "h", at: 0) }
    }

    // MARK: - Distances

    /// Distances are fractions of the picture's longer side, so a circle stays round on a wide picture.
    @Test func distancesFollowThePicturesShapeInIntegerMath() {
        let wide = PinQuestion(target: .point(PinPoint(x: 5_000, y: 5_000), radius: 1_300), aspect: 2)
        #expect(wide.sides == (10_000, 5_000))
        // A quarter of the height down is an eighth of the width away.
        #expect(wide.distance(PinPoint(x: 5_000, y: 7_500)) == 0.125)
        #expect(wide.distance(PinPoint(x: 7_500, y: 5_000)) == 0.25)
        #expect(wide.isInside(PinPoint(x: 5_000, y: 7_500)))
        #expect(!wide.isInside(PinPoint(x: 7_500, y: 5_000)))
        let tall = PinQuestion(target: .point(PinPoint(x: 5_000, y: 5_000), radius: 1_300), aspect: 0.5)
        #expect(tall.distance(PinPoint(x: 7_500, y: 5_000)) == 0.125)
        // On the circle's edge counts as inside; an area's distance is to its nearest edge.
        #expect(Self.paris.isInside(PinPoint(x: 4_600, y: 3_000)))
        #expect(!Self.paris.isInside(PinPoint(x: 4_601, y: 3_000)))
        let box = PinQuestion(target: .area(PinPoint(x: 1_000, y: 1_000), width: 2_000, height: 1_000))
        #expect(box.distanceSquared(PinPoint(x: 2_000, y: 1_500)) == 0)
        #expect(box.distance(PinPoint(x: 3_000, y: 2_400)) == 0.04)
        #expect(box.isInside(PinPoint(x: 3_000, y: 2_000)))
        // The farthest corners of a square picture: √2, as an exact integer square.
        #expect(Self.paris.distanceSquared(PinPoint(x: 4_100, y: 3_000)) == 0)
        #expect(PinQuestion(target: .point(PinPoint(x: 0, y: 0), radius: 1)).distanceSquared(PinPoint(x: 10_000, y: 10_000)) == 2 * 100_000_000 * 100_000_000)
    }

    // MARK: - Answers

    @Test func checksPinsWhereTheyEnter() throws {
        #expect(try read(#"{"kind":"pin","pin":{"x":0.41,"y":0.3}}"#).get() == .point(PinPoint(x: 4_100, y: 3_000)))
        #expect(try read(#"{"kind":"pin","pin":{"x":0,"y":1}}"#).get() == .point(PinPoint(x: 0, y: 10_000)))
        #expect(try read(#"{"kind":"pin","pin":{"x":0.123456,"y":0.00004}}"#).get() == .point(PinPoint(x: 1_235, y: 0)))
        #expect(read(#"{"kind":"pin","pin":{"x":1.01,"y":0.5}}"#) == .failure(JSONFieldError(#""answer.pin.x" must be 0 to 1 (a fraction of the picture's width)"#)))
        #expect(read(#"{"kind":"pin","pin":{"x":0.5,"y":-0.1}}"#) == .failure(JSONFieldError(#""answer.pin.y" must be 0 to 1 (a fraction of the picture's height)"#)))
        #expect(read(#"{"kind":"pin","pin":{"x":"left","y":0.5}}"#) == .failure(JSONFieldError(#""answer.pin.x" must be a number"#)))
        #expect(read(#"{"kind":"pin","pin":{"x":1e300,"y":0.5}}"#) == .failure(JSONFieldError(#""answer.pin.x" must be a number between -10^15 and 10^15"#)))
        #expect(read(#"{"kind":"pin","pin":[0.5,0.5]}"#) == .failure(JSONFieldError(#""answer.pin" must be an object {"x": 0 to 1, "y": 0 to 1}"#)))
        #expect(read(#"{"kind":"pin"}"#) == .failure(JSONFieldError(#""answer.pin" must be an object {"x": 0 to 1, "y": 0 to 1}"#)))
        // The log is held to the same range: a pin off the picture is refused, never converted.
        #expect(read(#"{"kind":"pin","pin":{"x":2,"y":0.5}}"#, .log) == .failure(JSONFieldError(#""answer.pin.x" must be 0 to 1 (a fraction of the picture's width)"#)))
        // The answer's bytes, and replay's fast path over them.
        var bytes: [UInt8] = []
        AnswerValue.point(PinPoint(x: 4_100, y: 3_000)).appendJSON(to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"kind":"pin","pin":{"x":0.41,"y":0.3}}"#)
        let fast = bytes.withUnsafeBytes { raw -> AnswerValue? in
            var cursor = JSONByteCursor(raw)
            return AnswerValue(exactLayout: &cursor)
        }
        #expect(fast == .point(PinPoint(x: 4_100, y: 3_000)))
    }

    @Test func theRoomRefusesAPinOffThePictureOrOfAnotherKind() throws {
        var game = try GameHarness(pack: pinPack())
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        let sequence = game.room.currentQuestion!.sequence
        for bad in [AnswerValue.point(PinPoint(x: 10_001, y: 0)), .point(PinPoint(x: 0, y: -1)), .point(PinPoint(x: .min, y: .max)), .number(0.4)] {
            game.expectRefused(.answer(ann, AnswerSubmission(question: sequence, value: bad, writtenAt: 0, rttMs: 0)), code: "invalid_answer")
        }
        try game.answer(ann, .point(PinPoint(x: 4_000, y: 3_100)), afterOpenMs: 100)
        #expect(game.room.lockedAnswer(of: ann, sequence: sequence) == .point(PinPoint(x: 4_000, y: 3_100)))
    }

    @Test func aLoggedPinOffThePictureIsNotReplayed() throws {
        var game = try GameHarness(pack: pinPack())
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .point(PinPoint(x: 4_100, y: 3_000)), afterOpenMs: 500)
        var log = game.log
        guard let index = log.lastIndex(where: { if case .answerRecorded = $0 { true } else { false } }),
              case .answerRecorded(var recorded) = log[index] else { Issue.record("no answer"); return }
        recorded.answer = .point(PinPoint(x: 12_000, y: 0))
        log[index] = .answerRecorded(recorded)
        do {
            _ = try Room.replay(log)
            Issue.record("replayed a pin off the picture")
        } catch {
            #expect(error.description.contains("its pin (12000, 0) is off the picture"))
        }
    }

    // MARK: - Scoring and the reveal

    /// Ann on Paris, Bob 0.04 away (inside the 0.05 circle, later), Cid in Lyon; all within full-points time but Bob.
    private func play(_ question: PinQuestion) throws -> (game: GameHarness, players: [PlayerID]) {
        var game = try GameHarness(pack: pinPack(question))
        let players = [try game.join("Ann"), try game.join("Bob"), try game.join("Cid")]
        try game.send(.start)
        game.openAnswers()
        try game.answer(players[0], .point(PinPoint(x: 4_100, y: 3_000)), afterOpenMs: 100)
        try game.answer(players[1], .point(PinPoint(x: 4_500, y: 3_000)), afterOpenMs: 6_000)
        try game.answer(players[2], .point(PinPoint(x: 6_100, y: 6_000)), afterOpenMs: 200)
        try game.send(.reveal)
        return (game, players)
    }

    @Test func insideTheRadiusIsRightWithSpeedScoring() throws {
        let (game, players) = try play(Self.paris)
        let scores = players.map(game.score)
        #expect(scores[0] == 1000)
        #expect(scores[1] > 0 && scores[1] < 1000, "right, but slower: \(scores[1])")
        #expect(scores[2] == 0)
        #expect(players.map { game.room.result(for: $0, sequence: 0)?.outcome } == [.correct, .correct, .wrong])
        let reveal = game.room.revealView(sequence: 0)!
        #expect(reveal.correct == .pin(Self.paris))
        #expect(reveal.rightCount == 2)
        #expect(reveal.optionCounts == [])
        // Every pin, closest first, in fractions of the picture; the distance to 1/10,000.
        #expect(reveal.pins == [
            RevealedPin(player: players[0].rawValue, nickname: "Ann", x: 0.41, y: 0.3, distance: 0),
            RevealedPin(player: players[1].rawValue, nickname: "Bob", x: 0.45, y: 0.3, distance: 0.04),
            RevealedPin(player: players[2].rawValue, nickname: "Cid", x: 0.61, y: 0.6, distance: 0.3606),
        ])
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func theClosestPinsWinAndTiesShare() throws {
        var lyon = PinQuestion(target: .point(PinPoint(x: 6_100, y: 5_900), radius: nil), scoring: .closest)
        var (game, players) = try play(lyon)
        #expect(players.map(game.score) == [0, 0, 1000])
        // Two pins the same distance away (either side of the target) both win.
        lyon.target = .point(PinPoint(x: 4_300, y: 3_000), radius: nil)
        (game, players) = try play(lyon)
        #expect(players.map { game.room.result(for: $0, sequence: 0)?.outcome } == [.correct, .correct, .wrong])
        #expect(try Room.replay(game.log) == game.room)
    }

    /// The reveal is one message to everyone: at most 200 pins, the closest, ties by player number, ranked players only, the closest 10 named.
    @Test func theRevealCarriesTheClosest200RankedPins() throws {
        var entry = AskedQuestion(sequence: 0, round: 0, index: 0, shownAt: 0, opensAt: 0, deadline: 1, closesAt: 1, permutation: [])
        for n in 1...250 {
            // Player n is n/10,000 of the width right of the target; 2 and 3 tie on the same spot.
            let x = 4_100 + (n == 3 ? 2 : n)
            entry.answers[PlayerID(n)] = RecordedAnswer(value: .point(PinPoint(x: x, y: 3_000)), responseMs: 0, receivedAt: 0)
        }
        let pins = PinKind.revealPins(.pin(Self.paris), entry: entry, isRanked: { $0 != PlayerID(1) }, nickname: { "P\($0.rawValue)" })!
        #expect(pins.count == 200)
        #expect(pins.prefix(3).map(\.player) == [2, 3, 4])
        #expect(pins[0].nickname == "P2" && pins[0].distance == 0.0002 && pins[1].distance == 0.0002)
        #expect(pins.last?.player == 201)
        #expect(pins.prefix(10).allSatisfy { $0.nickname != nil } && pins.dropFirst(10).allSatisfy { $0.nickname == nil })
        // What that costs on the wire with 24-character names and four-digit coordinates, before compression.
        let wire = pins.map { var pin = $0; pin.nickname = pin.nickname.map { _ in String(repeating: "n", count: 24) }; pin.x = 0.4123; pin.y = 0.3001; pin.distance = 0.0123; return pin }
        let bytes = try JSONEncoder().encode(wire).count
        #expect(bytes < 12_000, "\(bytes) bytes")
        #expect(NumberKind.revealPins(.number(answer: 1), entry: entry, isRanked: { _ in true }, nickname: { _ in nil }) == nil)
    }

    @Test func otherKindsRevealNoPins() throws {
        var game = try GameHarness(pack: GameHarness.singleQuestionPack(.number(answer: 1969)))
        let ann = try game.join("Ann")
        try game.send(.start)
        game.openAnswers()
        try game.answer(ann, .number(1969), afterOpenMs: 100)
        try game.send(.reveal)
        #expect(game.room.revealView(sequence: 0)!.pins == nil)
        let encoded = try String(decoding: JSONEncoder().encode(game.room.revealView(sequence: 0)!), as: UTF8.self)
        #expect(!encoded.contains("pins"))
    }

    @Test func theRevealsTargetReadsBackFromItsJSON() throws {
        for answer in [RevealedAnswer.pin(Self.paris), .pin(PinQuestion(target: .area(PinPoint(x: 1_000, y: 2_000), width: 3_000, height: 500), scoring: .closest, aspect: 1.5))] {
            let data = try JSONEncoder().encode(answer)
            #expect(try JSONDecoder().decode(RevealedAnswer.self, from: data) == answer)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(RevealedAnswer.pin(Self.paris)), as: UTF8.self)
            == #"{"kind":"pin","pin":{"aspect":1,"radius":0.05,"scoring":"radius","target":{"x":0.41,"y":0.3}}}"#)
    }

    // MARK: - Everywhere else

    @Test func exportsSayWhereThePinWasAndHowFar() {
        // What `buzzer replay export` and the results page write (ReplayFormat asks the kind with the question).
        let module = QuestionKind.pin.module, paris = QuestionContent.pin(Self.paris)
        #expect(module.answerText(.point(PinPoint(x: 4_100, y: 3_300)), content: paris) == "(0.41, 0.33) 0.03 from target (inside)")
        #expect(module.answerText(.point(PinPoint(x: 1_000, y: 3_000)), content: paris) == "(0.10, 0.30) 0.31 from target")
        #expect(module.correctAnswerText(paris, acceptedExtra: []) == "(0.41, 0.30) radius 0.05")
        let area = QuestionContent.pin(PinQuestion(target: .area(PinPoint(x: 1_000, y: 2_000), width: 3_000, height: 1_500)))
        #expect(module.correctAnswerText(area, acceptedExtra: []) == "area (0.10, 0.20) to (0.40, 0.35)")
        // Other kinds write what they always wrote.
        #expect(QuestionKind.choice.module.answerText(.option(1), content: .choice(options: ["Lyon", "Paris"], answer: 1)) == "Paris")
    }

    @Test func aSpreadsheetRowImportsAPinQuestion() throws {
        let csv = """
        kind,category,text,options,answer,image
        pin,Geography,Where is Paris?,,0.41 0.30 0.05,\(Self.picture)
        pin,Art,Where is the pearl?,aspect=0.8,0.1;0.2;0.3;0.15,\(Self.picture)
        pin,Geography,Where is Lyon?,closest,0.61 0.6,\(Self.picture)
        """
        let pack = try QuestionPack.decode(try CSVImporter.packDocument(from: Array(csv.utf8), title: "Maps").document)
        let questions = pack.rounds[0].questions
        #expect(questions.map(\.content) == [
            .pin(Self.paris),
            .pin(PinQuestion(target: .area(PinPoint(x: 1_000, y: 2_000), width: 3_000, height: 1_500), aspect: 0.8)),
            .pin(PinQuestion(target: .point(PinPoint(x: 6_100, y: 6_000), radius: nil), scoring: .closest)),
        ])
        #expect(questions[0].media?.image == Self.picture)
        let bad = "kind,category,text,options,answer,image\npin,Geo,Where?,,Paris,\(Self.picture)\n"
        #expect(throws: CSVImporter.ImportError.self) { try CSVImporter.packDocument(from: Array(bad.utf8), title: "Maps") }
    }

    @Test func theFuzzersAnswersAreOfThisKindAndTheRightOneIsInside() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let right = PinKind.sampleAnswer(.pin(Self.paris), permutation: [], right: true, rng: &rng)
            let wrong = PinKind.sampleAnswer(.pin(Self.paris), permutation: [], right: false, rng: &rng)
            guard case .point(let r) = right, case .point(let w) = wrong else { Issue.record("not a pin"); return }
            #expect(Self.paris.isInside(r))
            #expect(!Self.paris.isInside(w))
        }
    }

    /// A target built in code (the fuzzer's wild content) may hold any Int: its centre and its answer text
    /// wrap, they never trap (a checked pack refuses such an area first).
    @Test func anAreaAtTheEndsOfIntHasACentreAndAnAnswerTextWithoutTrapping() {
        for (x, size) in [(Int.max, Int.max), (Int.min, Int.min), (0, Int.max), (PinPoint.scale, Int.max)] {
            let question = PinQuestion(target: .area(PinPoint(x: x, y: x), width: size, height: size))
            _ = question.target.centre
            let text = PinKind.correctAnswerText(.pin(question), acceptedExtra: [])
            #expect(text.hasPrefix("area ("))
        }
    }
}
