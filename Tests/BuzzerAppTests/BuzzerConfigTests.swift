@testable import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerTransport
import Foundation
import Testing

struct BuzzerConfigTests {
    static let root = LiveGameServer.packageRoot

    @Test func theShippedConfigLoads() throws {
        let config = try BuzzerConfig.load(path: Self.root + "/config.json")
        #expect(config.server.port == 8080)
        #expect(config.rooms.libraryDirectory == Self.root + "/questions")
    }

    /// Started from any folder, the server finds the library and the log beside its config file.
    @Test func relativePathsAreTakenFromTheConfigFilesFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("buzzer-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.json").path
        let shipped = try String(contentsOfFile: Self.root + "/config.json", encoding: .utf8)
            .replacingOccurrences(of: #""directory": "archive""#, with: #""directory": "../logs""#)
        try Data(shipped.utf8).write(to: URL(fileURLWithPath: file))
        let config = try BuzzerConfig.load(path: file)
        #expect(config.rooms.libraryDirectory == folder.standardizedFileURL.path + "/questions")
        #expect(config.archive.directory == folder.deletingLastPathComponent().standardizedFileURL.path + "/logs")
        #expect(BuzzerConfig.resolve("/srv/q", besideFile: file) == "/srv/q")
    }

    @Test func aBrokenConfigFileNamesTheLineAndColumnOfTheTypo() {
        // A trailing comma on line 3, the kind of slip a hand-edited config.json gets.
        let broken = "{\n  \"server\": {\"port\": 8080},\n  \"rooms\": {\"maxRooms\": 5,},\n}"
        #expect {
            _ = try BuzzerConfig.decode(Data(broken.utf8), path: "bar.json")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("config file bar.json is not valid JSON: line 3, column ") && text.contains("}")
        }
    }

    @Test func missingSectionsTakeTheirDefaults() throws {
        let minimal = #"{"server":{"host":"0.0.0.0","port":8080,"eventLoops":0,"maxConnections":10},"websocket":{"allowedOrigins":[],"maxHeaderBytes":8192,"maxHeaderCount":64,"maxFrameSize":65536,"maxMessageSize":65536,"maxFragments":64,"compression":{"enabled":true,"minSize":256,"level":6,"maxDecompressedSize":65536,"serverMaxWindowBits":15,"clientMaxWindowBits":15,"serverNoContextTakeover":true}},"timeouts":{"handshakeSeconds":10,"idleSeconds":60,"pingIntervalSeconds":20,"closeSeconds":5,"shutdownSeconds":5},"transport":{"outboundHighWaterBytes":4194304,"readBufferBytes":65536}}"#
        let config = try BuzzerConfig.decode(Data(minimal.utf8))
        #expect(config.rooms == RoomsConfig())
        #expect(config.game.roomDefaults == RoomSettings())
        #expect(config.archive.durability == .group)
    }

    func error(_ patch: (inout [String: Any]) -> Void) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.root + "/config.json"))
        var object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        patch(&object)
        do {
            _ = try BuzzerConfig.decode(try JSONSerialization.data(withJSONObject: object))
            return "loaded"
        } catch let error as ConfigError {
            return error.description
        }
    }

    @Test func aBrokenConfigNamesTheField() throws {
        #expect(try error { $0["rooms"] = ["maxRoms": 5] }.contains("rooms.maxRoms"))
        #expect(try error { $0["rooms"] = ["maxRooms": 0] }.contains("rooms.maxRooms"))
        #expect(try error { $0["rooms"] = ["joinCodeLength": 3] }.contains("rooms.joinCodeLength"))
        #expect(try error { $0["rooms"] = ["failedJoinsPerConnection": 0] }.contains("rooms.failedJoinsPerConnection"))
        #expect(try error { $0["rooms"] = ["failedJoinDelayMilliseconds": -1] }.contains("rooms.failedJoinDelayMilliseconds"))
        #expect(try error { $0["rooms"] = ["createsPerMinute": 0] }.contains("rooms.createsPerMinute"))
        #expect(try error { $0["rooms"] = ["createBurst": 0] }.contains("rooms.createBurst"))
        #expect(try error { $0["rooms"] = ["createsPerConnection": 0] }.contains("rooms.createsPerConnection"))
        #expect(try error { $0["rooms"] = ["joinsPerMinute": 0] }.contains("rooms.joinsPerMinute"))
        #expect(try error { $0["rooms"] = ["joinBurst": 1_000_001] }.contains("rooms.joinBurst"))
        #expect(try error { $0["game"] = ["roomDefaults": ["maxSeats": 0]] }.contains("maxSeats must be 1-200000"))
        #expect(try error { $0["game"] = ["roomDefaults": ["maxTeams": 0]] }.contains("maxTeams must be 1-100000"))
        #expect(try error { $0["rooms"] = ["maxEndedRooms": -1] }.contains("rooms.maxEndedRooms"))
        #expect(try error { $0["rooms"] = ["maxInlinePackBytes": 100] }.contains("rooms.maxInlinePackBytes"))
        #expect(try error { $0["archive"] = ["minFreeBytes": -1] }.contains("archive.minFreeBytes"))
        #expect(try error { $0["archive"] = ["durability": "sometimes"] }.contains("archive.durability"))
        #expect(try error { $0["game"] = ["roomDefaults": ["timeLimitSeconds": 0]] }.contains("timeLimitSeconds"))
        #expect(try error { $0["game"] = ["roomDefaults": ["scoring": 5]] }.contains("game.roomDefaults.scoring"))
        #expect(try error { $0["game"] = ["roomDefaults": ["hostAwayGraceMs": 9_223_372_036_854_774_784]] }.contains("hostAwayGraceMs must be 0-86400000"))
        #expect(try error { $0["game"] = ["packLimits": ["maxOptions": 100]] }.contains("game.packLimits"))
        #expect(try error { $0["game"] = ["packLimits": ["maxTimeLimitSeconds": 999_999]] }.contains("maxTimeLimitSeconds must be"))
        // Each timeout has an upper bound: 1e300 seconds would trap when made nanoseconds.
        for field in ["handshakeSeconds", "idleSeconds", "pingIntervalSeconds", "closeSeconds", "shutdownSeconds"] {
            func timeout(_ value: Double) -> (inout [String: Any]) -> Void {
                { config in
                    var timeouts = config["timeouts"] as? [String: Any] ?? [:]
                    timeouts[field] = value
                    config["timeouts"] = timeouts
                }
            }
            #expect(try error(timeout(1e300)).contains("timeouts.\(field)"))
            #expect(try error(timeout(86_401)).contains("at most 86400"))
        }
    }

    @Test func aTimeoutOfADayIsAccepted() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.root + "/config.json"))) as? [String: Any])
        object["timeouts"] = ["handshakeSeconds": 86_400, "idleSeconds": 86_400, "pingIntervalSeconds": 86_400, "closeSeconds": 86_400, "shutdownSeconds": 86_400]
        let config = try BuzzerConfig.decode(try JSONSerialization.data(withJSONObject: object))
        #expect(config.timeouts.idleSeconds == 86_400)
    }
}
