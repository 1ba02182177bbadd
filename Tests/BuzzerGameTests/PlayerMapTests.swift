import Testing
@testable import BuzzerGame

@Suite struct PlayerMapTests {
    @Test func storesByIdAndIteratesInIdOrderSkippingGaps() {
        var map = PlayerMap<String>()
        map[PlayerID(3)] = "cid"
        map[PlayerID(1)] = "ann"
        #expect(map.count == 2)
        #expect(map[PlayerID(2)] == nil)
        #expect(map[PlayerID(99)] == nil)
        #expect(map.map(\.key) == [PlayerID(1), PlayerID(3)])
        #expect(Array(map.values) == ["ann", "cid"])
        #expect(Array(map.keys) == [PlayerID(1), PlayerID(3)])
    }

    @Test func countFollowsInsertsOverwritesAndRemovals() {
        var map: PlayerMap<Int> = [PlayerID(1): 10, PlayerID(2): 20]
        map[PlayerID(2)] = 21
        #expect(map.count == 2)
        map[PlayerID(1)] = nil
        #expect(map.count == 1 && map[PlayerID(1)] == nil)
        map[PlayerID(5), default: 0] += 7
        #expect(map.count == 2 && map[PlayerID(5)] == 7)
        map[PlayerID(7)] = nil
        #expect(map.count == 2)
    }

    @Test func equalityIgnoresEmptySlots() {
        var a: PlayerMap<Int> = [PlayerID(1): 1]
        let b: PlayerMap<Int> = [PlayerID(1): 1]
        a[PlayerID(9)] = 9
        #expect(a != b)
        a[PlayerID(9)] = nil
        #expect(a == b)
    }

    @Test func updateEachChangesEveryValueInPlace() {
        var map: PlayerMap<Int> = [PlayerID(2): 1, PlayerID(4): 2]
        map.updateEach { id, value in value += id.rawValue }
        #expect(map[PlayerID(2)] == 3 && map[PlayerID(4)] == 6 && map.count == 2)
    }

    @Test func aJoinWhoseIdIsNotTheNextOneIsIgnoredByReplay() throws {
        // Ids are handed out 1, 2, 3…; a log that skips ahead would make the table grow to any size.
        let game = try GameHarness()
        var room = game.room
        room.apply(.playerJoined(PlayerJoined(at: game.now, player: PlayerID(1_000_000_000), nickname: "Far", team: nil, deviceID: nil, resumeTokenHash: "x", firstQuestion: 0)))
        #expect(room.players[PlayerID(1_000_000_000)] == nil)
        #expect(room.players.count == game.room.players.count)
    }
}
