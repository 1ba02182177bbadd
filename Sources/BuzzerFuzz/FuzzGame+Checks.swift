import BuzzerApp
import Foundation
import BuzzerGame

/// The invariants checked after each step (refusals are checked where they happen, in `run`).
extension FuzzGame {
    /// Every delivery encodes (the wire bytes and the hand-written JSON byte for byte what `JSONEncoder` writes), and
    /// none to a player or display gives an answer away before its question's reveal.
    mutating func check(_ deliveries: [Delivery], report: inout ProtocolFuzzer.Report) throws(Failure) {
        for delivery in deliveries {
            report.deliveries += 1
            let json: String
            do {
                json = try ServerMessageEncoder.encoded(delivery.message)
            } catch {
                throw failure("every message encodes", "\(delivery.message.wireName) to \(delivery.audience) fell back to `internal`: \(error)")
            }
            let reference = (try? ServerMessageEncoder.referenceJSON(delivery.message)) ?? ""
            if json != reference {
                throw failure("the wire bytes are what JSONEncoder writes", "\(delivery.message.wireName): \(json) vs \(reference)")
            }
            if let personal = ServerMessageEncoder.personalJSON(delivery.message), personal != Array(json.utf8) {
                throw failure("PersonalMessageJSON writes what JSONEncoder writes", "\(String(decoding: personal, as: UTF8.self)) vs \(json)")
            }
            if delivery.audience != .host { try checkNoLeak(delivery, json: json) }
            try checkOrderShuffled(delivery)
        }
    }

    /// An order question's items are never shown in the right order (that would be the answer); so for any kind that says so.
    private func checkOrderShuffled(_ delivery: Delivery) throws(Failure) {
        let view = delivery.message.body(as: QuestionPayload.self)?.question ?? delivery.message.body(as: StatePayload.self)?.question
        guard let view, view.kind.module.tilesInPackOrderAreTheAnswer, view.options.count > 1, let room, room.asked.indices.contains(view.sequence),
              view.options == room.question(room.asked[view.sequence]).content.options else { return }
        throw failure("no answer before its reveal", "\(delivery.message.wireName) to \(delivery.audience) shows question \(view.sequence)'s items in the right order")
    }

    /// `AnswerLeak`'s predicate, where it applies: the reveal and what follows it (results,
    /// leaderboards, whose rows count right answers as `correct`) may name answers, of revealed
    /// questions only. Explanations and reveal media of questions never revealed are also looked
    /// for by value, in every message.
    private func checkNoLeak(_ delivery: Delivery, json: String) throws(Failure) {
        guard let room else { return }
        let to = "\(delivery.message.wireName) to \(delivery.audience)"
        if json.contains(Self.explanationMarker) || json.contains("/media/\(Self.revealMediaPrefix)") {
            let revealed = Self.revealedOrdinals(in: room)
            if let secret = Self.markers(in: json).first(where: { !revealed.contains($0) }) {
                throw failure("no answer before its reveal", "\(to) carries the explanation or reveal media of pack question \(secret)")
            }
        }
        func revealed(_ sequence: Int) -> Bool { room.asked.indices.contains(sequence) && room.asked[sequence].isRevealed }
        func keys() throws(Failure) {
            let found: String?
            do { found = try AnswerLeak.firstKey(inJSON: json) } catch { throw failure("every message encodes", "\(to) is not JSON: \(error)") }
            if let found { throw failure("no answer before its reveal", "\(to) names \"\(found)\": \(Self.short(json))") }
        }
        let message = delivery.message
        if let payload = message.body(as: RevealPayload.self) {
            if !revealed(payload.reveal.sequence) { throw failure("no answer before its reveal", "\(to) of question \(payload.reveal.sequence), not revealed") }
        } else if let payload = message.body(as: ResultPayload.self) {
            if !revealed(payload.result.sequence) { throw failure("no answer before its reveal", "\(to) of question \(payload.result.sequence), not revealed") }
            try keys()
        } else if let state = message.body(as: StatePayload.self) {
            if let reveal = state.reveal, !revealed(reveal.sequence) {
                throw failure("no answer before its reveal", "\(to) has the reveal of question \(reveal.sequence), not revealed")
            }
            if state.correct != nil || state.typedAnswers != nil || state.tiebreakAnswer != nil {
                throw failure("no answer before its reveal", "\(to) has the host's fields: \(Self.short(json))")
            }
            switch state.phase {
            case .lobby, .reading, .open, .closed, .onBreak: try keys()
            case .revealed, .leaderboard, .tiebreak, .ended: break
            }
        } else if !Self.mayNameAnswers.contains(message.wireName) {
            try keys()
        }
    }

