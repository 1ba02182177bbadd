import BuzzerFormats
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// `create`: a pack from the library by name, or a whole pack inline, plus setting overrides.
package struct CreateRequest: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        case library(String)
        case inline(QuestionPack)
    }
    package var source: Source
    /// Settings the host chose; fields left out keep the server's `game.roomDefaults`.
    package var settings: JSONValue?
    /// The library's edit token: hosting a library pack shows its answers, so it needs the token
    /// (`token_required` without it). An inline pack is the host's own and needs none.
    package var token: String? = nil
    /// The league the game counts for (docs/league.md); nil for a one-off.
    package var league: LeagueChoice? = nil
}

/// `create`'s `league`: an existing league by `id`, or a new one with its `name` (and `scoring`).
package struct LeagueChoice: Sendable, Equatable {
    package var id: String
    /// Required for a league the server does not know yet; ignored for one it knows.
    package var name: String?
    /// `points` (the default) or `places`, for a new league.
    package var scoring: String?
}

extension ClientMessage {
    static func createRequest(_ read: ClientFieldReader, packLimits: QuestionPackLimits) throws(JSONFieldError) -> CreateRequest {
        var cleaned: JSONValue?
        switch read.raw(.settings) {
        case nil, .null?: cleaned = nil
        case .object(let settings)?: cleaned = .object(settings)
        default: throw JSONFieldError("\"settings\" must be an object")
        }
        let name = try read.optionalString(.pack)
        let token = try read.optionalString(.token)
        let inline = read.raw(.questions).flatMap { $0 == .null ? nil : $0 }
        let league = try leagueChoice(read.raw(.league))
        // Either one would be a guess at what the host meant.
        if name != nil && inline != nil {
            throw JSONFieldError(#"create takes either "pack" (a library pack name) or "questions" (a whole pack), not both"#)
        }
        if let name {
            return CreateRequest(source: .library(name), settings: cleaned, token: token, league: league)
        }
        guard let questions = inline else {
            throw JSONFieldError("create needs \"pack\" (a library pack name) or \"questions\" (a whole pack)")
        }
        do {
            let pack = try QuestionPack.decode(questions, limits: packLimits)
            return CreateRequest(source: .inline(pack), settings: cleaned, token: token, league: league)
        } catch {
            throw JSONFieldError("the question pack has problems:\n\(error)")
        }
    }

    /// `create`'s `league` object, each field checked where it enters (docs/league.md, "Ranges").
    private static func leagueChoice(_ value: JSONValue?) throws(JSONFieldError) -> LeagueChoice? {
        switch value {
        case nil, .null?: return nil
        case .object(let members)?:
            let fields = JSONFields(object: Dictionary(members, uniquingKeysWith: { first, _ in first }))
            let name = try fields.optionalString("name", max: InputBounds.Bytes.name)?.trimmingCharacters(in: .whitespaces)
            let scoring = try fields.optionalString("scoring", max: 16)
            if let scoring, scoring != "points" && scoring != "places" { throw JSONFieldError(#""league.scoring" must be "points" or "places""#) }
            guard let id = try fields.optionalString("id", max: InputBounds.Bytes.leagueID) ?? name.flatMap(RoomLeague.suggestedID(for:)) else {
                throw JSONFieldError(#""league" needs an "id" (1 to 40 of a-z, 0-9 and -) or a "name" to make one from"#)
            }
            if let problem = RoomLeague.idProblem(id) { throw JSONFieldError("\"league.id\": \(problem)") }
            if let name, let problem = RoomLeague.nameProblem(name) { throw JSONFieldError("\"league.name\": \(problem)") }
            return LeagueChoice(id: id, name: name, scoring: scoring)
        default:
            throw JSONFieldError(#""league" must be an object such as {"id":"crown-tuesdays","name":"Tuesdays at The Crown"}"#)
        }
    }
}
