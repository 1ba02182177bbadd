import Dispatch

/// A weak reference to a loop-bound object, for timers and delayed blocks on that loop that
/// must not keep it alive.
///
/// `@unchecked Sendable` is safe: the object is only reached through `value`, which traps
/// with `dispatchPrecondition` off the owning queue.
final class WeakLoopRef<Value: AnyObject>: @unchecked Sendable {
    private weak var object: Value?
    private let queue: DispatchQueue

    init(_ object: Value, queue: DispatchQueue) {
        self.object = object
        self.queue = queue
    }

    var value: Value? {
        dispatchPrecondition(condition: .onQueue(queue))
        return object
    }
}
