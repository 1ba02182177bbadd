import Foundation
import Testing
@testable import BuzzerApp
@testable import BuzzerGame

/// The protocol docs are held to the definitions: every client message with its role and fields, every
/// field's range, every server message type, each listed once and nothing extra.
struct ProtocolDocTests {
    /// docs/protocol.md (roles, the message table) and its parts: what clients send, what the server
    /// sends, ranges and errors. Read as one text, so a table counts wherever it is, and only once.
    /// A room mechanic's commands are in its own section of mechanics.md, in tables of the same columns.
    static let protocolDocs = ["protocol.md", "protocol-client.md", "protocol-server.md", "protocol-errors.md", "mechanics.md"]

    static func protocolDoc() throws -> String {
        try protocolDocs.map { try String(contentsOfFile: LiveGameServer.packageRoot + "/docs/" + $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// The rows of every table whose header line starts with `header`, as trimmed cells.
    static func table(_ header: String, in text: String) throws -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let starts = lines.indices.filter { lines[$0].hasPrefix(header) }
        try #require(!starts.isEmpty, "no table \(header)")
        return starts.flatMap { start in
            lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
                line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
    }

    /// The `code` spans of a cell.
    static func ticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test func everyClientMessageIsListedWithItsRoleAndFields() throws {
        let rows = try Self.table("| message | sent by | fields |", in: Self.protocolDoc())
        var listed: [String: (role: String, fields: [String])] = [:]
        // A row lists every message with the same role and fields.
        for row in rows {
            let fields = row[2] == "—" ? [] : row[2].components(separatedBy: ", ")
            for name in Self.ticked(row[0]) {
                #expect(listed[name] == nil, "\(name) listed twice")
                listed[name] = (row[1], fields)
            }
        }
        for type in ClientMessageDefinition.all {
            let documented = try #require(listed[type.name], "\(type.name) is not in docs/protocol.md's message table")
            #expect(documented.role == type.role.rawValue, "\(type.name)")
            #expect(documented.fields == type.fields.map { "`\($0.field.rawValue)`" + ($0.isRequired ? "" : "?") }, "\(type.name)")
        }
        #expect(Set(listed.keys).subtracting(ClientMessageDefinition.all.map(\.name)).sorted() == [], "documented, not defined")
    }

    @Test func thePlayerRoleRowListsThePlayersCommands() throws {
        let rows = try Self.table("| role | how | may send |", in: Self.protocolDoc())
        let player = try #require(rows.first { $0[0] == "player" })
        #expect(Set(Self.ticked(player[2])) == Set(ClientMessageDefinition.all.filter { $0.role == .player }.map(\.name)))
    }

    @Test func theHostCommandsThatGetAnOKAreTheDocumentedOnes() throws {
        let rows = try Self.table("| message | what it does | reply |", in: Self.protocolDoc())
        var documented: Set<String> = []
        for row in rows {
            let types = row[0].components(separatedBy: #"{"type":""#).dropFirst().compactMap { $0.split(separator: "\"").first }
            let replied = row[2].hasPrefix("`ok`")
            for name in types {
                let type = try #require(ClientCommands.byName[String(name)], "\(name) is not a host command")
                #expect(type.role == .host, "\(name) in the host commands' table")
                #expect(type.repliesOK == replied, "\(name): the table says \(replied ? "" : "no ")ok")
                documented.insert(type.wireName)
            }
        }
        #expect(documented == Set(ClientCommands.all.filter { $0.role == .host }.map { $0.wireName }), "every host command, once")
    }

    /// A number as the docs write it: thousands separated by commas, a true minus sign.
    static func written(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return (value < 0 ? "−" : "") + digits
    }

    /// What the Ranges table must say for a field's shape; nil for shapes with rules of their own.
    static func rangeText(_ shape: ClientFieldSpec.Shape) -> [String]? {
        switch shape {
        case .int(let range): ["\(written(range.lowerBound)) to \(written(range.upperBound))"]
        case .string(let bytes): ["at most \(written(bytes)) bytes"]
        case .word(let words): ["one of " + words.map { "`\($0)`" }.joined(separator: ", ")]
        case .number: ["−10^15 to 10^15"]
        case .ids: ["\(written(InputBounds.id.lowerBound)) to \(written(InputBounds.id.upperBound))", "at most \(written(InputBounds.maxListedIDs)) ids"]
        case .bool, .answer, .pack, .object: nil
        }
    }

    @Test func everyFieldsRangeIsTheDocumentedOne() throws {
        let rows = try Self.table("| field | range |", in: Self.protocolDoc())
        for type in ClientMessageDefinition.all {
            for spec in type.fields {
                guard let expected = Self.rangeText(spec.shape) else { continue }
                // A row names the field, and the messages it is for when it names any.
                let covering = rows.filter { row in
                    let ticked = Self.ticked(row[0])
                    return ticked.contains(spec.field.rawValue) && (!row[0].contains("(") || ticked.contains(type.name))
                }
                #expect(covering.contains { row in expected.allSatisfy(row[1].contains) },
                        "\(type.name).\(spec.field.rawValue): no row of the Ranges table says \(expected)")
            }
        }
        let known = Set(ClientField.allCases.map(\.rawValue)).union(ClientMessageDefinition.all.map(\.name))
        for row in rows {
            let extra = Self.ticked(row[0]).filter { !$0.contains(".") && !known.contains($0) }
            #expect(extra.isEmpty, "the Ranges table names \(extra), which no message has")
        }
    }

    @Test func everyServerMessageTypeIsListedAndShown() throws {
        let text = try Self.protocolDoc()
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("Every server message type") })
        let listed = Self.ticked(String(line))
        #expect(listed == ServerMessages.all.map { $0.wireName }, "the list, in the registry's order")
        for type in ServerMessages.all {
            #expect(text.contains(#"{"type":"\#(type.wireName)""#), "the protocol docs have no example of \(type.wireName)")
        }
    }

    @Test func everyClientMessageIsShownInAnExample() throws {
        let text = try Self.protocolDoc()
        for type in ClientMessageType.allCases {
            #expect(text.contains(#"{"type":"\#(type.rawValue)""#), "the protocol docs have no example of \(type.rawValue)")
        }
    }
}
