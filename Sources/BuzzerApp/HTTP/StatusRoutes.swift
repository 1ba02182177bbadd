import BuzzerArchive
import BuzzerFormats
import BuzzerGame
import BuzzerWebSocket
import Foundation
import Synchronization

/// `/healthz`, `/metrics` and `/api/settings`. Health and metrics read the archive disk's free
/// space (a `statvfs` at most once a second), so they stay off the loops; but each has a queue of
/// its own, not the worker pool: a pool busy with downloads or standings must never make a load
/// balancer think the instance is down. A hung disk then delays the health check, not every
/// player on the loop.
enum StatusRoutes {
    /// Where `/healthz` runs (its own queue, above the pool's priority).
    static let healthQueue = DispatchQueue(label: "buzzer.status.health", qos: .userInitiated)
    /// Where `/metrics` runs (apart from health: a slow scrape never delays a health check).
    static let metricsQueue = DispatchQueue(label: "buzzer.status.metrics", qos: .userInitiated)

    static func register(in router: inout Router<GameService>, config: BuzzerConfig) {
        let ranges = config.metrics.ranges, allowFrom = config.metrics.allowFrom
        router.get("/healthz", on: .serial(healthQueue)) { _, service in health(service) }
        router.get("/metrics", on: .serial(metricsQueue)) { request, service in
            guard ranges.contains(where: { $0.contains(request.remoteAddress) }) else {
                return HTTPResponse.error(status: 403, message: "Metrics are served to \(allowFrom.joined(separator: ", ")) only (metrics.allowFrom in config.json).")
            }
            _ = service.diskSpace()
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "text/plain; version=0.0.4; charset=utf-8")
            headers.add(name: "Cache-Control", value: "no-store")
            return HTTPResponse(status: 200, headers: headers, body: service.context.metrics.exposition())
        }
        // The host console's defaults are config.json's, not the page's own.
        let settings = json(200, encode(["roomDefaults": config.game.roomDefaults]))
        router.get("/api/settings", on: .loop) { _, _ in settings }
    }

    static func health(_ service: GameService) -> HTTPResponse {
        let archiveState = service.context.archive.health == .healthy ? "ok" : "degraded"
        let disk = service.diskSpace()
        let status = archiveState == "degraded" || disk.isLow ? "degraded" : service.isDraining ? "draining" : "ok"
        let body = "{\"status\":\"\(status)\",\"rooms\":\(service.roomCount),\"running\":\(service.runningRoomCount),"
            + "\"connections\":\(service.connectionCount()),\"archive\":\"\(archiveState)\","
            + "\"disk\":\"\(disk.isLow ? "low" : "ok")\",\"freeBytes\":\(disk.freeBytes.map(String.init) ?? "null"),"
            + "\"quarantined\":[\(service.quarantinedRooms.withLock { $0 }.map(JSONStringLiteral.make).joined(separator: ","))]}"
        return json(status == "ok" ? 200 : 503, body)
    }

    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(value), as: UTF8.self)) ?? "null"
    }
}
