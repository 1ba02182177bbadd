/// `mark_buzz`: the host marks the answer of the buzz question's floor holder right or wrong.
package struct MarkBuzzCommand: ClientCommand {
    package static let wireName = "mark_buzz"
    package static let title = "mark the answer"
    package static let waitsForTheRound = true
    package static let fields: [ClientFieldSpec] = [.required(.right, .bool)]

    package var right: Bool

    package init(right: Bool) { self.right = right }

    package init(reading fields: some ClientFieldSource) throws(ClientFieldError) {
        guard let right = try fields.optionalBool(.right) else { throw ClientFieldError("\(Self.wireName) needs \"right\": true or false") }
        self.right = right
    }

    package var fieldValues: [(ClientField, ClientFieldValue)] { [(.right, .bool(right))] }

    package func decide(in room: Room, at now: GameInstant) throws(GameError) -> [RoomEvent] { try room.decideMarkBuzz(right: right, at: now) }

    package static func fuzzed(in room: Room, by fuzz: inout some CommandFuzzer) -> MarkBuzzCommand { MarkBuzzCommand(right: fuzz.chance(0.4)) }

    package static func fuzzWeight(in room: Room, by fuzz: some CommandFuzzer) -> Int {
        room.phase == .open || room.phase == .closed ? (fuzz.isBuzz(room) ? 10 : 1) : 0
    }
}

extension RoomCommand {
    package static func markBuzz(right: Bool) -> RoomCommand { .host(MarkBuzzCommand(right: right)) }
}
