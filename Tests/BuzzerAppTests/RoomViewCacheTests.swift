import BuzzerBench
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// `RoomViewCache` keeps the parts of `state` every member shares across presence changes and
/// forgets them on anything else: a `state` built from it must always be the one built afresh.
struct RoomViewCacheTests {
    /// Runs `game` through a night (joins, answers, a drop and a resume in each phase, a score
    /// correction, a kick, the leaderboard, the end), feeding every command's events to one cache as
    /// `LiveRoom` does, and compares every member's state from it with a fresh one after each step.
    @Test func everyStateFromTheSharedCacheIsTheStateBuiltAfresh() throws {
        var game = try PublisherHarness()
        game.displays = 1
        let cache = RoomViewCache()
        var steps = 0
        func step(_ label: String) throws {
            cache.roomChanged(by: game.lastEvents)
            steps += 1
            // Twice: the second ask of a provisional rank takes the sorted path.
            for _ in 0..<2 {
                for role in [ClientState.Role.host, .display] + game.room.players.keys.map({ ClientState.Role.player($0) }) {
                    let shared = PublisherHarness.json(.state(RoomPublisher.state(of: game.room, for: role, now: game.now, shared: cache)))
                    let fresh = PublisherHarness.json(.state(RoomPublisher.state(of: game.room, for: role, now: game.now)))
                    #expect(shared == fresh, "\(label): \(role.name)'s state from the cache differs")
                }
            }
        }
        func dropAndResume(_ name: String, _ id: PlayerID, _ label: String) throws {
            try game.run(.playerDisconnected(id))
            try step("\(label), \(name) dropped")
            // The app rotates the token on every resume but after the end (`RoomAdmission`).
            let ended = game.room.phase == .ended
            try game.run(.resume(tokenHash: "token-\(name)", newTokenHash: ended ? nil : "token-\(name)-2"))
            try step("\(label), \(name) back")
            if !ended { try game.run(.resume(tokenHash: "token-\(name)-2", newTokenHash: "token-\(name)")) }
        }

        let names = ["Ada", "Bob", "Chidi", "Dörte", "Eleanor", "Fumiko"]
        var ids: [PlayerID] = []
        for (index, name) in names.enumerated() {
            ids.append(try game.join(name, team: index < 4 ? (index % 2 == 0 ? "Owls" : "Foxes") : nil))
            try step("lobby, \(name) joined")
        }
        try dropAndResume("Bob", ids[1], "lobby")
        try game.run(.start)
        try step("first question shown")
        try game.openAnswers()
        try step("answers open")
        // Ada, Chidi and Eleanor right (a three-way tie), Bob wrong, Dörte and Fumiko silent.
        for (id, option) in [(ids[0], 1), (ids[1], 0), (ids[2], 1), (ids[4], 1)] {
            try game.answer(id, .option(option))
            try step("answered")
        }
        try dropAndResume("Dörte", ids[3], "question open")
        try game.run(.close)
        try step("answers closed")
        try game.run(.reveal)
        try step("revealed")
        try dropAndResume("Chidi", ids[2], "revealed")
        try game.run(.adjustScore(.player(ids[4]), delta: 50, reason: "the quizmaster's bonus"))
        try step("Eleanor's score corrected")
        try game.run(.kick(ids[5], ban: false))
        try step("Fumiko removed")
        try game.run(.next)
        try step("second question shown")
        try game.openAnswers()
        try step("second question open")
        try dropAndResume("Ada", ids[0], "second question open")
        try game.answer(ids[1], .options([0, 2]))
        try step("Bob answered the second")
        try game.run(.close)
        try game.run(.reveal)
        try step("second revealed")
        while game.room.phase != .ended {
            try game.run(game.room.isOnLastQuestion && game.room.phase != .open && game.room.phase != .reading ? .end : .next)
            try step("phase \(game.room.phase)")
            if game.room.phase == .leaderboard { try dropAndResume("Eleanor", ids[4], "leaderboard") }
            if game.room.phase == .open || game.room.phase == .reading {
                try game.run(.close)
                try game.run(.reveal)
                try step("revealed again")
            }
        }
        try dropAndResume("Bob", ids[1], "ended")
        #expect(steps > 40)
    }

    @Test func presenceKeepsTheSharedPartsAndEverythingElseClearsThem() throws {
        var game = try PublisherHarness()
        let ada = try game.join("Ada")
        try game.run(.playerDisconnected(ada))
        #expect(game.lastEvents.allSatisfy(RoomViewCache.isPresence))
        try game.run(.resume(tokenHash: "token-Ada", newTokenHash: "token-Ada-2"))
        #expect(game.lastEvents.allSatisfy(RoomViewCache.isPresence))
        try game.run(.start)
        #expect(!game.lastEvents.allSatisfy(RoomViewCache.isPresence))
        try game.run(.adjustScore(.player(ada), delta: 5, reason: "bonus"))
        #expect(!game.lastEvents.allSatisfy(RoomViewCache.isPresence))
    }

    @Test func theResumeBenchmarkPlaysEveryResumeInBothPhases() throws {
        let report = try ResumeBenchmark.run(players: 40)
        #expect(report.rows.map(\.phase) == ["question open", "revealed"])
        #expect(report.description.contains("40 players resume, revealed"))
    }
}
