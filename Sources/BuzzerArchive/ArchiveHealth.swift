/// Whether the archive is writing. Exposed on `/healthz`; `degraded` means events are not being
/// archived and new games are refused until a retry succeeds.
package enum ArchiveHealth: Sendable, Equatable, CustomStringConvertible {
    case healthy
    /// A write or sync failed at `sinceMilliseconds` (wall clock); `reason` is the error.
    case degraded(reason: String, sinceMilliseconds: Int64)
    case closed

    package var isHealthy: Bool { self == .healthy }

    package var description: String {
        switch self {
        case .healthy: "healthy"
        case .degraded(let reason, let since): "degraded since \(since) ms: \(reason)"
        case .closed: "closed"
        }
    }
}
