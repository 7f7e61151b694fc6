#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// How a pass over a mapped file pages memory, one policy for every pass (counting records,
/// parsing numbers, reading texts): the file's pages behind it are given back in steps, it
/// looks at the step (and at cancellation) every so many records, and a parsing thread maps
/// its column's pages ahead of its rows in batches. Measured in Docs/performance.md (issue
/// 53, "Third look").
enum PassPaging {
    /// Bytes of the mapped file a pass reads before it gives the pages behind it back (the
    /// one step for every pass: counting, parsing, reading texts): a smaller step keeps less
    /// of the file resident while the columns fill, at a `madvise` call per step (about 500
    /// calls for the 240 MB of a 10⁷-row file, each a few microseconds).
    static let releaseChunk = 1 << 19

    /// Records a pass reads between two looks at whether it is cancelled and whether
    /// `releaseChunk` bytes are behind it (a power of two: the test is a mask). Small enough
    /// that a step is given back near where it ends (2¹⁶ records, 1.5 MB of a 10⁷-row file,
    /// kept up to 3 MB a parsing thread resident behind a 2 MB step), large enough that the
    /// look costs nothing beside the records.
    static let lookEvery = 1 << 12

    /// Rows of a column a parsing thread maps ahead of where it writes (`prefault`): 256 KiB
    /// of doubles, 64 pages a call. The two threads' steps mapped before their rows add
    /// about 1 MiB to a 10⁷-row chart's peak (512 KiB measured the same).
    static let mapAhead = 1 << 15

    /// Maps the whole pages of `count` doubles at `start` in one call, where the kernel can
    /// (MADV_POPULATE_WRITE, Linux 5.14+; an older one answers EINVAL and the faults come
    /// as before). A thread filling its stretch of a column otherwise takes a page fault per
    /// 4 KiB as it writes — 195 000 for a column of 10⁸ rows, 3.5 µs each on this virtual
    /// machine against 2.2 µs a page mapped in one call. Asked `mapAhead` rows at a time,
    /// not the whole stretch at once: the column's pages then grow as its rows do, and
    /// the peak of memory stays the full column and the file's last pages in flight.
    static func prefault(_ start: UnsafeMutablePointer<Double>, _ count: Int) {
        #if canImport(Glibc)
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            let first = (UInt(bitPattern: start) + page - 1) / page * page
            let last =
                (UInt(bitPattern: start) + UInt(count * MemoryLayout<Double>.stride)) / page * page
            guard last > first else { return }
            _ = madvise(
                UnsafeMutableRawPointer(bitPattern: first), Int(last - first), MADV_POPULATE_WRITE)
        #endif
    }
}
