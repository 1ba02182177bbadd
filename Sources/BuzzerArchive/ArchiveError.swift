import Glibc

/// Everything that can go wrong in the archive layer. The app maps these to log lines and to
/// `/healthz`; none of them is fatal to a running room (its game goes on in memory).
package enum ArchiveError: Error, CustomStringConvertible, Equatable, Sendable {
    /// A system call failed. `errno` is kept so tests and operators can tell ENOSPC from EIO.
    case io(operation: String, path: String, errno: Int32)
    /// The encoded event is not a single-line JSON object with a string `type` member.
    case invalidEvent(String)
    /// The event used a field name the envelope owns (`v`, `seq`, `time`, `room`).
    case reservedField(String)
    /// The event could not be encoded to JSON.
    case encodingFailed(String)
    /// The archive is degraded after a failed write: appends fail fast until a retry succeeds.
    case degraded(reason: String)
    /// The writer was closed.
    case closed
    /// A log file could not be understood where the caller needed it to be (e.g. the last line on open).
    case unreadableLog(path: String, reason: String)

    package var description: String {
        switch self {
        case .io(let operation, let path, let code):
            "archive \(operation) \(path) failed: \(Self.errnoName(code))"
        case .invalidEvent(let reason):
            "archive event is invalid: \(reason)"
        case .reservedField(let name):
            "archive event uses the reserved envelope field \"\(name)\""
        case .encodingFailed(let reason):
            "archive event could not be encoded: \(reason)"
        case .degraded(let reason):
            "archive is degraded (\(reason)); event not written"
        case .closed:
            "archive writer is closed"
        case .unreadableLog(let path, let reason):
            "archive log \(path) is unreadable: \(reason)"
        }
    }

    /// True for the failures that mean "the disk is full", so callers can word their alerts.
    package var isNoSpace: Bool {
        if case .io(_, _, let code) = self { return code == ENOSPC || code == EDQUOT }
        return false
    }

    static func errnoName(_ code: Int32) -> String {
        let symbol: String
        switch code {
        case ENOSPC: symbol = "ENOSPC"
        case EIO: symbol = "EIO"
        case EDQUOT: symbol = "EDQUOT"
        case EACCES: symbol = "EACCES"
        case EROFS: symbol = "EROFS"
        case ENOENT: symbol = "ENOENT"
        case EBADF: symbol = "EBADF"
        case EINVAL: symbol = "EINVAL"
        default: symbol = "errno \(code)"
        }
        return "\(String(cString: strerror(code))) (\(symbol))"
    }
}
