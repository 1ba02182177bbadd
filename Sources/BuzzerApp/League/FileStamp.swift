import Foundation

/// A file's size and modification time (nil: no file), to notice it changed without reading it.
struct FileStamp: Equatable {
    var size: Int
    var modified: Int64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
