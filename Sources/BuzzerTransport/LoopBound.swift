import Dispatch

/// Lets a Sendable object own state that only one loop's queue may touch.
///
/// `@unchecked Sendable` is safe here because the only way in is `value`, which traps with
/// `dispatchPrecondition` when called off the owning queue: the state is never shared between threads.
package final class LoopBound<Value: AnyObject>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let _value: Value

    package init(_ value: Value, queue: DispatchQueue) {
        self._value = value
        self.queue = queue
    }

    package var value: Value {
        dispatchPrecondition(condition: .onQueue(queue))
        return _value
    }
}
