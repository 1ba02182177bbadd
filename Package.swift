// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "buzzer",
    products: [
        .executable(name: "buzzer", targets: ["buzzer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
    ],
    targets: [
        // System libraries: SHA-1 and TLS from OpenSSL, raw deflate from zlib.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // epoll from libc's <sys/epoll.h>: the transport's one readiness set per event loop.
        .systemLibrary(name: "CEpoll"),
        .target(name: "CLinuxTCP"),
        // QR codes of the join address, drawn as SVG for the host console and the display.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),

        // Pure WebSocket codec: HTTP upgrade parsing, handshake, frames, permessage-deflate. No I/O.
        .target(name: "BuzzerWebSocket", dependencies: ["COpenSSL", "CZlib"]),
        // Dispatch event loops, sockets and the WebSocket server built on the codec.
        .target(
            name: "BuzzerTransport",
            dependencies: [
                "BuzzerWebSocket", "CEpoll", "CLinuxTCP",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        // Text formats, knowing no game types: the strict JSON parser and pretty printer, the
        // archive's in-order line encoder and byte cursor, and the OpenTDB import with its HTML
        // entity decoder.
        .target(name: "BuzzerFormats"),
        // Pure, deterministic game domain: rooms, questions, scoring, events. Clock injected, no I/O.
        // Its event and settings types declare their keys (`Codable`, the archive's snake_case), but it
        // reads and writes no JSON text: the codecs that do are BuzzerGameJSON's.
        .target(name: "BuzzerGame"),
        // The game's JSON, between the two: pack JSON (decoding with paths, pretty printing), the
        // events' and the answer's codecs, the checked fields of client messages.
        .target(name: "BuzzerGameJSON", dependencies: ["BuzzerGame", "BuzzerFormats"]),
        // Append-only JSON Lines log: the envelope, group commit, recovery. It knows no game types.
        .target(
            name: "BuzzerArchive",
            dependencies: ["BuzzerFormats", .product(name: "Logging", package: "swift-log")]
        ),
        // Reading the archive back: games, timelines, exports, season totals and verification.
        .target(name: "BuzzerReplay", dependencies: ["BuzzerArchive", "BuzzerFormats", "BuzzerGame", "BuzzerGameJSON"]),
        // Thin glue: config, rooms on loops, protocol messages, HTTP pages.
        .target(
            name: "BuzzerApp",
            dependencies: [
                "BuzzerWebSocket", "BuzzerTransport", "BuzzerFormats", "BuzzerGame", "BuzzerGameJSON", "BuzzerArchive", "BuzzerReplay", "COpenSSL", "CQRencode",
                .product(name: "Logging", package: "swift-log"),
                // `/metrics`: swift-metrics handles, exposed in the Prometheus text format.
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Web/Public")]
        ),
        // The in-process protocol fuzzer (`buzzer fuzz protocol`): random games against the room and the publisher.
        .target(name: "BuzzerFuzz", dependencies: ["BuzzerApp", "BuzzerFormats", "BuzzerGame", "BuzzerGameJSON", "BuzzerArchive"]),
        // The in-process benchmarks (`buzzer bench`): measurements, never tests.
        .target(
            name: "BuzzerBench",
            dependencies: [
                "BuzzerApp", "BuzzerArchive", "BuzzerFormats", "BuzzerGame", "BuzzerGameJSON", "BuzzerReplay", "BuzzerWebSocket", "BuzzerTransport",
                // `buzzer bench buzz` plays phones on slow networks with the tests' delayed client.
                "BuzzerTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "buzzer",
            dependencies: [
                "BuzzerApp", "BuzzerFuzz", "BuzzerBench", "BuzzerArchive", "BuzzerFormats", "BuzzerGame", "BuzzerGameJSON", "BuzzerReplay", "BuzzerTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // Shared by the test targets only: a blocking WebSocket client, condition waits, child servers.
        .target(name: "BuzzerTestSupport", dependencies: ["BuzzerWebSocket"]),

        .testTarget(name: "BuzzerWebSocketTests", dependencies: ["BuzzerWebSocket"]),
        .testTarget(name: "BuzzerTransportTests", dependencies: ["BuzzerTransport", "BuzzerWebSocket", "BuzzerApp", "BuzzerTestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "BuzzerFormatsTests", dependencies: ["BuzzerFormats", "BuzzerGame", "BuzzerGameJSON"]),
        .testTarget(name: "BuzzerGameTests", dependencies: ["BuzzerGame", "BuzzerGameJSON"]),
        .testTarget(name: "BuzzerArchiveTests", dependencies: ["BuzzerArchive"]),
        .testTarget(name: "BuzzerReplayTests", dependencies: ["BuzzerReplay", "BuzzerArchive", "BuzzerGame", "BuzzerGameJSON"], exclude: ["Fixtures"]),
        .testTarget(
            name: "BuzzerAppTests", dependencies: ["BuzzerApp", "BuzzerTransport", "BuzzerWebSocket", "BuzzerGame", "BuzzerGameJSON", "BuzzerArchive", "BuzzerReplay", "BuzzerTestSupport", "BuzzerFuzz", "BuzzerBench",
                                                  .product(name: "Prometheus", package: "swift-prometheus")],
            exclude: ["Fixtures"]),
    ]
)

for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.swiftLanguageMode(.v6))
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
