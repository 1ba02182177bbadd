import BuzzerFormats
import BuzzerGame
import Foundation

extension RoomSettings {
    /// The server's defaults with the host's choices (`create`'s `settings`) laid over them, as
    /// typed values: the defaults are the decoder's starting point, so a field left out keeps the
    /// server's value. Unknown names and values out of range are refused with a reason.
    package static func merging(_ overrides: JSONValue?, over defaults: RoomSettings) throws(ClientMessageError) -> RoomSettings {
        guard case .object(let members)? = overrides, !members.isEmpty else { return defaults }
        if let unknown = members.first(where: { !RoomSettings.fieldNames.contains($0.key) }) {
            throw ClientMessageError(reason: "\"settings.\(unknown.key.prefix(40))\" is not a room setting")
        }
        let settings: RoomSettings
        do {
            var decoder = JSONValueDecoder()
            decoder.userInfo[RoomSettings.startingPoint] = defaults
            settings = try decoder.decode(RoomSettings.self, from: .object(members))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ClientMessageError(reason: "\"settings.\(field)\" has the wrong type or value")
        } catch {
            throw ClientMessageError(reason: "the settings could not be read (\(error))")
        }
        if let problem = settings.problem() { throw ClientMessageError(reason: "the room settings are invalid: \(problem)") }
        return settings
    }
}
