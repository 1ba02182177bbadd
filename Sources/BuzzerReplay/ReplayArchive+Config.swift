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
            // As `buzzer serve` reads it: a relative directory is taken from the config file's folder.
            let directory = try JSONDecoder().decode(ConfigFile.self, from: data).archive?.directory ?? ArchiveConfig.defaultDirectory
            guard !directory.hasPrefix("/") else { return directory }
            let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent()
            return URL(fileURLWithPath: directory, relativeTo: folder).standardizedFileURL.path
        } catch {
            throw .config(path: configPath, reason: ReplayGame.describe(error))
        }
    }
}
