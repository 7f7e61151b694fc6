import ChartbookModel

/// Which rows the chart gets, decided before anything is placed: optional rows are given
/// out by priority and dropped on small targets so the plot keeps at least three rows
/// where it can. Top to bottom: title, legend (one or more rows), y title, plot area, bottom
/// axis, x labels, x title, channel keys, position line, sparkline strip, note, selection
/// readout.
struct RowPlan {
    var hasAxisRow = false
    var hasXLabels = false
    /// The x axis's line and labels stand above the plot (`set xaxis position=top`).
    var xAxisTop = false
    /// Rows under the x labels' own for names written downward (`writesNamesDown`).
    var downwardRows = 0
    var hasXTitle = false
    var sparkStrip = [Int]()
    /// Rows of the sparklines above the plot (`place=above`), in order.
    var sparkAbove = [Int]()
    var hasPosition = false
    var hasTitle = false
    var hasReadout = false
    /// The legend's rows, each a list of entries (index into the main series).
    var legendLines = [[Int]]()
    /// Legend entries left out for want of rows (said as `+N more`).
    var legendHidden = 0
    /// The legend rows stand below the x axis (`set legend bottom`), not above the plot.
    var legendBelow = false
    /// The legend rows stand inside the plot area's top rows (`set legend inside`).
    var legendInside = false
    /// The legend is a column beside the plot, an entry a row from its top (`set legend
    /// left|right`): it takes no row, and the gutters make room for it.
    var legendSide: OutputSettings.LegendPosition?
    var hasYTitle = false
    /// Rows for notes under the chart.
    var noteRows = 0
    /// Rows for the channels' keys (`ChartContext.guides`), under the x axis.
    var guideRows = 0
    var plotHeight = 0
    var mainChart = true

    /// Rows above the plot area.
    var top: Int {
        (hasTitle ? 1 : 0)
            + (legendBelow || legendInside || legendSide != nil ? 0 : legendLines.count)
            + sparkAbove.reduce(0, +) + (hasYTitle ? 1 : 0) + (xAxisTop ? xAxisRows : 0)
    }

    /// The rows of the x axis's line and labels.
    var xAxisRows: Int { (hasAxisRow ? 1 : 0) + (hasXLabels ? 1 + downwardRows : 0) }
}

extension ChartLayout {
    func rowPlan(_ c: ChartContext) -> RowPlan {
        var plan = RowPlan()
        let session = c.session
        let mainChart = !c.plots.isEmpty || c.sparks.isEmpty
        plan.mainChart = mainChart
        var used = 0
        let minimumPlot = mainChart ? min(rows, 3) : 0
        func take(_ wanted: Bool, _ n: Int = 1) -> Bool {
            guard wanted, rows - used - n >= minimumPlot else { return false }
            used += n
            return true
        }
        let hasPoints = c.realX ? c.plots.contains { !$0.values.isEmpty } : c.count > 0
        plan.hasAxisRow = take(mainChart)
        plan.xAxisTop = mainChart && session.axes.xGuide.top
        plan.hasXLabels = take(mainChart && hasPoints && session.axes.xGuide.labels)
        if plan.hasXLabels, writesNamesDown(c) {
            let extra = downwardExtraRows(c)
            if take(extra > 0, extra) { plan.downwardRows = extra }
        }
        for height in sparks(at: .below, c).map({ $0.plot.style.spark.resolvedHeight })
        where take(true, height) {
            plan.sparkStrip.append(height)
        }
        for height in sparks(at: .above, c).map({ $0.plot.style.spark.resolvedHeight })
        where take(true, height) {
            plan.sparkAbove.append(height)
        }
        // The position line is decided once the window is known; reserve it when it may show.
        let view = session.view
        let mayScroll = c.realX ? view.xInterval != nil : view.spacing != .auto
        plan.hasPosition = take(mainChart && mayScroll && hasPoints)
        plan.hasTitle = take(
            session.output.title.map(TextMetrics.sanitized).map { !$0.isEmpty } ?? false)
        plan.hasReadout = take(mainChart && selectionShown(c))
        for _ in c.guides where mainChart && take(true) { plan.guideRows += 1 }
        for _ in c.notes where mainChart && take(true) { plan.noteRows += 1 }
        let named = c.plots.indices.filter { c.plots[$0].inLegend }
        let legend =
            mainChart && !named.isEmpty
            && session.output.legendShown(
                series: named.count, yTitled: session.axes.yTitle != nil)
        let position = session.output.legendPosition
        let inside = position.isInside
        if legend, position.isSide {
            // A column beside the plot: an entry a row, as many as the rows hold (the plot
            // area's height is known later: the assembly cuts the column to it).
            plan.legendLines = named.map { [$0] }
            plan.legendSide = position
        } else if legend {
            // At most a quarter of the rows; what does not fit is counted on the last row.
            // Inside the plot the rows are the plot's own: none is taken.
            let lines = legendLines(c.plots, named)
            for line in lines.prefix(max(1, rows / 4)) where inside || take(true) {
                plan.legendLines.append(line)
            }
            plan.legendInside = inside
            plan.legendHidden = named.count - plan.legendLines.reduce(0) { $0 + $1.count }
            plan.legendBelow = session.output.legendPosition == .bottom
        }
        plan.hasXTitle = take(mainChart && session.axes.xTitle != nil)
        plan.hasYTitle = take(mainChart && session.axes.yTitle != nil)
        plan.plotHeight = mainChart ? max(0, rows - used) : 0
        return plan
    }

    func selectionShown(_ c: ChartContext) -> Bool {
        switch c.session.selection {
        case .none: return false
        case .last: return c.realX || c.count > 0
        case .index(let i): return !c.realX && i >= 0 && i < c.count
        case .x: return c.realX
        }
    }

    /// Legend entries (`named`: the indices in `plots` the legend names, in order) wrapped
    /// into lines that fit the chart's width.
    func legendLines(_ plots: [ResolvedPlot], _ named: [Int]) -> [[Int]] {
        var lines = [[Int]]()
        var current = [Int]()
        var width = 0
        for index in named {
            let p = plots[index]
            let entry = 2 + TextMetrics.width(of: TextMetrics.sanitized(p.nameInLegend))
            let needed = current.isEmpty ? entry : width + 2 + entry
            if needed > columns && !current.isEmpty {
                lines.append(current)
                current = [index]
                width = entry
            } else {
                current.append(index)
                width = needed
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
