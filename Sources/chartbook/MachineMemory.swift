#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The memory budget for one command, from what this machine and process may use: half of
/// physical memory, and a third of the address-space limit when one is set (`ulimit -v`,
/// `prlimit --as`), which the program's own mappings share.
enum MachineMemory {
    static func budget() -> Int {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), pageSize = sysconf(Int32(_SC_PAGESIZE))
        var budget = pages > 0 && pageSize > 0 ? pages / 2 * pageSize : 4 << 30
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0,
            limit.rlim_cur != rlim_t.max
        {
            budget = min(budget, Int(clamping: limit.rlim_cur / 3))
        }
        return max(budget, 1 << 20)
    }
}
