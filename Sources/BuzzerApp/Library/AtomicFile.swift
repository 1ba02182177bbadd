import BuzzerArchive
import Foundation
import Glibc

/// Temporary file, fsync, rename over the target, fsync the folder: a crash leaves the old file or
/// the new one, never half of either. The one way Buzzer replaces a whole file (packs, media, the
/// league file, the edit token).
package enum AtomicFile {
    /// Why a file could not be replaced, in words for the log or the HTTP answer.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Writes `bytes` to `path` in `directory` with `mode` (by default 0640, `FileModes`: packs hold their answers).
    package static func write(_ bytes: [UInt8], to path: String, in directory: String, mode: mode_t = FileModes.file) throws(Failure) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let temporary = "\(directory)/.\(name).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(description: "could not write in \(directory): \(String(cString: strerror(errno)))") }
        var written = 0
        var failed = false
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                written += n
            }
        }
        if failed || fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            throw Failure(description: "could not write \(name): \(reason)")
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(description: "could not put \(name) in place: \(reason)")
        }
        syncDirectory(directory)
    }

    static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
