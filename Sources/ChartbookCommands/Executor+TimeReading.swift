import ChartbookData
import ChartbookModel

/// `load … x=COLUMN time=…`: the x column read as times — epoch numbers, or each cell by a
/// strftime-style pattern (`TimeFormat`).
extension Executor {
    /// `column` as times by `reading`; an unread column becomes an unread time column (read
    /// and converted when a drawing needs it). Cells a pattern does not match are missing
    /// and counted (`unparseable`); a pattern no cell matches is refused at `range`.
    static func timed(
        _ column: Column, by reading: LoadOptions.TimeReading, zone: TimeZoneSetting,
        at range: SourceRange
    ) throws(Diagnostic) -> Column {
        if case .unread(let field, let count, _) = column.values {
            return Column(name: column.name, unread: .time, field: field, count: count)
        }
        switch reading {
        case .epoch(let unit):
            guard column.kind == .number, let numbers = column.numbers else {
                throw Diagnostic(
                    .invalidValue(
                        key: "time", value: unit.rawValue,
                        expected:
                            "a column of numbers for x=\(column.name) (it holds \(column.kindName))"
                    ),
                    at: range)
            }
            return Column(
                name: column.name, times: numbers.map { $0 * unit.seconds },
                unparseable: column.unparseable)
        case .format(let pattern):
            return try formatted(column, pattern, zone: zone, at: range)
        }
    }

    /// Each cell's text (a number in its shortest form: `19580329`) read by `pattern`, wall
    /// clock in `zone` unless the pattern reads a zone.
    static func formatted(
        _ column: Column, _ pattern: String, zone: TimeZoneSetting, at range: SourceRange
    ) throws(Diagnostic) -> Column {
        guard let format = try? TimeFormat(pattern) else {
            throw Diagnostic(
                .invalidValue(key: "time", value: pattern, expected: "a time pattern"), at: range)
        }
        var times = [Double](repeating: .nan, count: column.count)
        var unmatched = 0, firstUnmatched: String?
        for row in 0..<column.count {
            let text = column.text(at: row)
            guard !text.isEmpty else { continue }
            guard let parsed = format.parse(text) else {
                unmatched += 1
                if firstUnmatched == nil { firstUnmatched = text }
                continue
            }
            let offset = parsed.offset ?? zone.offset(atWall: parsed.wallSeconds)
            times[row] = parsed.seconds(assumingOffset: offset)
        }
        let matched = times.lazy.filter { !$0.isNaN }.count
        if matched == 0, let firstUnmatched {
            throw Diagnostic(
                .invalidValue(
                    key: "time", value: pattern,
                    expected:
                        "a pattern the cells of '\(column.name)' match: none of \(unmatched) does (the first reads '\(TextMetrics.sanitized(firstUnmatched))')"
                ), at: range)
        }
        return Column(name: column.name, times: times, unparseable: unmatched + column.unparseable)
    }
}
