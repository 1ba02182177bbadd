import ArgumentParser
import BuzzerApp
import BuzzerTransport
import Dispatch
import Foundation

/// `buzzer echo`: the WebSocket stack alone, for conformance suites and load tests.
struct EchoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "echo",
        abstract: "Run an echo server (websocket-shootout protocol) for conformance and benchmarks.")

    @Option(help: "Port to listen on (0 picks a free one).")
    var port: Int = 9001

    @Option(help: "Address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "Event loops (0: one per core, plus one).")
    var loops: Int = 0

    @Flag(help: "Turn permessage-deflate off.")
    var noCompression = false

    @Option(help: "A PEM certificate (chain): serve wss with it, with --tls-key.")
    var tlsCertificate: String?

    @Option(help: "The PEM private key of --tls-certificate.")
    var tlsKey: String?

    func run() throws {
        var config = BuzzerConfig.conformance(host: host, port: port)
        config.server.eventLoops = loops
        var tls: TLSContext?
        switch (tlsCertificate, tlsKey) {
        case let (certificate?, key?):
            do { tls = try TLSContext(config: TLSConfig(certificateFile: certificate, privateKeyFile: key)) } catch { throw CommandFailure(error) }
        case (nil, nil):
            break
        default:
            throw ValidationError("--tls-certificate and --tls-key go together")
        }
        let server = EchoServer.make(config: config, compression: !noCompression, tls: tls)
        let bound: Int
        do {
            bound = try server.start()
        } catch {
            throw CommandFailure(error)
        }
        // Scripts and tests read the port from this line; write it unbuffered.
        FileHandle.standardOutput.write(Data("listening on \(host):\(bound)\n".utf8))
        ServerLifecycle.runUntilSignalled(server, shutdownSeconds: config.timeouts.shutdownSeconds)
    }
}
