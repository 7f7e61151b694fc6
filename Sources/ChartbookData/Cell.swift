/// What one trimmed cell of a delimited file holds; the single rule both CSV paths (the fast
/// numeric one and the general scanner) apply to a cell.
enum Cell {
    /// Nothing between the separators.
    case blank
    /// A missing-value word (`NA`, `null`, …; see `MissingValue`).
    case missing
    case number(Double)
    /// A date or date-time (see `TimeParser`): seconds since the epoch, a text without a zone
    /// read as UTC (`zoned` false; the reader converts those when `set timezone` says so).
    case time(Double, zoned: Bool)
    /// Anything else: present, but not a number.
    case text

    /// Classifies `bytes[start..<end]`, blanks already trimmed.
    @inline(__always)
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Cell {
        if start == end { return .blank }
        // Date-times in the machine form first: most cells of a time column are.
        if let parsed = TimeParser.parseISO(bytes, start, end) {
            return .time(parsed.seconds(), zoned: parsed.offset != nil)
        }
        if let value = NumberParser.parse(bytes, start, end) {
            // `inf`, `-Infinity`: read, but no chart can place them (as NaN): missing.
            return value.isInfinite ? .missing : .number(value)
        }
        if MissingValue.isMissing(bytes, start, end) { return .missing }
        if let parsed = TimeParser.parse(bytes, start, end) {
            return .time(parsed.seconds(), zoned: parsed.offset != nil)
        }
        return .text
    }
}
