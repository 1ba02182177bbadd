import Foundation
import Synchronization

/// Folders a test makes under the system's temporary directory (archives, libraries, configs),
/// removed when the test process exits. Not when the test ends: a test may stop a server and start
/// another on the same folder, and a helper may hand its folder to a server the test keeps. Without
/// this, every `swift test` left some 100 folders in /tmp.
public enum ScratchFolder {
    private static let made = Mutex<[String]>([])
    private static let cleanup: Void = { atexit { ScratchFolder.removeAll() } }()

    /// A fresh, empty folder named `prefix-UUID` (not yet created when `create` is false: some
    /// tests check that the server makes it).
    public static func make(_ prefix: String, create: Bool = true) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        if create { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        removeAtExit(path)
        return path
    }

    /// `path` (a folder or file the test made elsewhere, such as a server's media folder) is removed at exit too.
    public static func removeAtExit(_ path: String) {
        _ = cleanup
        made.withLock { $0.append(path) }
    }

    static func removeAll() {
        for path in made.withLock({ paths in defer { paths = [] }; return paths }) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
