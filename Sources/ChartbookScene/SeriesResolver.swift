import ChartbookModel
import Foundation

/// Session plots → the series the chart draws: `by=` splits a plot into one series per
/// group, `where=` keeps some rows, a log scale takes log10 of the values (leaving out and
/// counting those ≤ 0), and on a real x scale every series carries its x values (data
/// units after the scale's transform), sorted for lines and bars unless `order=data`.
struct SeriesResolver {
    var session: Session
    var scale: XScaleKind
    /// The panel of a faceted page being drawn: faceted plots keep its rows only.
    var panel: Facet.Key? = nil
    /// What a panel shares with the others along x: the histograms' bins and the categories'
    /// slots of every panel's rows.
    var sharedBinning: HistogramBinning? = nil
    var sharedCategories: XCategories? = nil
    /// Whether lines of several groups differ in dash pattern (`ChartLayout.groupDashes`).
    var groupDashes = true
    /// In a panel: each faceted plot's rows there (`Session.facetPartition`), by plot id;
    /// found once for the page instead of once per panel and pass.
    var panelRows: [String: [Int]] = [:]
    /// In a panel: each faceted plot's groups in every panel's order (the page found them).
    var groupOrders: [String: [String]] = [:]

    /// The marker shapes of a dot plot's `by=` groups, in turn.
    static let groupShapes: [MarkerStyle.Shape] = [.circle, .square, .diamond, .cross]

    /// The most series one plot's `by=` draws (the executor refuses more when adding it).
    static let maxGroups = ResourceLimits().maxGroups

    func resolve() -> Result {
        // Categories in the order a plot's `sort=` asks, else as they are met.
        var categories =
            sharedCategories
            ?? (scale == .category ? session.sortedCategories(session.xCategoriesAsMet) : nil)
            ?? XCategories()
        var made = Made()
        for plot in session.plots { add(plot, to: &made, categories: &categories) }
        var series = made.series
        let binning = binHistograms(&series)
        for i in series.indices where series[i].plot.kind == .histogram {
            made.leftOut += transform(&series[i])
        }
        stack(&series)
        scaleViolins(&series)
        for i in series.indices where series[i].plot.kind == .range {
            series[i].bases = series[i].extra.first
        }
        var result = Result(
            series: series, categories: categories, leftOut: made.leftOut,
            cappedGroups: made.capped)
        // (Each plot's channels were scaled once, in `add`: their gaps come with them.)
        result.channelGaps = made.gaps
        note(&result, binning: binning)
        return result
    }

    /// What the plots' series are made into, plot by plot: the series, the points left out,
    /// the plots whose groups were capped and those whose channels miss values.
    private struct Made {
        var series = [Series]()
        var leftOut = 0
        var capped = [(String, Int)]()
        var gaps = [(String, Int)]()
    }

    /// `plot`'s series, one per `by=` group (at most `maxGroups`), each transformed, placed
    /// and ordered as its kind asks, added to `made`; its x categories met into `categories`.
    private func add(_ plot: Plot, to made: inout Made, categories: inout XCategories) {
        guard let values = session.values(of: plot) else { return }
        let main = plot.kind != .sparkline
        let derived = plot.kind == .histogram || plot.kind == .box || plot.kind == .violin
        let xs: [Double]? =
            main && scale != .index && !derived
            ? session.xValues(of: plot, on: scale, categories: &categories) : nil
        let all = groups(of: plot, count: values.count)
        if all.count > Self.maxGroups { made.capped.append((plot.id, all.count)) }
        let extra = extraColumns(of: plot)
        let channels = Channels(plot: plot, in: session)
        if main, let missing = channels?.scales.missing, missing > 0 {
            made.gaps.append((plot.id, missing))
        }
        // A jittered plot's slot: one for all its groups (a sort of every x).
        let jitterSlot = (plot.style.marker.jitter ?? 0) > 0 ? session.slot(of: plot) : nil
        let slot = groupSlot(of: plot, all, xs: xs)
        for group in all.prefix(Self.maxGroups) {
            var s = self.series(
                of: plot, group, among: all.count, values: values, xs: xs, extra: extra,
                main: main, channels: channels)
            s.jitterSlot = jitterSlot
            s.slot = slot
            if plot.kind == .violin { mirror(&s, at: categories.slot(of: s.name)) }
            if main && plot.kind != .histogram { made.leftOut += transform(&s) }
            if plot.kind == .box { summarise(&s, at: categories.slot(of: s.name)) }
            // Only an x–y chart joins its points along x (categories are summed by slot).
            if main, scale != .index, plot.kind.chart == .cartesian { order(&s) }
            made.series.append(s)
        }
    }

