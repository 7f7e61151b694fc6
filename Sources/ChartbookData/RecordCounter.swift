#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Counts the records of a stretch of a delimited file without reading its fields — the scan
/// `load` makes of a file it reads on demand. Exact only for plain files, so it answers nil
/// for any other: one with a quote anywhere (a quoted field may hold a line break) or a
/// carriage return not followed by a line feed (old Mac line ends). Blank and `#` comment
/// lines are not records, by the rule of `SkippableLine` that both parsers follow.
enum RecordCounter {
    /// Records in `base[start..<end]`, which starts at a line's start; nil when the stretch is
    /// not plain. `release` is told each consumed stretch (about 8 MiB), `shouldCancel`
    /// polled as often (then the count is nil too; the caller asks again).
    static func count(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, blank: UInt8,
        shouldCancel: () -> Bool, release: (Int, Int) -> Void
    ) -> Int? {
        var records = 0
        var p = start
        // Bytes before `checked` are known to be plain; before `released`, given back.
        var checked = start
        var released = start
        while p < end {
            let chunkEnd = min(end, max(p, checked) + FastNumericParser.releaseChunk)
            guard isPlain(base, from: checked, to: chunkEnd, end: end) else { return nil }
            checked = chunkEnd
            while p < chunkEnd {
                // Only a line starting with a blank, a line end or `#` may be skipped.
                let first = base[p]
                if first == 32 || first == 9 || first == 10 || first == 13 || first == 35,
                    let next = SkippableLine.next(after: p, in: base, end: end, blank: blank)
                {
                    p = next
                    continue
                }
                records &+= 1
                guard let hit = memchr(base + p, 10, end - p) else { p = end; break }
                p = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base + 1
            }
            release(released, p)
            released = p
            if shouldCancel() { return nil }
        }
        // The last line may have run past the last stretch checked.
        guard isPlain(base, from: checked, to: end, end: end) else { return nil }
        return records
    }

    /// No quote, and every carriage return followed by a line feed, in `base[start..<stop]`
    /// (`end`: where the bytes end; a carriage return at the very end counts as lone).
    static func isPlain(_ base: UnsafePointer<UInt8>, from start: Int, to stop: Int, end: Int)
        -> Bool
    {
        guard stop > start else { return true }
        if memchr(base + start, 34, stop - start) != nil { return false }
        var p = start
        while p < stop, let hit = memchr(base + p, 13, stop - p) {
            let at = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            guard at + 1 < end, base[at + 1] == 10 else { return false }
            p = at + 1
        }
        return true
    }
}
