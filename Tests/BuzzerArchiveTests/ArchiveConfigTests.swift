import Foundation
import Testing
@testable import BuzzerArchive

@Suite struct ArchiveConfigTests {
    @Test func missingFieldsTakeDefaults() throws {
        let config = try JSONDecoder().decode(ArchiveConfig.self, from: Data("{}".utf8))
        #expect(config == ArchiveConfig())
        #expect(config.durability == .group)
        #expect(config.maxFileBytes == 64 << 20)
        #expect(config.groupCommitMilliseconds == 3)
        #expect(config.minFreeBytes == 256 << 20)
    }

    @Test func decodesEveryField() throws {
        let json = #"{"directory":"/var/lib/buzzer","durability":"none","groupCommitMilliseconds":5,"groupCommitMaxBytes":4096,"maxFileBytes":1048576,"rotateAtMidnight":false,"filePrefix":"quiz","retrySeconds":2,"minFreeBytes":1024}"#
        let config = try JSONDecoder().decode(ArchiveConfig.self, from: Data(json.utf8))
        #expect(config == ArchiveConfig(directory: "/var/lib/buzzer", durability: .none, groupCommitMilliseconds: 5, groupCommitMaxBytes: 4096, maxFileBytes: 1 << 20, rotateAtMidnight: false, filePrefix: "quiz", retrySeconds: 2, minFreeBytes: 1024))
        // Round trip: every field is encoded, so unknown-key checks see them all.
        let again = try JSONDecoder().decode(ArchiveConfig.self, from: JSONEncoder().encode(config))
        #expect(again == config)
    }

    @Test func rejectsOutOfRangeValues() {
        for json in [#"{"durability":"sometimes"}"#, #"{"maxFileBytes":10}"#, #"{"groupCommitMilliseconds":-1}"#,
                     #"{"filePrefix":"a/b"}"#, #"{"retrySeconds":0}"#, #"{"directory":""}"#,
                     #"{"minFreeBytes":-1}"#] {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(ArchiveConfig.self, from: Data(json.utf8))
            }
        }
    }
}
