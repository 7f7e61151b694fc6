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
    /// not plain. `release` is told each consumed stretch (`PassPaging.releaseChunk`),
    /// `shouldCancel` polled as often (then the count is nil too; the caller asks again).
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
            let chunkEnd = min(end, max(p, checked) + PassPaging.releaseChunk)
            guard isPlain(base, from: checked, to: chunkEnd, end: end) else { return nil }
            checked = chunkEnd
            while p < chunkEnd {
                if p > start && base[p - 1] == 10 {
                    p = countLines(base, after: p - 1, before: chunkEnd, end: end, into: &records)
                    guard p < chunkEnd else { break }
                }
                p = step(base, at: p, end: end, blank: blank, into: &records)
            }
            release(released, p)
            released = p
            if shouldCancel() { return nil }
        }
        // The last line may have run past the last stretch checked.
        guard isPlain(base, from: checked, to: end, end: end) else { return nil }
        return records
    }

    /// The line at `p` (a line's start) counted into `records` unless it is skipped, and
    /// where the next line starts.
    @inline(__always)
    private static func step(
        _ base: UnsafePointer<UInt8>, at p: Int, end: Int, blank: UInt8, into records: inout Int
    ) -> Int {
        if SkippableLine.firstBytes.contains(base[p]),
            let next = SkippableLine.next(after: p, in: base, end: end, blank: blank)
        {
            return next
        }
        records &+= 1
        guard let hit = memchr(base + p, 10, end - p) else { return end }
        return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base + 1
    }

    /// Counts, 16 bytes at a time, the lines that start after each line feed from `q` on (a
    /// line feed's position) while the byte after every line feed in a block opens a record
    /// — none of `SkippableLine.firstBytes`, which only may begin a line skipped. Stops
    /// at `before` or at a block with such a byte; answers the first line start not counted
    /// (`end` when there is none).
    private static func countLines(
        _ base: UnsafePointer<UInt8>, after q: Int, before: Int, end: Int,
        into records: inout Int
    ) -> Int {
        var q = q
        let raw = UnsafeRawPointer(base)
        var counted = 0
        while q < before && q + Block.scalarCount + 1 <= end {
            let feeds = bytes(raw, at: q, equalTo: [10])
            if feeds != (0, 0) {
                let opens = bytes(raw, at: q + 1, equalTo: SkippableLine.firstBytes)
                if (feeds.0 & opens.0) | (feeds.1 & opens.1) != 0 { break }
                // Each matching byte is 1: a multiply adds a word's eight into its top byte.
                let ones: UInt64 = 0x0101_0101_0101_0101
                counted &+= Int(((feeds.0 &* ones) >> 56) + ((feeds.1 &* ones) >> 56))
            }
            q &+= Block.scalarCount
        }
        records &+= counted
        // Every line starting at or before `q` is counted; the next starts after a line feed.
        guard q < end, let hit = memchr(base + q, 10, end - q) else { return end }
        return UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base + 1
    }

    private typealias Block = SIMD16<UInt8>

    /// The 16 bytes at `offset`, each 1 where it equals one of `targets` and 0 elsewhere, as
    /// two words (a comparison of vectors, tested as integers: no reduction loop).
    @inline(__always)
    private static func bytes(_ raw: UnsafeRawPointer, at offset: Int, equalTo targets: [UInt8])
        -> (UInt64, UInt64)
    {
        let block = raw.loadUnaligned(fromByteOffset: offset, as: Block.self)
        var hits = SIMDMask<SIMD16<Int8>>(repeating: false)
        for target in targets { hits .|= block .== Block(repeating: target) }
        return unsafeBitCast(
            Block(repeating: 0).replacing(with: 1, where: hits), to: (UInt64, UInt64).self)
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
