import ArgumentParser

@main
struct Buzzer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buzzer",
        abstract: "Live trivia rooms over WebSocket.",
        subcommands: [ServeCommand.self, EchoCommand.self, CheckCommand.self, ImportCommand.self, ReplayCommand.self, BenchCommand.self]
    )
}
