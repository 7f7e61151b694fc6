/// Storage lent to the parts of a parallel computation (`DispatchQueue.concurrentPerform`),
/// which write disjoint parts of it; read by the caller after they return.
package struct SendablePointer<T>: @unchecked Sendable {
    package let pointer: UnsafeMutablePointer<T>
    package init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}

/// Values lent read-only to the parts of a parallel computation.
package struct SendableBuffer: @unchecked Sendable {
    package let buffer: UnsafeBufferPointer<Double>
    package init(_ buffer: UnsafeBufferPointer<Double>) { self.buffer = buffer }
}
