import BuzzerArchive
import Foundation

extension ReplayArchive {
    private struct ConfigFile: Decodable {
        var archive: ArchiveConfig?
    }

    /// The archive the server writes: `archive.directory` of the config file, or `archive` when
    /// the file has no archive section or (`required` false) does not exist.
    package static func configuredDirectory(configPath: String, required: Bool) throws(ReplayError) -> String {
        guard let data = FileManager.default.contents(atPath: configPath) else {
            if required || FileManager.default.fileExists(atPath: configPath) {
                throw .config(path: configPath, reason: "the file cannot be read")
            }
            return ArchiveConfig.defaultDirectory
        }
        do {
            return try JSONDecoder().decode(ConfigFile.self, from: data).archive?.directory ?? ArchiveConfig.defaultDirectory
        } catch {
            throw .config(path: configPath, reason: ReplayGame.describe(error))
        }
    }
}
