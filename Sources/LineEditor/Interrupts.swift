import Synchronization
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

private let pendingInterrupt = Atomic<Bool>(false)

/// Ctrl-C as a flag: a SIGINT handler installed *without* SA_RESTART, so a blocking read
/// (libedit's el_gets) returns, and long computations can poll `pending`.
public enum Interrupts {
    /// Installs the handler; call once at start-up, before creating a `LineEditor`.
    public static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            pendingInterrupt.store(true, ordering: .relaxed)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    /// Whether Ctrl-C was pressed since the last `clear`/`take`.
    public static var pending: Bool { pendingInterrupt.load(ordering: .relaxed) }

    public static func clear() { pendingInterrupt.store(false, ordering: .relaxed) }

    /// Returns and clears the flag.
    public static func take() -> Bool { pendingInterrupt.exchange(false, ordering: .relaxed) }
}