    /// The notes a resolution carries beside its series: why points were left out on a
    /// sqrt scale, repeated x values, the histogram's binning (and the bins asked, where
    /// they differ), and each computed plot's own notes.
    private func note(_ result: inout Result, binning: HistogramBinning?) {
        if session.axes.yScale == .sqrt {
            (result.leftOutReason, result.leftOutScale) = ("< 0", "sqrt")
        }
        result.repeatedX = repeatedX(result.series)
        result.binning = binning
        if let binning,
            let first = result.series.first(where: { $0.plot.kind == .histogram }),
            case .count(let asked)? = first.plot.style.histogram.bins, asked != binning.count
        {
            result.binsAsked = (first.plot.id, asked)
        }
        result.transformNotes = session.plots.compactMap { plot in
            guard let notes = plot.drawn?.chartNotes, !notes.isEmpty else { return nil }
            return (plot.id, notes)
        }
    }

    /// One group's series: its values and x values (the group's rows), its legend name (a
    /// trend's fit after it), the marks that tell it from its plot's other groups, and the
    /// summary a line along an ascending x is reduced with.
    func series(
        of plot: Plot, _ group: Group, among count: Int, values: [Double], xs: [Double]?,
        extra: [[Double]], main: Bool, channels: Channels? = nil
    ) -> Series {
        let alike = plot.binding.detail
        var s = Series(
            plot: plot, name: group.name, values: values, xs: xs,
            sorted: true, color: color(of: plot, group: alike ? 0 : group.number), extra: extra)
        s.inLegend = !alike || group.number == 0
        if alike { s.legendName = plot.id }
        s.groupKey = group.key
        if let name = plot.style.labelColumn, plot.drawn == nil {
            s.labelColumn = session.dataset(named: plot.series.dataset)?.column(named: name)
        }
        s.tracksRows =
            s.labelColumn != nil || !plot.binding.encoding.isEmpty
            || (plot.style.marker.jitter ?? 0) > 0
        s.channels = channels
        s.rowCounts = plot.drawn.flatMap { d in
            d.rows.flatMap { d.table.column(named: $0)?.numbers }
        }
        // A trend names its fit in the legend: `trend  y = 0.81x + 12.3, R² 0.93`.
        if let fit = plot.drawn?.fits[plot.binding.by == nil ? "" : group.key] {
            s.name += "  " + fit
        }
        // Dots of several groups differ in shape as well as colour, so they are told apart
        // without colour too (issue 31), as a radar's polygons are.
        if count > 1, !alike, plot.kind.spec.mark == .dots, plot.style.marker.shape == nil {
            s.plot.style.marker.shape = Self.groupShapes[group.number % Self.groupShapes.count]
        }
        // Lines of several groups differ in pattern too: solid, dashed, dotted.
        if count > 1, !alike, groupDashes, plot.kind.isLine, plot.style.stroke.dash == nil {
            let dashes = StrokeStyle.Dash.allCases
            s.plot.style.stroke.dash = dashes[group.number % dashes.count]
        }
        if main, plot.kind.isLine, group.rows == nil {
            let x = xs == nil ? nil : session.xColumn(of: plot)
            if xs == nil || x?.ascends == true {
                s.xsAscend = xs != nil
                s.xsLongestRun = xs == nil ? nil : x?.longestRun
                s.summary =
                    plot.drawn.map { $0.table.column(named: $0.y)?.summary }
                    ?? session.dataset(named: plot.series.dataset)?
                    .column(named: plot.series.column)?.summary
            }
        }
        if let rows = group.rows {
            s.values = rows.map { values[$0] }
            s.xs = s.xs.map { x in rows.map { $0 < x.count ? x[$0] : .nan } }
            s.extra = extra.map { e in rows.map { $0 < e.count ? e[$0] : .nan } }
            s.rowCounts = s.rowCounts.map { n in rows.map { $0 < n.count ? n[$0] : .nan } }
            s.keepLabelRows(rows)
        }
        return s
    }

