import ChartbookData
import ChartbookModel
import Foundation

/// A wide sheet: a run of three or more numeric columns, next to each other, whose names are
/// months (`JAN`, `February`, `Jan 2024`, `Jan_2024`), dates (`2024-01`, `2024-01-15`) or
/// years (`1990`) — one column per period, as spreadsheets and statistics offices publish
/// them. The one-line form folds it (`fold`) and draws a line per row along the periods,
/// rather than the first numeric column against the row number (issue 54).
public struct WideSheet: Equatable, Sendable {
    /// The first and last column of the run, in the dataset's order.
    public var first: String, last: String
    /// What the periods are: `month`, `date` or `year` (the folded key column's name).
    public var key: String
    /// The column the rows are told apart by: the first column outside the run (a year, a
    /// region), if any.
    public var by: String?

    /// The longest such run of `dataset`'s columns; nil without one.
    public static func detect(_ dataset: Dataset) -> WideSheet? {
        var best: (range: Range<Int>, kind: String)?
        var start = 0
        let kinds = dataset.columns.map { $0.isNumeric ? periodKind(of: $0.name) : nil }
        while start < kinds.count {
            guard let kind = kinds[start] else {
                start += 1
                continue
            }
            var end = start + 1
            while end < kinds.count, kinds[end] == kind { end += 1 }
            if end - start >= 3, end - start > (best?.range.count ?? 0) {
                best = (start..<end, kind)
            }
            start = end
        }
        guard let best, let first = best.range.first, let last = best.range.last else {
            return nil
        }
        let other = dataset.columns.indices.first { !best.range.contains($0) }
        let key = dataset.column(named: best.kind) == nil ? best.kind : best.kind + "_"
        return WideSheet(
            first: dataset.columns[first].name, last: dataset.columns[last].name, key: key,
            by: other.map { dataset.columns[$0].name })
    }

    /// `month`, `date` or `year` for a column name that is one, else nil.
    static func periodKind(of name: String) -> String? {
        let text = name.trimmingCharacters(in: .whitespaces)
        if text.count == 4, let year = Int(text), (1000...2999).contains(year) { return "year" }
        let words = text.lowercased().split(whereSeparator: { " _-./".contains($0) })
        if let word = words.first, word.count >= 3,
            CivilCalendar.monthNames.contains(where: { $0.lowercased().hasPrefix(word) }),
            words.dropFirst().allSatisfy({ Int($0) != nil })
        {
            return "month"
        }
        // A year and a month (`2024-01`, `2024/1`), or a date the time reader reads.
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" })
        if parts.count == 2, parts[0].count == 4, let year = Int(parts[0]),
            let month = Int(parts[1]),
            (1000...2999).contains(year), (1...12).contains(month)
        {
            return "date"
        }
        if text.first?.isNumber == true, TimeParser.parse(text) != nil { return "date" }
        return nil
    }
}
