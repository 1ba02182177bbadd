import ArgumentParser
import BuzzerApp

@main
struct Buzzer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buzzer",
        abstract: "Live trivia rooms over WebSocket.",
        version: BuzzerVersion.current,
        subcommands: [ServeCommand.self, EchoCommand.self, CheckCommand.self, ImportCommand.self, PackCommand.self, ReplayCommand.self, EditTokenCommand.self, BenchCommand.self, FuzzCommand.self]
    )
}
