import ChartbookModel

/// Values by category for the charts that draw categories rather than an x axis (horizontal
/// bars, pie, radar): one row of values per series, one column per category. Rows of the
/// data with the same category add up (long data with several rows per category draws their
/// total). Categories come from the plots' `x=` columns (in order of first appearance), else
/// the dataset's labels, else the row numbers 1, 2, 3 ….
struct CategoryTable {
    var names: [String]
    var series: [SeriesResolver.Series]
    /// `values[s][k]`: series `s` at category `k`; NaN where the series has none.
    var values: [[Double]]

    static func make(_ resolved: SeriesResolver.Result, session: Session) -> CategoryTable {
        let series = resolved.series.filter { $0.plot.kind != .sparkline }
        var names = resolved.categories.names.map(TextMetrics.sanitized)
        let count =
            series.compactMap { s in s.xs.map { Int(saturating: ($0.max() ?? -1) + 1) } }.max() ?? 0
        if names.count < count {
            let labels = series.first.flatMap {
                session.table(of: $0.plot)?.labels
            }
            names += (names.count..<count).map { i in
                labels.map { i < $0.count ? TextMetrics.sanitized($0[i]) : String(i + 1) }
                    ?? String(i + 1)
            }
        }
        let values = series.map { s -> [Double] in
            var row = [Double](repeating: .nan, count: names.count)
            for (i, v) in (s.original ?? s.values).enumerated() where v.isFinite {
                guard let x = s.xs?[i], x.isFinite, Int(saturating: x) < names.count, x >= 0 else {
                    continue
                }
                row[Int(saturating: x)] =
                    row[Int(saturating: x)].isNaN ? v : row[Int(saturating: x)] + v
            }
            return row
        }
        return CategoryTable(names: names, series: series, values: values)
    }

    /// Reorders the categories by the first plot's `sort=`: by the first series' values
    /// (missing last) or by name; `data` keeps the order they came in.
    mutating func sort() {
        guard let first = values.first,
            let order = (series.first?.plot.style.categories.sort ?? .data).order(
                of: names, totals: first)
        else { return }
        names = order.map { names[$0] }
        values = values.map { row in order.map { row[$0] } }
    }
}
