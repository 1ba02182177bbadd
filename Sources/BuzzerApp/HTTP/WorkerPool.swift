import Dispatch
import Synchronization

/// Where blocking work goes so that no event loop waits on a disk (NIO's `NIOThreadPool` and
/// `NonBlockingFileIO` are the model): a few serial queues, each job handed to the one with the
/// least work waiting, so one long log scan leaves the others free for a media read or a pack list.
/// A job's answer goes back to its connection's loop through the transport's `HTTPResponder`.
final class WorkerPool: Sendable {
    private let queues: [DispatchQueue]
    /// Jobs queued or running, per queue. Taken once per job, never per message.
    private let waiting: Mutex<[Int]>

    /// Enough for a results download, a media stream and the library's reads at once on a small box.
    static let defaultWorkers = 4

    init(label: String, workers: Int = WorkerPool.defaultWorkers) {
        queues = (0..<max(1, workers)).map { DispatchQueue(label: "\(label).\($0)", qos: .utility) }
        waiting = Mutex([Int](repeating: 0, count: max(1, workers)))
    }

    /// Runs `work` on the least busy worker.
    func run(_ work: @escaping @Sendable () -> Void) {
        let index = waiting.withLock { counts in
            let index = counts.indices.min { counts[$0] < counts[$1] } ?? 0
            counts[index] += 1
            return index
        }
        queues[index].async {
            work()
            self.waiting.withLock { $0[index] -= 1 }
        }
    }
}
