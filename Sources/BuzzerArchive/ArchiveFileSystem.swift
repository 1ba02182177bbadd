import Glibc

/// An open log file: the descriptor plus its path, so every error can name the file.
package struct ArchiveFileHandle: Sendable, Equatable {
    package var descriptor: Int32
    package var path: String

    package init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }
}

/// The few file operations the writer needs. A protocol so tests can make any of them fail
/// on demand (ENOSPC, EIO, short writes) and count syncs; production uses `POSIXArchiveFileSystem`.
/// Called only from the writer's serial queue, except `availableBytes`.
package protocol ArchiveFileSystem: Sendable {
    /// `mkdir -p`.
    func createDirectory(_ path: String) throws(ArchiveError)
    /// Names (not paths) of the entries in `path`.
    func listDirectory(_ path: String) throws(ArchiveError) -> [String]
    /// Opens (creating if needed) for appending: O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, mode 0640 (`FileModes`).
    func openForAppend(_ path: String) throws(ArchiveError) -> ArchiveFileHandle
    /// One `write(2)`; returns how many bytes the kernel took (may be fewer than asked).
    func write(_ file: ArchiveFileHandle, _ bytes: UnsafeRawBufferPointer) throws(ArchiveError) -> Int
    /// `fdatasync(2)`: the data and the size needed to read it back are on stable storage.
    func syncData(_ file: ArchiveFileHandle) throws(ArchiveError)
    func size(_ file: ArchiveFileHandle) throws(ArchiveError) -> Int
    func truncate(_ file: ArchiveFileHandle, to length: Int) throws(ArchiveError)
    func close(_ file: ArchiveFileHandle)
    /// fsync of a directory, so a newly created file's name survives a power loss.
    func syncDirectory(_ path: String) throws(ArchiveError)
    func removeFile(_ path: String) throws(ArchiveError)
    /// Bytes an unprivileged writer may still use on the file system holding `path` (`statvfs`:
    /// `f_bavail × f_frsize`), or nil when it cannot tell. May be called from any thread; the writer
    /// asks at most once a second (`ArchiveWriter.diskSpace()`).
    func availableBytes(_ path: String) -> Int?
}

extension ArchiveFileSystem {
    /// Unknown: a file system that cannot tell is never taken for a full one.
    package func availableBytes(_ path: String) -> Int? { nil }
}

/// The real thing: plain POSIX calls through Glibc, retrying EINTR.
package struct POSIXArchiveFileSystem: ArchiveFileSystem {
    package init() {}

    package func createDirectory(_ path: String) throws(ArchiveError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, FileModes.directory) != 0 {
                let code = errno
                var info = stat()
                if code != EEXIST || stat(prefix, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
                    throw .io(operation: "mkdir", path: prefix, errno: code)
                }
            }
            prefix += "/"
        }
    }

    package func listDirectory(_ path: String) throws(ArchiveError) -> [String] {
        guard let dir = opendir(path) else { throw .io(operation: "opendir", path: path, errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    package func openForAppend(_ path: String) throws(ArchiveError) -> ArchiveFileHandle {
        while true {
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, FileModes.file)
            if fd >= 0 { return ArchiveFileHandle(descriptor: fd, path: path) }
            if errno != EINTR { throw .io(operation: "open", path: path, errno: errno) }
        }
    }

    package func write(_ file: ArchiveFileHandle, _ bytes: UnsafeRawBufferPointer) throws(ArchiveError) -> Int {
        while true {
            let n = Glibc.write(file.descriptor, bytes.baseAddress, bytes.count)
            if n >= 0 { return n }
            if errno != EINTR { throw .io(operation: "write", path: file.path, errno: errno) }
        }
    }

    package func syncData(_ file: ArchiveFileHandle) throws(ArchiveError) {
        while fdatasync(file.descriptor) != 0 {
            if errno != EINTR { throw .io(operation: "fdatasync", path: file.path, errno: errno) }
        }
    }

    package func size(_ file: ArchiveFileHandle) throws(ArchiveError) -> Int {
        var info = stat()
        if fstat(file.descriptor, &info) != 0 { throw .io(operation: "fstat", path: file.path, errno: errno) }
        return Int(info.st_size)
    }

    package func truncate(_ file: ArchiveFileHandle, to length: Int) throws(ArchiveError) {
        while ftruncate(file.descriptor, off_t(length)) != 0 {
            if errno != EINTR { throw .io(operation: "ftruncate", path: file.path, errno: errno) }
        }
    }

    package func close(_ file: ArchiveFileHandle) {
        _ = Glibc.close(file.descriptor)
    }

    package func syncDirectory(_ path: String) throws(ArchiveError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 { throw .io(operation: "open directory", path: path, errno: errno) }
        defer { _ = Glibc.close(fd) }
        while fsync(fd) != 0 {
            if errno != EINTR { throw .io(operation: "fsync directory", path: path, errno: errno) }
        }
    }

    package func removeFile(_ path: String) throws(ArchiveError) {
        if unlink(path) != 0 && errno != ENOENT { throw .io(operation: "unlink", path: path, errno: errno) }
    }

    package func availableBytes(_ path: String) -> Int? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        let (bytes, overflow) = Int(info.f_bavail).multipliedReportingOverflow(by: Int(info.f_frsize))
        return overflow ? Int.max : bytes
    }
}