    /// The columns a kind draws besides its own, from the plot's binding: a range's low; a
    /// candlestick's open, high and low; a trend's band (its drawn table's low and high); a
    /// violin's levels (its drawn table's values, where its densities were estimated).
    /// Missing columns read as missing values.
    func extraColumns(of plot: Plot) -> [[Double]] {
        let dataset = session.table(of: plot)
        let count = dataset?.count ?? 0
        if plot.kind == .violin {
            return [dataset?.columns.first?.numbers ?? Array(repeating: .nan, count: count)]
        }
        if plot.kind == .trend, let drawn = plot.drawn, let low = drawn.low, let high = drawn.high {
            return [low, high].map {
                dataset?.column(named: $0)?.numbers ?? Array(repeating: .nan, count: count)
            }
        }
        return plot.kind.extraColumns.map { name, path in
            // An error bar's whiskers computed by extent= are columns of its table.
            let computed = name == "low" ? plot.drawn?.low : name == "high" ? plot.drawn?.high : nil
            return (computed ?? plot.binding[keyPath: path]).flatMap {
                dataset?.column(named: $0)?.numbers
            } ?? Array(repeating: .nan, count: count)
        }
    }

    /// A box: its statistics in the units drawn (log10 on a log y scale), and in place of
    /// all its values the few the chart reads besides the box (the y extent, the readout):
    /// the median, the whiskers and the outliers — the same extent as every value. x is
    /// the group's category slot.
    func summarise(_ s: inout Series, at slot: Double) {
        func summary(_ b: BoxStatistics?) -> [Double] {
            b.map { [$0.median, $0.lowerWhisker, $0.upperWhisker] + $0.outliers } ?? []
        }
        s.box = BoxStatistics(s.values)
        s.values = summary(s.box)
        s.original = s.original.map { summary(BoxStatistics($0)) }
        s.xs = Array(repeating: slot, count: s.values.count)
    }

    /// Histograms: the values become counts (or densities) in bins all histograms share,
    /// and x the bins' centres; returns the bins (a panel's are every panel's: `sharedBinning`).
    @discardableResult
    func binHistograms(_ series: inout [Series]) -> HistogramBinning? {
        let histograms = series.indices.filter { series[$0].plot.kind == .histogram }
        guard let first = histograms.first,
            let binning = sharedBinning
                ?? HistogramBinning.make(
                    histograms.map { series[$0].values },
                    rule: series[first].plot.style.histogram.bins ?? .auto)
        else { return nil }
        let centres = (0..<binning.count).map { binning.first + (Double($0) + 0.5) * binning.width }
        for i in histograms {
            var counts = binning.counts(series[i].values)
            if series[i].plot.style.histogram.density == true {
                let total = counts.reduce(0, +)
                if total > 0 { counts = counts.map { $0 / (total * binning.width) } }
            }
            series[i].values = counts
            series[i].xs = centres
            series[i].sorted = true
        }
        return binning
    }

