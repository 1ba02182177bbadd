import BuzzerTransport
import Glibc

/// A byte range of an open file as a response body, read with `pread` on the worker pool a piece
/// at a time as the connection drains: a 10 MiB clip costs one piece of memory per reader, never
/// the whole file, and never a read on the connection's loop. The descriptor closes with the body.
final class FileBody: HTTPBodySource {
    private let fd: Int32
    /// Where the range starts in the file.
    private let start: Int
    let count: Int
    private let pool: WorkerPool

    /// Takes ownership of `fd`.
    init(fd: Int32, start: Int, count: Int, pool: WorkerPool) {
        self.fd = fd
        self.start = start
        self.count = count
        self.pool = pool
    }

    deinit {
        close(fd)
    }

    func read(offset: Int, count: Int, _ done: @escaping @Sendable ([UInt8]?) -> Void) {
        pool.run { [self] in
            done(Self.read(fd, at: start + offset, count: count))
        }
    }

    /// `count` bytes at `offset`, or nil when the file is shorter or unreadable. Blocking: pool only.
    static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let got = pread(fd, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    failed = true
                    return
                }
                initialized += got
            }
        }
        return failed ? nil : bytes
    }
}
