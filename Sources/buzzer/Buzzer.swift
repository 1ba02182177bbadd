import ArgumentParser

@main
struct Buzzer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "buzzer",
        abstract: "Live trivia rooms over WebSocket.",
        subcommands: [EchoCommand.self, ReplayCommand.self]
    )
}
