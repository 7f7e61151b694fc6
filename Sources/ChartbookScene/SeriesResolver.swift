import ChartbookModel
import Foundation

/// Session plots → the series the chart draws: `by=` splits a plot into one series per
/// group, `where=` keeps some rows, a log scale takes log10 of the values (leaving out and
/// counting those ≤ 0), and on a real x scale every series carries its x values (data
/// units after the scale's transform), sorted for lines and bars unless `order=data`.
struct SeriesResolver {
    var session: Session
    var scale: XScaleKind

    /// One drawn series.
    struct Series {
        var plot: Plot
        /// The legend's name: the plot's id, or the group's value for `by=`.
        var name: String
        /// y values (log10 on a log y scale), NaN for missing.
        var values: [Double]
        /// x values on a real x scale, one per value; nil when x is the index.
        var xs: [Double]?
        /// Whether `xs` never decreases (lines are reduced per dot column only then).
        var sorted: Bool
        var color: Color
        /// The values as they are in the data, for readouts, when `values` were transformed
        /// (log scale); nil when `values` are the data's.
        var original: [Double]? = nil

        /// Value `i` as the data holds it.
        func shown(_ i: Int) -> Double {
            guard i >= 0, i < values.count else { return .nan }
            return original?[i] ?? values[i]
        }
    }

    struct Result {
        var series: [Series]
        /// Categories of a category axis, in order of first appearance.
        var categories: XCategories
        /// Values and x values left out because a log scale cannot show them (≤ 0).
        var leftOut: Int
        /// What is not drawn, said under the chart.
        var notes: [String] {
            var notes = [String]()
            if leftOut > 0 {
                notes.append(
                    "note: \(leftOut) value\(leftOut == 1 ? "" : "s") ≤ 0 left out (log scale)")
            }
            for (plot, groups) in cappedGroups {
                notes.append(
                    "note: \(plot) has \(groups) groups; the first \(SeriesResolver.maxGroups) are drawn"
                )
            }
            return notes
        }
        /// Plots whose `by=` has more groups than are drawn, with their group count.
        var cappedGroups: [(String, Int)]
    }

    /// The most series one plot's `by=` draws (the executor refuses more when adding it).
    static let maxGroups = ResourceLimits().maxGroups

    func resolve() -> Result {
        var categories = XCategories()
        var leftOut = 0
        var capped = [(String, Int)]()
        var series = [Series]()
        for plot in session.plots {
            guard let values = session.values(of: plot.series) else { continue }
            let main = plot.kind != .sparkline
            let xs: [Double]? =
                main && scale != .index
                ? session.xValues(of: plot, on: scale, categories: &categories) : nil
            let all = groups(of: plot, count: values.count)
            if all.count > Self.maxGroups { capped.append((plot.id, all.count)) }
            for group in all.prefix(Self.maxGroups) {
                var s = Series(
                    plot: plot, name: group.name, values: values, xs: xs, sorted: true,
                    color: color(of: plot, group: group.number))
                if let rows = group.rows {
                    s.values = rows.map { values[$0] }
                    s.xs = xs.map { x in rows.map { $0 < x.count ? x[$0] : .nan } }
                }
                if main { leftOut += transform(&s) }
                if main, scale != .index { order(&s) }
                series.append(s)
            }
        }
        return Result(
            series: series, categories: categories, leftOut: leftOut, cappedGroups: capped)
    }

    struct Group {
        var name: String
        var number: Int
        /// The rows it holds, in order; nil: every row (no copy needed).
        var rows: [Int]?
    }

    /// The plot's groups (`by=`) of the rows its filter (`where=`) keeps.
    func groups(of plot: Plot, count: Int) -> [Group] {
        let dataset = session.dataset(named: plot.series.dataset)
        let column = { (name: String?) in name.flatMap { dataset?.column(named: $0) } }
        let keep = column(plot.binding.filter?.column).flatMap { c in
            plot.binding.filter?.keeps(c)
        }
        guard let by = column(plot.binding.by) else {
            guard let keep else { return [Group(name: plot.id, number: 0, rows: nil)] }
            return [
                Group(
                    name: plot.id, number: 0,
                    rows: (0..<count).filter { $0 < keep.count && keep[$0] })
            ]
        }
        var order = [String]()
        var rows = [String: [Int]]()
        for row in 0..<count where keep.map({ row < $0.count && $0[row] }) ?? true {
            let key = by.text(at: row)
            if rows[key] == nil { order.append(key) }
            rows[key, default: []].append(row)
        }
        // Names are sanitised once per group, not once per row.
        return order.enumerated().map { number, key in
            Group(
                name: key.isEmpty ? "(none)" : TextMetrics.sanitized(key), number: number,
                rows: rows[key])
        }
    }

    /// The plot's own colour for its first group; the following palette colours for the rest.
    func color(of plot: Plot, group: Int) -> Color {
        if group == 0 { return plot.resolvedColor }
        return Color.palette[(plot.paletteSlot + group) % Color.palette.count]
    }

    /// log10 of values and x values on log scales; returns how many it left out (≤ 0).
    func transform(_ s: inout Series) -> Int {
        var leftOut = 0
        if session.axes.yScale == .log {
            s.original = s.values
            for i in s.values.indices where s.values[i].isFinite {
                if s.values[i] > 0 {
                    s.values[i] = log10(s.values[i])
                } else {
                    s.values[i] = .nan
                    leftOut += 1
                }
            }
        }
        if scale == .log, var xs = s.xs {
            for i in xs.indices where xs[i].isFinite {
                if xs[i] > 0 {
                    xs[i] = log10(xs[i])
                } else {
                    xs[i] = .nan
                    leftOut += 1
                }
            }
            s.xs = xs
        }
        return leftOut
    }

    /// Drops points without an x, and sorts lines and bars by x unless `order=data`.
    func order(_ s: inout Series) {
        guard let xs = s.xs else { return }
        let values = s.values
        var sorted = true
        var hasMissingX = false
        var previous = -Double.infinity
        for x in xs {
            if !x.isFinite { hasMissingX = true; continue }
            if x < previous { sorted = false }
            previous = x
        }
        let wantsOrder = s.plot.kind != .dot && s.plot.binding.order == .x
        if !hasMissingX && (sorted || !wantsOrder) {
            s.sorted = sorted
            return
        }
        var rows = xs.indices.filter { xs[$0].isFinite && $0 < values.count }
        if wantsOrder && !sorted { rows.sort { xs[$0] < xs[$1] } }
        s.xs = rows.map { xs[$0] }
        s.values = rows.map { values[$0] }
        s.original = s.original.map { original in rows.map { original[$0] } }
        s.sorted = sorted || wantsOrder
    }
}
