import Foundation

/// Work running on a thread of its own, awaited by the REPL, which meanwhile may draw (a
/// preview while an engine computes the exact chart). The value is written once by the
/// worker before it signals and read only after the wait: the semaphore orders the two,
/// which is why the class may be shared across threads (`@unchecked Sendable`).
final class BackgroundWork<Value>: @unchecked Sendable {
    private let work: () -> Value
    private var value: Value?
    private let finished = DispatchSemaphore(value: 0)
    private var taken = false

    /// Starts `work` at once on a new thread, with the main thread's stack size (8 MiB:
    /// the work is what the main thread would run, recursion depths included; a thread's
    /// default here is far smaller).
    init(_ work: @escaping () -> Value) {
        self.work = work
        let thread = Thread { [self] in
            value = self.work()
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The value if the work ends within `seconds`, else nil (it goes on).
    func wait(seconds: Double) -> Value? {
        guard !taken else { return value }
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        taken = true
        return value
    }

    /// The value, once the work has ended.
    func wait() -> Value {
        if !taken {
            finished.wait()
            taken = true
        }
        guard let value else { preconditionFailure("the work ended without a value") }
        return value
    }
}
