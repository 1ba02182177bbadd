import Dispatch

/// Lets a Sendable object own state that only one loop's queue may touch.
///
/// `@unchecked Sendable` is safe here because the only way in is `value`, which traps with
/// `dispatchPrecondition` when called off the owning queue, and a box is made either on that queue
/// (checked) or from a value its maker gives up (`sending`): the state is never shared between threads.
package final class LoopBound<Value: AnyObject>: @unchecked Sendable {
    private let queue: DispatchQueue
    private let _value: Value

    /// Boxes a value made on `queue`'s own thread.
    package init(_ value: Value, queue: DispatchQueue) {
        dispatchPrecondition(condition: .onQueue(queue))
        self._value = value
        self.queue = queue
    }

    private init(unchecked value: Value, queue: DispatchQueue) {
        self._value = value
        self.queue = queue
    }

    /// Boxes a value made elsewhere: `sending` makes the compiler prove nobody else keeps it.
    package static func sending(_ value: sending Value, to queue: DispatchQueue) -> LoopBound<Value> {
        LoopBound(unchecked: value, queue: queue)
    }

    package var value: Value {
        dispatchPrecondition(condition: .onQueue(queue))
        return _value
    }
}
