/// Word-at-a-time searches of a delimited file's bytes: eight bytes a step (SWAR), for the
/// fields a columns-on-demand read steps over. Positions are byte offsets from `base`;
/// nothing is read at or past `end`.
enum ByteScan {
    /// 0x80 in every byte of `x` that is zero, 0 elsewhere (exact: no borrow between bytes).
    @inline(__always)
    static func zeroBytes(_ x: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7f7f_7f7f_7f7f_7f7f
        return ~(((x & low7) &+ low7) | x | low7)
    }

    /// `byte` in all eight bytes of a word.
    @inline(__always)
    static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    @inline(__always)
    static func word(_ base: UnsafePointer<UInt8>, _ at: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
    }

    /// The first separator, carriage return or line feed at or after `p`; `end` if none.
    @inline(__always)
    static func fieldEnd(_ base: UnsafePointer<UInt8>, from p: Int, to end: Int, separator: UInt8)
        -> Int
    {
        var q = p
        let sep = repeated(separator), lf = repeated(10), cr = repeated(13)
        while q &+ 8 <= end {
            let w = word(base, q)
            let hits = zeroBytes(w ^ sep) | zeroBytes(w ^ lf) | zeroBytes(w ^ cr)
            if hits != 0 { return q &+ (hits.trailingZeroBitCount >> 3) }
            q &+= 8
        }
        while q < end {
            let b = base[q]
            if b == separator || b == 10 || b == 13 { return q }
            q &+= 1
        }
        return end
    }

    /// The rest of a record from `p`: where it ends (its carriage return or line feed, or
    /// `end`), the separators before that, and whether a quote is among its bytes.
    @inline(__always)
    static func recordTail(
        _ base: UnsafePointer<UInt8>, from p: Int, to end: Int, separator: UInt8
    ) -> (end: Int, separators: Int, quoted: Bool) {
        var q = p
        var separators = 0
        let sep = repeated(separator), lf = repeated(10), cr = repeated(13)
        let quote = repeated(34)
        while q &+ 8 <= end {
            let w = word(base, q)
            let stops = zeroBytes(w ^ lf) | zeroBytes(w ^ cr)
            // Only the bytes before the record's end count.
            let before: UInt64 =
                stops == 0 ? ~0 : (1 << UInt64(stops.trailingZeroBitCount & ~7)) &- 1
            separators &+= (zeroBytes(w ^ sep) & before).nonzeroBitCount
            if zeroBytes(w ^ quote) & before != 0 { return (q, separators, true) }
            if stops != 0 { return (q &+ (stops.trailingZeroBitCount >> 3), separators, false) }
            q &+= 8
        }
        while q < end {
            let b = base[q]
            if b == 10 || b == 13 { return (q, separators, false) }
            if b == 34 { return (q, separators, true) }
            if b == separator { separators &+= 1 }
            q &+= 1
        }
        return (end, separators, false)
    }
}
