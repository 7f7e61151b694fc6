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
    /// of the two orders reads every cell. The cells' shape is the first cell's: `/` or `-`
    /// between the fields, a year of four digits (`%Y`) or two (`%y`), and optionally a time
    /// of day (` %H:%M`, ` %H:%M:%S`). A year written first (`2023/01/13`) is read without a
    /// pattern already.
    public static func numericDates(in cells: [String]) -> (pattern: String, example: String)? {
        let written = cells.filter { !$0.isEmpty }
        guard !written.isEmpty, written.count <= numericDatesLimit,
            let shape = NumericDateShape(written[0])
        else { return nil }
        let orders = shape.orders
        guard orders.count == 2 else { return nil }
        var example: [String?] = [nil, nil]
        for cell in written {
            // (Every cell of the same shape: `%Y` would read a year of two digits as such.)
            guard NumericDateShape(cell) == shape else { return nil }
            let read = orders.map { $0.parse(cell) != nil }
            if read == [false, false] { return nil }
            for (order, other) in [(0, 1), (1, 0)] where read[order] && !read[other] {
                if example[order] == nil { example[order] = cell }
            }
            // (A cell only one order reads, and one only the other reads: neither reads all.)
            if example[0] != nil, example[1] != nil { return nil }
        }
        for order in 0..<2 {
            if let cell = example[order] { return (orders[order].pattern, cell) }
        }
        return nil
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

    /// The patterns reading it day first and month first.
    var orders: [TimeFormat] {
        let year = yearDigits == 4 ? "%Y" : "%y"
        let time = [0: "", 2: " %H:%M", 3: " %H:%M:%S"][timeFields] ?? ""
        let s = String(separator)
        return ["%d\(s)%m\(s)\(year)\(time)", "%m\(s)%d\(s)\(year)\(time)"].compactMap {
            try? TimeFormat($0)
        }
    }
}
