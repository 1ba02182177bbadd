import BuzzerWebSocket
import Foundation
import Testing
@testable import BuzzerApp
import BuzzerGame

/// The pages' one reducer (assets/game-state.js, `reduce`) reads every message type the server can
/// send, and only those: a message type added to `ServerMessages.all` without its reducer case, or a case
/// left behind for a message that is gone, fails here (issue 40, part 3).
@Suite struct ReducerRegistryTests {
    /// The `case 'name':` labels of `reduce`'s switch over `m.type`.
    static func reducerCases() throws -> [String] {
        let head = HTTPRequestHead(method: "GET", target: "/assets/game-state.js", version: .http1_1, headers: HTTPHeaders())
        let response = try #require(WebAssets.bundled.response(for: head))
        let source = String(decoding: response.body, as: UTF8.self)
        let start = try #require(source.range(of: "switch (m.type) {"), "game-state.js no longer switches over m.type")
        var cases: [String] = []
        var rest = source[start.upperBound...]
        while let label = rest.range(of: "case '") {
            let name = rest[label.upperBound...].prefix { $0 != "'" }
            cases.append(String(name))
            rest = rest[label.upperBound...]
        }
        return cases
    }

    @Test func theReducerReadsEveryRegisteredServerMessageAndNoOther() throws {
        let cases = try Self.reducerCases()
        let sent = Set(ServerMessages.all.map { $0.wireName })
        #expect(Set(cases).subtracting(sent).isEmpty, "reducer cases for messages the server never sends: \(Set(cases).subtracting(sent).sorted())")
        #expect(sent.subtracting(cases).isEmpty, "server messages the reducer ignores: \(sent.subtracting(cases).sorted())")
        #expect(cases.count == Set(cases).count, "a message read twice in the reducer")
    }
}
