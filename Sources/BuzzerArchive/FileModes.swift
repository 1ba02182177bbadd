import Glibc

/// The modes of everything the server writes: the game log (device ids, whole packs with their
/// answers), the library, its media, the leagues and the edit token. Owner and group only, so a
/// server started outside the Debian package (no `UMask=0027`) does not leave them world-readable.
/// The edit token is tighter still (0600, `EditTokenStore`).
package enum FileModes {
    /// rw-r-----
    package static let file: mode_t = 0o640
    /// rwxr-x---
    package static let directory: mode_t = 0o750
}