    /// The plot's own colour for its first group; the following palette colours for the rest.
    /// One slot for all the groups of a plot that stands in slots (`Series.slot`): the
    /// smallest step between the x values of the rows its groups hold; nil for one group.
    func groupSlot(of plot: Plot, _ groups: [Group], xs: [Double]?) -> Double? {
        guard groups.count > 1, plot.kind.spec.standsInSlots, let xs else { return nil }
        var held = [Double]()
        for group in groups {
            guard let rows = group.rows else { return finiteStep(xs) }
            held += rows.lazy.filter { $0 < xs.count }.map { xs[$0] }
        }
        return finiteStep(held)
    }

    private func finiteStep(_ xs: [Double]) -> Double? {
        let step = Statistics.smallestStep(xs)
        return step.isFinite ? step : nil
    }

    func color(of plot: Plot, group: Int) -> Color { plot.markColor(ofGroup: group) }

    /// Values in the y scale's units (log10 on a log scale, √ on a sqrt one …) and x values
    /// on a log x; returns how many it left out (the scale's `leavesOut`).
    func transform(_ s: inout Series) -> Int {
        var leftOut = 0
        let y = ScaleTransform(session.axes.yScale)
        if y != .identity {
            s.original = s.values
            for i in s.values.indices where s.values[i].isFinite {
                if y.admits(s.values[i]) {
                    s.values[i] = y.forward(s.values[i])
                } else {
                    s.values[i] = .nan
                    leftOut += 1
                }
            }
            // A remote dataset holds a drawing's rows: its engine counted all of them.
            if let remote = session.dataset(named: s.plot.series.dataset)?.remote,
                s.plot.drawn == nil
            {
                let rows = RemoteRowSet(s.plot.binding.filter)
                leftOut = remote.nonPositive(
                    s.plot.series.column,
                    in: s.plot.binding.by.map { rows.group($0, s.groupKey) } ?? rows)
            }
            s.extra = s.extra.map { $0.map(y.placed) }
        }
        if scale.isTransformed, var xs = s.xs {
            let t = scale.transform
            for i in xs.indices where xs[i].isFinite {
                if t.admits(xs[i]) {
                    xs[i] = t.forward(xs[i])
                } else {
                    xs[i] = .nan
                    leftOut += 1
                }
            }
            s.xs = xs
        }
        return leftOut
    }

    /// Lines (joined along x) whose points share an x, with the most sharing one: drawn,
    /// they make vertical zig-zags a reader would take for data; each plot once.
    func repeatedX(_ series: [Series]) -> [(String, Int)] {
        var found = [(String, Int)]()
        for s in series where s.plot.kind.isLine && s.plot.binding.order == .x && s.sorted {
            guard let xs = s.xs, !found.contains(where: { $0.0 == s.plot.id }) else { continue }
            let most = s.xsLongestRun ?? Column.longestRun(of: xs)
            if most > 1 { found.append((s.plot.id, most)) }
        }
        return found
    }

    /// Drops points without an x, and sorts lines and bars by x unless `order=data`.
    func order(_ s: inout Series) {
        guard let xs = s.xs else { return }
        if s.xsAscend { s.sorted = true; return }
        let values = s.values
        var sorted = true
        var hasMissingX = false
        var previous = -Double.infinity
        for x in xs {
            if !x.isFinite { hasMissingX = true; continue }
            if x < previous { sorted = false }
            previous = x
        }
        let wantsOrder = s.plot.kind != .dot && s.plot.kind != .box && s.plot.binding.order == .x
        if !hasMissingX && (sorted || !wantsOrder) {
            s.sorted = sorted
            return
        }
        var rows = xs.indices.filter { xs[$0].isFinite && $0 < values.count }
        if wantsOrder && !sorted { rows.sort { xs[$0] < xs[$1] } }
        s.xs = rows.map { xs[$0] }
        s.values = rows.map { values[$0] }
        s.original = s.original.map { original in rows.map { original[$0] } }
        s.extra = s.extra.map { e in rows.map { e[$0] } }
        s.rowCounts = s.rowCounts.map { n in rows.map { $0 < n.count ? n[$0] : .nan } }
        s.keepLabelRows(rows)
        s.sorted = sorted || wantsOrder
    }
}
