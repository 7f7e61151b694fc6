/// The lines a delimited file's readers pass over: comment lines (`#` as the first byte) and
/// lines of nothing but blanks. One rule for both CSV paths (the fast numeric one and the
/// general scanner), so they always agree on which lines are records.
enum SkippableLine {
    /// Where the next line starts when the line at `start` is skipped; nil when it holds a
    /// record. `blank`: the blank byte besides the space (tab, unless tab separates fields).
    /// `commentAllowed`: false for a `#` line that is the header (see `DelimitedReader`).
    @inline(__always)
    static func next(
        after start: Int, in base: UnsafePointer<UInt8>, end: Int, blank: UInt8,
        commentAllowed: Bool = true
    ) -> Int? {
        var p = start
        while p < end && (base[p] == 32 || base[p] == blank) { p &+= 1 }
        let isBlank = p == end || base[p] == 10 || base[p] == 13
        guard isBlank || (commentAllowed && start < end && base[start] == 35) else { return nil }
        while p < end && base[p] != 10 && base[p] != 13 { p &+= 1 }
        if p < end && base[p] == 13 { p &+= 1 }
        if p < end && base[p] == 10 { p &+= 1 }
        return p
    }

    /// The bytes a skippable line may start with — a blank (space or tab), a line end, `#`;
    /// a line starting with any other byte holds a record.
    static let firstBytes: [UInt8] = [32, 9, 10, 13, 35]

    /// The blank byte besides the space for `separator`.
    static func blank(for separator: UInt8) -> UInt8 { separator == 9 ? 32 : 9 }
}
