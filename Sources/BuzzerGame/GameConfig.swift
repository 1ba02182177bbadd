/// The "game" section of config.json: defaults for new rooms, limits on uploaded packs, and caps on
/// what a host may log in one room.
package struct GameConfig: Codable, Sendable, Equatable {
    package var roomDefaults = RoomSettings()
    package var packLimits = QuestionPackLimits()
    package var hostLimits = HostLimits()

    package init() {}

    private enum CodingKeys: String, CodingKey { case roomDefaults, packLimits, hostLimits }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        roomDefaults = try c.decodeIfPresent(RoomSettings.self, forKey: .roomDefaults) ?? RoomSettings()
        packLimits = try c.decodeIfPresent(QuestionPackLimits.self, forKey: .packLimits) ?? QuestionPackLimits()
        hostLimits = try c.decodeIfPresent(HostLimits.self, forKey: .hostLimits) ?? HostLimits()
    }
}
