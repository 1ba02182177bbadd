/// The "game" section of config.json: defaults for new rooms and limits on uploaded packs.
package struct GameConfig: Codable, Sendable, Equatable {
    package var roomDefaults = RoomSettings()
    package var packLimits = QuestionPackLimits()

    package init() {}

    private enum CodingKeys: String, CodingKey { case roomDefaults, packLimits }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        roomDefaults = try c.decodeIfPresent(RoomSettings.self, forKey: .roomDefaults) ?? RoomSettings()
        packLimits = try c.decodeIfPresent(QuestionPackLimits.self, forKey: .packLimits) ?? QuestionPackLimits()
    }
}
