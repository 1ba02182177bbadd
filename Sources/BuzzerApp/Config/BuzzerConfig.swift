import BuzzerArchive
import BuzzerGame
import BuzzerTransport
import BuzzerWebSocket
import Foundation

/// The whole of config.json: one section per layer, each owned by its module.
package struct BuzzerConfig: Codable, Sendable {
    package var server: ServerConfig
    package var websocket: WebSocketConfig
    package var timeouts: TimeoutConfig
    package var transport: TransportConfig
    /// Defaults for new rooms and limits on packs (optional in the file).
    package var game: GameConfig
    /// Rooms, the question library and join limits (optional in the file).
    package var rooms: RoomsConfig
    /// The event log (optional in the file).
    package var archive: ArchiveConfig
    /// Editing the question library over HTTP (optional in the file).
    package var library: LibraryConfig
    /// Who may read `/metrics` (optional in the file).
    package var metrics: MetricsConfig
    /// Leagues: the league file and other instances' archives (optional in the file).
    package var league: LeagueConfig = LeagueConfig()
    /// Per-address rationing of the HTTP answers that cost computation (optional in the file).
    package var http: HTTPConfig = HTTPConfig()

    package init(
        server: ServerConfig = ServerConfig(), websocket: WebSocketConfig = .gameDefaults, timeouts: TimeoutConfig = TimeoutConfig(),
        transport: TransportConfig = TransportConfig(), game: GameConfig = GameConfig(), rooms: RoomsConfig = RoomsConfig(),
        archive: ArchiveConfig = ArchiveConfig(), library: LibraryConfig = LibraryConfig(), metrics: MetricsConfig = MetricsConfig()
    ) {
        self.server = server
        self.websocket = websocket
        self.timeouts = timeouts
        self.transport = transport
        self.game = game
        self.rooms = rooms
        self.archive = archive
        self.library = library
        self.metrics = metrics
    }

    private enum CodingKeys: String, CodingKey { case server, websocket, timeouts, transport, game, rooms, archive, library, metrics, league, http }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        server = try c.decode(ServerConfig.self, forKey: .server)
        websocket = try c.decode(WebSocketConfig.self, forKey: .websocket)
        timeouts = try c.decode(TimeoutConfig.self, forKey: .timeouts)
        transport = try c.decode(TransportConfig.self, forKey: .transport)
        game = try c.decodeIfPresent(GameConfig.self, forKey: .game) ?? GameConfig()
        rooms = try c.decodeIfPresent(RoomsConfig.self, forKey: .rooms) ?? RoomsConfig()
        archive = try c.decodeIfPresent(ArchiveConfig.self, forKey: .archive) ?? ArchiveConfig()
        library = try c.decodeIfPresent(LibraryConfig.self, forKey: .library) ?? LibraryConfig()
        metrics = try c.decodeIfPresent(MetricsConfig.self, forKey: .metrics) ?? MetricsConfig()
        league = try c.decodeIfPresent(LeagueConfig.self, forKey: .league) ?? LeagueConfig()
        http = try c.decodeIfPresent(HTTPConfig.self, forKey: .http) ?? HTTPConfig()
    }

    /// Reads and checks a config file; the error names the first bad field.
    /// Reads and checks the file. Relative paths in it (`rooms.libraryDirectory`, `archive.directory`)
    /// are taken from the file's folder, not the working directory: `buzzer serve --config
    /// /etc/buzzer/config.json` finds `/etc/buzzer/questions` wherever it is started.
    package static func load(path: String) throws(ConfigError) -> BuzzerConfig {
        var config = try ConfigDecoder.load(BuzzerConfig.self, path: path)
        try config.validate()
        config.rooms.libraryDirectory = resolve(config.rooms.libraryDirectory, besideFile: path)
        config.archive.directory = resolve(config.archive.directory, besideFile: path)
        config.library.mediaDirectory = resolve(config.library.mediaDirectory, besideFile: path)
        config.league.file = config.league.file.map { resolve($0, besideFile: path) }
        config.league.archives = config.league.archives.map { resolve($0, besideFile: path) }
        if var tls = config.server.tls {
            tls.certificateFile = resolve(tls.certificateFile, besideFile: path)
            tls.privateKeyFile = resolve(tls.privateKeyFile, besideFile: path)
            config.server.tls = tls
        }
        return config
    }

    /// `relative` taken from the folder of `file`; absolute paths as they are.
    package static func resolve(_ relative: String, besideFile file: String) -> String {
        guard !relative.hasPrefix("/") else { return relative }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
        return URL(fileURLWithPath: relative, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
    }

    package static func decode(_ data: Data, path: String = "config") throws(ConfigError) -> BuzzerConfig {
        let config = try ConfigDecoder.decode(BuzzerConfig.self, from: data, path: path)
        try config.validate()
        return config
    }

    /// Range checks the JSON types cannot express.
    package func validate() throws(ConfigError) {
        do {
            try server.validate()
            try timeouts.validate()
            try transport.validate()
        } catch {
            if case .invalidConfig(let field, let reason) = error { throw .invalidValue(field: field, reason: reason) }
            throw .invalidValue(field: "(unknown)", reason: error.description)
        }
        if let problem = game.roomDefaults.problem() { throw .invalidValue(field: "game.roomDefaults", reason: problem) }
        if let problem = game.packLimits.problem() { throw .invalidValue(field: "game.packLimits", reason: problem) }
        let ws = websocket
        for (name, value) in [("maxHeaderBytes", ws.maxHeaderBytes), ("maxHeaderCount", ws.maxHeaderCount), ("maxFrameSize", ws.maxFrameSize), ("maxMessageSize", ws.maxMessageSize), ("maxFragments", ws.maxFragments), ("compression.maxDecompressedSize", ws.compression.maxDecompressedSize)] where value <= 0 {
            throw .invalidValue(field: "websocket.\(name)", reason: "must be positive")
        }
        guard ws.compression.minSize >= 0 else { throw .invalidValue(field: "websocket.compression.minSize", reason: "must be 0 or more") }
        guard (0...9).contains(ws.compression.level) else { throw .invalidValue(field: "websocket.compression.level", reason: "must be 0...9") }
        for (name, bits) in [("serverMaxWindowBits", ws.compression.serverMaxWindowBits), ("clientMaxWindowBits", ws.compression.clientMaxWindowBits)] where !(9...15).contains(bits) {
            throw .invalidValue(field: "websocket.compression.\(name)", reason: "must be 9...15 (zlib's raw deflate range), got \(bits)")
        }
    }

    /// The settings `buzzer echo` runs with: limits big enough for Autobahn group 9 (16 MiB messages,
    /// 65,536 fragments), context takeover allowed, and no server pings (Autobahn counts them as
    /// unexpected events).
    /// Compression level 1: the echo server's job is conformance and throughput, not ratio, and
    /// Autobahn groups 12 and 13 push about a gigabyte through zlib.
    package static func conformance(host: String, port: Int) -> BuzzerConfig {
        var websocket = WebSocketConfig.conformance
        websocket.compression.level = 1
        return BuzzerConfig(
            server: ServerConfig(host: host, port: port, eventLoops: 0, maxConnections: 20_000),
            websocket: websocket,
            timeouts: TimeoutConfig(handshakeSeconds: 10, idleSeconds: 300, pingIntervalSeconds: 0, closeSeconds: 5, shutdownSeconds: 5),
            transport: TransportConfig(outboundHighWaterBytes: 128 << 20, readBufferBytes: 256 << 10))
    }
}
