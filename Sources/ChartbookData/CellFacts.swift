/// What one cell adds to its column's tally (`FieldScanner.Tally`): present (not blank, not
/// missing); a failure (not a number: a time or text); a time, one naming its zone; a text
/// telling a decimal comma. The rule `FastNumericParser.parsePart` counts by inline, for a
/// cell classified once and counted for every row holding the same bytes (`TextCoder`).
struct CellFacts: OptionSet, Hashable {
    let rawValue: UInt8
    static let present = CellFacts(rawValue: 1)
    static let failure = CellFacts(rawValue: 2)
    static let time = CellFacts(rawValue: 4)
    static let zoned = CellFacts(rawValue: 8)
    static let commaTold = CellFacts(rawValue: 16)

    /// The facts of `cell`; `tellsComma` is asked of a text only.
    init(_ cell: Cell, tellsComma: () -> Bool) {
        switch cell {
        case .blank, .missing: self = []
        case .number: self = .present
        case .time(_, let zoned):
            self = zoned ? [.present, .failure, .time, .zoned] : [.present, .failure, .time]
        case .text: self = tellsComma() ? [.present, .failure, .commaTold] : [.present, .failure]
        }
    }

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The facts of the field at `start` (its first byte; blanks before it are skipped) of
    /// `base[..<end]`, classified exactly as the numeric pass's fast path classifies it.
    static func of(
        _ base: UnsafePointer<UInt8>, at start: Int, end: Int, separator: UInt8, blank: UInt8
    ) -> CellFacts {
        var q = start
        while q < end && (base[q] == 32 || base[q] == blank) { q &+= 1 }
        let (cell, fieldEnd) = FastNumericParser.field(
            base, from: q, to: end, separator: separator, blank: blank)
        return CellFacts(cell) { GroupedNumber.tellsComma(base, from: q, to: fieldEnd) }
    }
}
