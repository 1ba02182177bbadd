import ArgumentParser
import BuzzerApp
import BuzzerArchive
import BuzzerGame
import BuzzerGameJSON
import Foundation

/// `buzzer pack export|import`: moves a pack and the pictures and sounds it names between
/// machines, as a folder laid out like the server's own (`questions/<id>.json` beside `media/`),
/// so `buzzer check FOLDER/questions/<id>.json` finds the media too.
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pack",
        abstract: "Export a library pack with its media to a folder, or import such a folder.",
        subcommands: [Export.self, Import.self])

    struct Options: ParsableArguments {
        @Option(help: ArgumentHelp("The config file whose library and media folders to use (default: ./config.json, else /etc/buzzer/config.json).", valueName: "file"))
        var config: String?

        func load() throws -> BuzzerConfig {
            let path = try ConfigPath.required(config)
            do { return try BuzzerConfig.load(path: path) } catch { throw CommandFailure("buzzer pack: \(error)") }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write a pack and its media to FOLDER/questions and FOLDER/media.")

        @Argument(help: "The pack's id (its file name without .json).")
        var id: String

        @Option(name: .long, help: "The folder to write (made if missing).")
        var to: String

        @OptionGroup var options: Options

        func run() throws {
            let config = try options.load()
            let library = PackStore(directory: config.rooms.libraryDirectory, limits: config.game.packLimits)
            let pack: QuestionPack
            do { pack = try library.pack(named: id) } catch { throw CommandFailure("buzzer pack export: \(error)") }
            let media = MediaStore(directory: config.library.mediaDirectory)
            let missing = media.missing(in: pack)
            if let first = missing.first { throw CommandFailure("buzzer pack export: \(first.path) names \(first.reference), which is not in \(media.directory)") }
            let fm = FileManager.default
            do {
                try fm.createDirectory(atPath: "\(to)/questions", withIntermediateDirectories: true)
                try fm.createDirectory(atPath: "\(to)/media", withIntermediateDirectories: true)
                try Data(pack.prettyJSON().utf8).write(to: URL(fileURLWithPath: "\(to)/questions/\(id).json"))
                var copied = 0
                for reference in Set(pack.mediaReferences) {
                    guard let source = media.file(for: reference) else { continue }
                    let target = "\(to)/media/\(URL(fileURLWithPath: source).lastPathComponent)"
                    if !fm.fileExists(atPath: target) { try fm.copyItem(atPath: source, toPath: target) }
                    copied += 1
                }
                print("wrote \(to)/questions/\(id).json and \(copied) media file(s) in \(to)/media")
            } catch {
                throw CommandFailure("buzzer pack export: \(error.localizedDescription)")
            }
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add the packs of an exported folder, and their media, to the library.")

        @Argument(help: "A folder written by buzzer pack export.")
        var folder: String

        @Flag(help: "Replace a library pack that has the same id.")
        var replace = false

        @OptionGroup var options: Options

        func run() throws {
            let config = try options.load()
            let fm = FileManager.default
            let names = ((try? fm.contentsOfDirectory(atPath: "\(folder)/questions")) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            guard !names.isEmpty else { throw CommandFailure("buzzer pack import: \(folder)/questions has no pack") }
            let source = MediaStore(directory: "\(folder)/media"), target = MediaStore(directory: config.library.mediaDirectory)
            for name in names {
                let id = String(name.dropLast(5))
                guard let data = fm.contents(atPath: "\(folder)/questions/\(name)") else { throw CommandFailure("buzzer pack import: cannot read \(name)") }
                let pack: QuestionPack
                do { pack = try QuestionPack.decode(json: Array(data), limits: config.game.packLimits) } catch {
                    throw CommandFailure("buzzer pack import: \(name) is not a valid pack:\n\(error)")
                }
                if let first = source.missing(in: pack).first {
                    throw CommandFailure("buzzer pack import: \(first.path) names \(first.reference), which is not in \(folder)/media")
                }
                let destination = "\(config.rooms.libraryDirectory)/\(id).json"
                if fm.fileExists(atPath: destination), !replace {
                    throw CommandFailure("buzzer pack import: the library already has \(id) (use --replace to overwrite it)")
                }
                do {
                    // As the server writes them: folders 0750, files 0640 (FileModes), whatever the source's modes.
                    try POSIXArchiveFileSystem().createDirectory(config.library.mediaDirectory)
                    for reference in Set(pack.mediaReferences) {
                        guard let file = source.file(for: reference), target.file(for: reference) == nil else { continue }
                        guard let bytes = fm.contents(atPath: file) else { throw CommandFailure("buzzer pack import: cannot read \(file)") }
                        let copy = "\(config.library.mediaDirectory)/\(URL(fileURLWithPath: file).lastPathComponent)"
                        try AtomicFile.write(Array(bytes), to: copy, in: config.library.mediaDirectory)
                    }
                    try AtomicFile.write(Array(pack.prettyJSON().utf8), to: destination, in: config.rooms.libraryDirectory)
                } catch let failure as CommandFailure {
                    throw failure
                } catch {
                    throw CommandFailure("buzzer pack import: \(error.localizedDescription)")
                }
                print("imported \(id): \(pack.questionCount) questions, \(Set(pack.mediaReferences).count) media file(s)")
            }
        }
    }
}

extension QuestionPack {
    /// Every picture and sound the pack names.
    var mediaReferences: [String] {
        rounds.flatMap(\.questions).flatMap { ($0.media?.references ?? []) + ($0.revealMedia?.references ?? []) }
    }
}
