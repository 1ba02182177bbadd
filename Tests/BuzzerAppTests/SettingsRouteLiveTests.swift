@testable import BuzzerApp
import BuzzerGame
import BuzzerTestSupport
import Foundation
import Testing

/// `GET /api/settings` is where the host console takes the room defaults it shows and the phone
/// its name limits (docs/http.md): the pages keep no copy of their own, so the route must give
/// config.json's `game.roomDefaults` whole, as a `create` without settings would get them.
@Suite(.serialized) struct SettingsRouteLiveTests {
    @Test func servesTheConfiguredRoomDefaultsWithEveryField() throws {
        let server = try LiveGameServer {
            $0.game.roomDefaults.timeLimitSeconds = 45
            $0.game.roomDefaults.readingTimeMs = 1500
            $0.game.roomDefaults.podiumSize = 5
            $0.game.roomDefaults.shuffleOptions = true
            $0.game.roomDefaults.teams = ["Owls", "Larks"]
            $0.game.roomDefaults.nicknameMaxLength = 16
        }
        defer { server.stop() }
        let answer = try TestWebSocketClient.httpGet(port: server.port, path: "/api/settings")
        #expect(answer.status == 200)
        let object = try #require(JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["roomDefaults"])
        let fields = try #require(object["roomDefaults"] as? [String: Any])
        #expect(Set(fields.keys) == RoomSettings.fieldNames, "every setting, so the console shows what the server applies")

        struct Body: Decodable { let roomDefaults: RoomSettings }
        let defaults = try JSONDecoder().decode(Body.self, from: Data(answer.body.utf8)).roomDefaults
        var expected = RoomSettings()
        expected.timeLimitSeconds = 45
        expected.readingTimeMs = 1500
        expected.podiumSize = 5
        expected.shuffleOptions = true
        expected.teams = ["Owls", "Larks"]
        expected.nicknameMaxLength = 16
        #expect(defaults == expected)
    }

    @Test func servesTheBuiltInDefaultsWithoutAConfigSection() throws {
        let server = try LiveGameServer()
        defer { server.stop() }
        let answer = try TestWebSocketClient.httpGet(port: server.port, path: "/api/settings")
        struct Body: Decodable { let roomDefaults: RoomSettings }
        #expect(try JSONDecoder().decode(Body.self, from: Data(answer.body.utf8)).roomDefaults == server.config.game.roomDefaults)
    }
}
