import ChartbookModel

/// Dates written with numbers only, day or month first (`13/01/2023`, `01-13-2023 10:30`):
/// chartbook does not read them as times on its own — `01/02/2023` is either order — but a
/// column of them usually tells the order somewhere (a 13th or later day), and then `load`
/// says which pattern reads it (`Feedback.loaded`).
extension TimeFormat {
    /// Cells looked at, at most: a text column with more distinct values gets no pattern
    /// (the hint must hold for every cell, and costs two parses of each).
    public static let numericDatesLimit = 100_000

    /// The `time=` pattern that reads every cell of `cells` (a text column's distinct values;
    /// empty ones aside) as a date written with numbers, day first or month first, and the
    /// first cell the other order cannot read (what tells them apart): nil unless exactly one
    /// of the two orders reads every cell. Every cell has the first cell's shape: `/` or `-`
    /// between the fields, a year of four digits (`%Y`) or two (`%y`) — `%Y` would read a
    /// year of two digits as such — and the same time of day (` %H:%M`, ` %H:%M:%S`, none).
    /// A year written first (`2023/01/13`) is read without a pattern already.
    public static func numericDates(in cells: [String]) -> (pattern: String, example: String)? {
        let written = cells.filter { !$0.isEmpty }
        guard !written.isEmpty, written.count <= numericDatesLimit,
            let shape = NumericDateShape(written[0]),
            written.allSatisfy({ NumericDateShape($0) == shape })
        else { return nil }
        let orders = shape.orders
        let readsAll = orders.map { order in written.allSatisfy { order.parse($0) != nil } }
        guard readsAll == [true, false] || readsAll == [false, true],
            let reading = readsAll.firstIndex(of: true),
            let example = written.first(where: { orders[1 - reading].parse($0) == nil })
        else { return nil }
        return (orders[reading].pattern, example)
    }
}

/// How a date of three numbers is written: the separator between them, the year's digits
/// (last), and the time of day's fields after a space (0: none).
private struct NumericDateShape: Equatable {
    var separator: Character
    var yearDigits: Int
    var timeFields: Int

    /// Nil when `cell` is not a date of three numbers, the year last, with an optional time
    /// of day (hours and minutes, and seconds).
    init?(_ cell: String) {
        let parts = cell.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count <= 2, let date = parts.first,
            let separator = date.first(where: { $0 == "/" || $0 == "-" })
        else { return nil }
        let fields = date.split(separator: separator, omittingEmptySubsequences: false)
        guard fields.count == 3,
            fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            fields[0].count <= 2, fields[1].count <= 2, [2, 4].contains(fields[2].count)
        else { return nil }
        self.separator = separator
        yearDigits = fields[2].count
        timeFields =
            parts.count == 2
            ? parts[1].split(separator: ":", omittingEmptySubsequences: false).count : 0
        guard [0, 2, 3].contains(timeFields) else { return nil }
    }

    /// The patterns reading it day first and month first (two, always: they name a year).
    var orders: [TimeFormat] {
        let year = yearDigits == 4 ? "%Y" : "%y"
        let time = [0: "", 2: " %H:%M", 3: " %H:%M:%S"][timeFields] ?? ""
        let s = String(separator)
        return ["%d\(s)%m\(s)\(year)\(time)", "%m\(s)%d\(s)\(year)\(time)"].compactMap {
            try? TimeFormat($0)
        }
    }
}
