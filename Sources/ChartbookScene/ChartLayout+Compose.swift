import ChartbookModel
import Foundation

extension ChartLayout {
    /// The x side of a chart once the width is known: a window of points (index) or an x
    /// plan (real), and the mapping.
    struct XSide {
        var window: Range<Int>
        var plan: XAxisPlan?
        var mapping: XMapping
    }

    /// The y axes; each but the left only when a plot or marked line uses it.
    struct YSide {
        var left: YAxisPlan
        var right: YAxisPlan?
        /// The second axes, outside the left and the right one (`axis=left2|right2`).
        var left2: YAxisPlan?
        var right2: YAxisPlan?
    }

    /// The columns a second axis takes outside its side's first: its widest label, a space
    /// and its line.
    static func outerWidth(_ axis: YAxisPlan?) -> Int {
        axis.map { ($0.labels.map(TextMetrics.width(of:)).max() ?? 0) + 2 } ?? 0
    }

    /// The gutters and y axes, settled together: with an adaptive range the labels depend
    /// on the window, and an index window on the width.
    /// `inner`: the gutters' columns next to the plot (the first axes', marked lines'
    /// labels) — the second axes stand outside them, a side legend outside all.
    func settle(_ c: ChartContext, _ plan: RowPlan) -> (
        left: Int, right: Int, rightAxis: Bool, inner: (left: Int, right: Int), x: XSide,
        y: YSide
    ) {
        let lines = c.session.referenceLines
        let labelSide = lines.visible && c.session.axes.yGuide.labels ? lines.labels : .none
        var width = columns
        var left = 0, right = 0, rightAxis = false, inner = (left: 0, right: 0)
        var last: (x: XSide, y: YSide)?
        for _ in 0..<2 {
            let x = xSide(c, widthCells: width)
            let y = ySide(c, plan, x: x)
            last = (x, y)
            let labelWidth = y.left.labels.map(TextMetrics.width(of:)).max() ?? 0
            let rightWidth = y.right.map { $0.labels.map(TextMetrics.width(of:)).max() ?? 0 }
            (left, right, rightAxis) = gutters(
                labelSide: labelSide, labelWidth: labelWidth, rightLabelWidth: rightWidth)
            // Marked lines' labels go beside the plot, off the data, when no right axis
            // holds that side and the plot keeps most of the width.
            let markWidth = max(
                markedLabelTexts(c).map(TextMetrics.width(of:)).max() ?? 0, lastLabelWidth(c))
            if !rightAxis, markWidth > 0, columns - left - markWidth >= max(20, columns * 2 / 3) {
                right = markWidth
            }
            inner = (left, right)
            left += Self.outerWidth(y.left2)
            right += Self.outerWidth(y.right2)
            // Sparklines in the margins (`place=right|left`), then a side legend outside them.
            let margins = marginColumns(c)
            left += margins.left
            right += margins.right
            // A legend beside the plot (`set legend left|right`): its column, outside the rest.
            switch plan.legendSide {
            case .left?: left += sideLegendWidth(c)
            case .right?: right += sideLegendWidth(c)
            default: break
            }
            width = max(0, columns - left - right)
        }
        let x = xSide(c, widthCells: plan.mainChart ? width : 0)
        // The y axes depend on x only through the window (index) or the domain (real x): when
        // those settled, the last pass's axes stand (each is a pass over all the values).
        if let last, last.x.window == x.window, last.x.plan?.domain == x.plan?.domain {
            return (left, right, rightAxis, inner, x, last.y)
        }
        return (left, right, rightAxis, inner, x, ySide(c, plan, x: x))
    }

    /// The columns a legend beside the plot takes: its widest entry (a key, a space, the
    /// name) and a column between it and the plot, at most a quarter of the chart (longer
    /// names are cut).
    func sideLegendWidth(_ c: ChartContext) -> Int {
        let widest =
            c.plots.map { 2 + TextMetrics.width(of: TextMetrics.sanitized($0.name)) }.max() ?? 0
        return min(widest, max(8, columns / 4)) + 1
    }

    func xSide(_ c: ChartContext, widthCells: Int) -> XSide {
        let view = c.session.view
        if c.realX {
            var plan = XAxisPlan.make(
                scale: c.scale, series: c.plots, categories: c.categories, view: view,
                timeZone: c.session.timeZone, including: shared.x)
            plan.guide = c.session.axes.xGuide
            let mapping = XMapping(
                domain: plan.domain, widthCells: widthCells, dotsPerCell: dots.x,
                paddingLeft: view.paddingLeft, paddingRight: view.paddingRight)
            return XSide(window: 0..<0, plan: plan, mapping: mapping)
        }
        let window = view.window(count: c.count, widthCells: widthCells)
        let spacing: Double?
        switch view.spacing {
        case .auto, .points: spacing = nil
        case .cells(let s): spacing = s
        }
        let slotted = c.plots.contains { $0.plot.standsInSlots }
        var slot = spacing, padding = view.paddingLeft
        // Cells: bars in whole-cell slots, so every bar has the same width and gap (fractional
        // slots made the gaps alternate and neighbours fuse); the leftover cells go either side.
        let usable = Double(widthCells) - view.paddingLeft - view.paddingRight
        if slotted, !vectorBars, spacing == nil, window.count > 0,
            usable / Double(window.count) >= 2
        {
            let whole = (usable / Double(window.count)).rounded(.down)
            slot = whole
            padding += ((usable - whole * Double(window.count)) / 2).rounded(.down)
        }
        let mapping = XMapping(
            count: window.count, widthCells: widthCells, dotsPerCell: dots.x, slotted: slotted,
            first: window.lowerBound, spacingCells: slot, paddingLeft: padding,
            paddingRight: view.paddingRight)
        return XSide(window: window, plan: nil, mapping: mapping)
    }