    /// The messages that come after a reveal and may name its answers (right answers count as `correct`).
    private static let mayNameAnswers: Set<String> = [LeaderboardPayload.wireName, StandingPayload.wireName, EndedPayload.wireName, TiebreakResult.wireName]

    /// The pack ordinals (`explanation(_:)`, `media(_:_:_:)`) of questions whose answer has been on screen.
    private static func revealedOrdinals(in room: Room) -> Set<Int> {
        var ordinals: Set<Int> = []
        for entry in room.asked where entry.wasRevealed || entry.isRevealed {
            let question = room.question(entry)
            ordinals.formUnion(markers(in: [question.explanation ?? "", question.revealMedia?.image ?? "", question.revealMedia?.audio ?? ""].joined(separator: " ")))
        }
        return ordinals
    }

    /// Every ordinal marked in `text`.
    private static func markers(in text: String) -> [Int] {
        var found: [Int] = []
        for (marker, width) in [(explanationMarker, 0), ("/media/\(revealMediaPrefix)", 64 - revealMediaPrefix.count)] {
            var rest = Substring(text)
            while let range = rest.range(of: marker) {
                rest = rest[range.upperBound...]
                let digits = rest.prefix(while: \.isASCII).prefix(while: \.isNumber)
                let number = width == 0 ? digits : digits.prefix(width)
                if let ordinal = Int(number) { found.append(ordinal) }
            }
        }
        return found
    }

    // MARK: - Replay

    /// The log alone rebuilds the room: `Room.replay(log) == room`.
    mutating func checkReplay(report: inout ProtocolFuzzer.Report) throws(Failure) {
        guard let room else { return }
        report.replays += 1
        let replayed: Room
        do {
            replayed = try Room.replay(log)
        } catch {
            throw failure("Room.replay(events) == room", "the log does not replay: \(error)")
        }
        if replayed != room { throw failure("Room.replay(events) == room", "they differ in \(Self.difference(replayed, room))") }
    }

    /// Which of a room's fields differ, for a failure's detail.
    static func difference(_ a: Room, _ b: Room) -> String {
        var fields: [String] = []
        func compare<T: Equatable>(_ name: String, _ path: KeyPath<Room, T>) {
            if a[keyPath: path] != b[keyPath: path] { fields.append("\(name) (\(short(a[keyPath: path], limit: 300)) vs \(short(b[keyPath: path], limit: 300)))") }
        }
        compare("phase", \.phase)
        compare("phaseSince", \.phaseSince)
        compare("endReason", \.endReason)
        compare("locked", \.locked)
        compare("hostConnected", \.hostConnected)
        compare("hostAwaySince", \.hostAwaySince)
        compare("displayCount", \.displayCount)
        compare("seated players", \.players)
        compare("teams", \.teams)
        compare("asked", \.asked)
        compare("adjustments", \.adjustments)
        compare("tiebreaks", \.tiebreaks)
        compare("bannedNameKeys", \.bannedNameKeys)
        compare("bannedDeviceIDs", \.bannedDeviceIDs)
        compare("connectedCount", \.connectedCount)
        compare("activeCount", \.activeCount)
        return fields.isEmpty ? "derived indexes only" : fields.joined(separator: "; ")
    }
}
