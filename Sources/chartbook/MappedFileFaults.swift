import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Faults on mapped files whose end was cut off while they were read (another process
/// truncated the file): the kernel sends SIGBUS, which would end the process and a REPL
/// session with it.
///
/// The handler maps a page of zeros over the faulting page and counts the fault; the read
/// goes on over zeros, and whoever mapped the file asks `count` afterwards and fails the
/// command ("the file changed while it was read") instead of using what it read. The only
/// process-wide state it needs are two atomics, set here and read by the signal handler.
enum MappedFileFaults {
    /// Faults repaired so far.
    static var count: Int { faults.load(ordering: .acquiring) }

    /// Installs the handler; call once at start-up. It also ignores SIGXFSZ, so a write past
    /// the file-size limit fails with EFBIG (reported like a full disk) instead of ending the
    /// process.
    static func install() {
        pageSize.store(Int(sysconf(Int32(_SC_PAGESIZE))), ordering: .releasing)
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { _, info, _ in
            let page = pageSize.load(ordering: .acquiring)
            guard let info, page > 0,
                let address = info.pointee._sifields._sigfault.si_addr
            else { return MappedFileFaults.giveUp() }
            let start = UInt(bitPattern: address) / UInt(page) * UInt(page)
            let zeros = mmap(
                UnsafeMutableRawPointer(bitPattern: start), page, PROT_READ,
                MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
            guard zeros != MAP_FAILED else { return MappedFileFaults.giveUp() }
            faults.add(1, ordering: .releasing)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        sigaction(SIGBUS, &action, nil)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// A fault that cannot be repaired: the default action (the fault repeats and ends the
    /// process, as before).
    private static func giveUp() {
        signal(SIGBUS, SIG_DFL)
    }
}

private let faults = Atomic<Int>(0)
private let pageSize = Atomic<Int>(0)