    func ySide(_ c: ChartContext, _ plan: RowPlan, x: XSide) -> YSide {
        func axis(_ axis: PlotBinding.Axis) -> YAxisPlan? {
            let used =
                c.plots.contains { $0.plot.binding.axis == axis }
                || c.marks.contains { $0.0.axis == axis }
            return used ? yAxis(c, plan, x: x, axis: axis) : nil
        }
        return YSide(
            left: yAxis(c, plan, x: x, axis: .left), right: axis(.right), left2: axis(.left2),
            right2: axis(.right2))
    }

    /// One y axis from the plots and marked lines on it.
    func yAxis(_ c: ChartContext, _ plan: RowPlan, x: XSide, axis: PlotBinding.Axis)
        -> YAxisPlan
    {
        let session = c.session
        var lo = Double.infinity, hi = -Double.infinity
        for p in c.plots where p.plot.binding.axis == axis {
            let adapt = session.axes.range == .adapt
            let extents =
                [visibleExtent(of: p, x: x, adapt: adapt)]
                + p.extra.map {
                    Statistics.extent(of: visibleValues($0, of: p, x: x, adapt: adapt))
                }
            for case let (a, b)? in extents { lo = min(lo, a); hi = max(hi, b) }
        }
        for (line, value) in c.marks where line.axis == axis && line.fit && value.isFinite {
            lo = min(lo, value); hi = max(hi, value)
        }
        for value in annotationValues(session, axis: axis, x: x) {
            lo = min(lo, value); hi = max(hi, value)
        }
        // A faceted page's panels share the left axis's range (`set facetscales`).
        if axis == .left, let y = shared.y {
            lo = min(lo, y.lowerBound); hi = max(hi, y.upperBound)
        }
        let transform = ScaleTransform(session.axes.yScale)
        // Zero in the scale's units (0 on sqrt and symlog as on linear); a log scale has none.
        if (session.axes.includeZero || c.includeZero) && transform.admits(0) {
            lo = min(lo, 0)
            hi = max(hi, 0)
        }
        var lines = session.referenceLines
        // The other axes are ticked at round values whatever the left's reference lines are.
        if axis != .left { lines.positions = .auto }
        let onAxis = c.plots.filter { $0.plot.binding.axis == axis }
        var request = YAxisPlan.Request(
            extent: lo <= hi ? (lo, hi) : nil, mode: session.axes.range, lines: lines,
            rows: plan.plotHeight, transform: transform)
        request.wholeNumbers = !onAxis.isEmpty && onAxis.allSatisfy(\.plot.drawsCounts)
        // The guide is the left axis's; the right keeps its automatic ticks and labels.
        if axis == .left { request.guide = session.axes.yGuide }
        return YAxisPlan.make(request)
    }

    /// The lowest and highest finite value of `p` that `yAxis` fits (all, or with `adapt` those
    /// in view): from the pyramid when the series has one, else one pass.
    func visibleExtent(of p: ResolvedPlot, x: XSide, adapt: Bool) -> (Double, Double)? {
        guard let summary = p.summary, p.sorted else {
            return Statistics.extent(of: visibleValues(p.values, of: p, x: x, adapt: adapt))
        }
        let n = p.values.count
        let range: Range<Int>
        if !adapt {
            range = 0..<n
        } else if let plan = x.plan, let xs = p.xs {
            range = visibleSpan(xs, plan.domain, margin: 0)
        } else {
            range = min(x.window.lowerBound, n)..<min(x.window.upperBound, n)
        }
        let e = summary.extremes(in: range, of: p.values)
        return e.hasFinite ? (e.low, e.high) : nil
    }

    /// The values `set range adapt` fits: those in the window (index) or the x interval.
    /// `values` is the series' own or one of its `extra` columns (row for row with it).
    func visibleValues(_ values: [Double], of p: ResolvedPlot, x: XSide, adapt: Bool)
        -> ArraySlice<Double>
    {
        guard adapt else { return values[...] }
        guard let plan = x.plan, let xs = p.xs else {
            let n = values.count
            return values[min(x.window.lowerBound, n)..<min(x.window.upperBound, n)]
        }
        if p.sorted { return values[visibleSpan(xs, plan.domain, margin: 0)] }
        return ArraySlice(zip(xs, values).filter { plan.domain.contains($0.0) }.map(\.1))
    }

    /// The indices of sorted `xs` inside `domain`, plus `margin` points each side.
    func visibleSpan(_ xs: [Double], _ domain: ClosedRange<Double>, margin: Int) -> Range<Int> {
        let lower = Self.firstIndex(in: xs) { $0 >= domain.lowerBound }
        let upper = Self.firstIndex(in: xs) { $0 > domain.upperBound }
        return max(lower - margin, 0)..<min(upper + margin, xs.count)
    }

    /// Binary search: the first index whose value satisfies the (monotone) predicate.
    static func firstIndex(in xs: [Double], where predicate: (Double) -> Bool) -> Int {
        var low = 0, high = xs.count
        while low < high {
            let mid = (low + high) / 2
            if predicate(xs[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
