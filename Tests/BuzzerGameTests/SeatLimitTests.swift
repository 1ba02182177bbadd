import Testing
@testable import BuzzerGame

/// Seats a guest cannot grow without end: a player who left keeps a row on the board, so the room
/// counts every seat it gave (`maxSeats`) and every team players typed (`maxTeams`).
struct SeatLimitTests {
    @Test func playersWhoLeftCountTowardTheSeatLimit() throws {
        var settings = RoomSettings()
        settings.maxPlayers = 2
        settings.maxSeats = 3
        var game = try GameHarness(settings: settings)
        for name in ["P1", "P2", "P3"] {
            let id = try game.join(name)
            try game.send(.leave(id))
        }
        #expect(game.room.activeCount == 0)
        game.expectRefused(.join(JoinRequest(nickname: "P4", resumeTokenHash: "t4")), code: "room_full")
        do {
            _ = try game.room.handle(.join(JoinRequest(nickname: "P4", resumeTokenHash: "t4")), at: game.now)
        } catch {
            #expect(error == .noSeatsLeft(max: 3))
            #expect(error.description.contains("3 seats"))
        }
    }

    @Test func theSeatLimitIsNeverBelowMaxPlayers() throws {
        var settings = RoomSettings()
        settings.maxPlayers = 3
        settings.maxSeats = 1
        var game = try GameHarness(settings: settings)
        _ = try game.join("Ann")
        _ = try game.join("Bob")
        _ = try game.join("Cid")
        #expect(game.room.players.count == 3)
    }

    /// A real player who drops and comes back, by token or by rejoining from the same phone, takes
    /// the seat they had: with every seat given, both still work.
    @Test func aResumeOrARejoinTakesNoNewSeat() throws {
        var settings = RoomSettings()
        settings.maxPlayers = 2
        settings.maxSeats = 2
        var game = try GameHarness(settings: settings)
        let ann = try game.join("Ann", device: "phone-1")
        let bob = try game.join("Bob", device: "phone-2")
        try game.send(.playerDisconnected(ann))
        #expect(try game.send(.resume(tokenHash: "token-Ann", newTokenHash: nil)).map(\.type) == ["player_reconnected"])
        try game.send(.leave(bob))
        #expect(try game.send(.join(JoinRequest(nickname: "Bob", deviceID: "phone-2", resumeTokenHash: "back"))).map(\.type) == ["player_reconnected"])
        #expect(game.room.players.count == 2)
        game.expectRefused(.join(JoinRequest(nickname: "Cid", deviceID: "phone-3", resumeTokenHash: "c")), code: "room_full")
        #expect(try Room.replay(game.log) == game.room)
    }

    @Test func playersCreateAtMostMaxTeamsTeams() throws {
        var settings = RoomSettings()
        settings.maxTeams = 2
        var game = try GameHarness(settings: settings)
        _ = try game.join("Ann", team: "Owls")
        _ = try game.join("Bob", team: "Foxes")
        game.expectRefused(.join(JoinRequest(nickname: "Cid", team: "Bears", resumeTokenHash: "c")), code: "room_full")
        do {
            _ = try game.room.handle(.join(JoinRequest(nickname: "Cid", team: "Bears", resumeTokenHash: "c")), at: game.now)
        } catch {
            #expect(error == .tooManyTeams(max: 2))
        }
        // An existing team, or none, still works.
        _ = try game.join("Cid", team: "owls")
        _ = try game.join("Dee")
        #expect(game.room.teams.count == 2)
    }

    @Test func seatAndTeamLimitsHaveDocumentedRanges() {
        var settings = RoomSettings()
        #expect(settings.problem() == nil)
        settings.maxSeats = 0
        #expect(settings.problem()?.contains("maxSeats") == true)
        settings.maxSeats = 200_001
        #expect(settings.problem()?.contains("maxSeats") == true)
        settings.maxSeats = 4000
        settings.maxTeams = 0
        #expect(settings.problem()?.contains("maxTeams") == true)
    }
}
