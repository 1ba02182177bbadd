import BuzzerApp
import BuzzerGame
import Foundation
import Testing

/// The limits on host activity (issue 39) are in the shipped config.json at their defaults, and a
/// value out of its documented range stops the start naming the field.
struct HostActivityConfigTests {
    @Test func theShippedConfigHoldsTheDefaultsAndOutOfRangeValuesNameTheField() throws {
        let root = LiveGameServer.packageRoot
        let shipped = try BuzzerConfig.load(path: root + "/config.json")
        #expect(shipped.game.hostLimits == HostLimits())
        #expect(shipped.rooms.hostCommandsPerMinute == RoomsConfig().hostCommandsPerMinute)
        #expect(shipped.rooms.hostCommandBurst == RoomsConfig().hostCommandBurst)
        #expect(shipped.rooms.maxReplayEvents == RoomsConfig().maxReplayEvents)
        func error(_ section: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/config.json"))
            var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            var part = try #require(object[section] as? [String: Any])
            change(&part)
            object[section] = part
            do {
                _ = try BuzzerConfig.decode(try JSONSerialization.data(withJSONObject: object))
                return "loaded"
            } catch let error as ConfigError {
                return error.description
            }
        }
        #expect(try error("rooms") { $0["hostCommandsPerMinute"] = 0 }.contains("rooms.hostCommandsPerMinute"))
        #expect(try error("rooms") { $0["hostCommandBurst"] = 10_001 }.contains("rooms.hostCommandBurst"))
        #expect(try error("rooms") { $0["maxReplayEvents"] = 999 }.contains("rooms.maxReplayEvents"))
        #expect(try error("game") { $0["hostLimits"] = ["acceptedAnswers": 0] }.contains("acceptedAnswers"))
        #expect(try error("game") { $0["hostLimits"] = ["renames": 5] } == "loaded")
    }
}
