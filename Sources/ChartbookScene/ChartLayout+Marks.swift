import ChartbookModel

extension ChartLayout {
    /// One series' marks: the points of the window (index) or of the x interval (real x);
    /// lines also reach one point beyond each end, so they run on to the edge of the area.
    /// A bar series' place among the chart's bar series: each slot is shared between them
    /// side by side (grouped), so several bar plots never overdraw one another.
    struct BarGroup {
        var index = 0
        var count = 1
    }

    func layer(
        for p: ResolvedPlot, x side: XSide, y: YMapping, heightCells: Int,
        group: BarGroup = BarGroup(), pattern: Int? = nil
    ) -> Scene.Layer {
        let width = p.plot.style.width ?? 2
        let thickness = p.plot.kind.isLine && width >= 3 ? 2 : 1
        let x = side.mapping
        let n = p.values.count
        let window: Range<Int>, span: Range<Int>
        let position: (Int) -> Int
        if let plan = side.plan, let xs = p.xs {
            let visible =
                p.sorted ? visibleSpan(xs, plan.domain, margin: 0) : 0..<min(n, xs.count)
            window = visible
            span = p.sorted ? visibleSpan(xs, plan.domain, margin: 1) : visible
            position = { x.dot(value: xs[$0]) }
        } else {
            // The window is over the longest series; this one may end before it starts.
            window = side.window
            let lower = min(max(window.lowerBound - 1, 0), n)
            span = lower..<max(min(window.upperBound + 1, n), lower)
            position = { x.dot($0) }
        }
        switch p.plot.kind {
        case .line, .area, .sparkline:
            let smooth = p.plot.style.lineStyle == .smooth && window.count * 2 <= x.widthDots
            let runs: [[DotPoint]]
            if smooth {
                runs = smoothRuns(p.values, span, position: position, y: y)
            } else if side.plan != nil, let xs = p.xs {
                runs =
                    p.sorted
                    ? sortedRuns(xs, p.values, span, x: x, y: y)
                    : pathRuns(p.values, span, position: position, y: y)
            } else {
                runs = straightRuns(p.values, span, x: x, y: y)
            }
            return Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: thickness, strokeWidth: width,
                marks: .polyline(runs), fill: fill(for: p, y: y),
                curve: smooth ? curve(p.values, span, position: position, y: y) : nil)
        case .dot:
            let points = markers(p.values, window, position: position, x: x, y: y)
            // Below size 1 a point is one dot of the raster rather than a glyph.
            if let size = p.plot.style.size, size < 1 {
                return Scene.Layer(
                    plotID: p.plot.id, color: p.color, thickness: 1,
                    marks: .polyline(points.map { [$0] }),
                    markerSize: size)
            }
            return Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1,
                marks: .markers(points, p.plot.style.marker ?? .circle),
                markerSize: p.plot.style.size ?? 6)
        case .bar, .grouped, .stacked, .histogram, .range:
            let slots = slots(p, window, side: side)
            let bars = bars(
                p, slots.indices, centers: slots.centers, slot: slots.slot, x: x, y: y,
                heightCells: heightCells, group: group)
            var layer = Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1, marks: .bars(bars))
            layer.pattern = pattern
            return layer
        case .candlestick:
            return Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1,
                marks: .boxes(candles(p, slots(p, window, side: side), y: y)))
        case .box:
            return Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1,
                marks: .boxes(boxes(p, x: x, y: y, group: group)))
        case .hbar, .pie, .donut, .radar, .heatmap:
            // Drawn by layouts of their own, never in a cartesian chart.
            return Scene.Layer(plotID: p.plot.id, color: p.color, thickness: 1, marks: .bars([]))
        }
    }

    /// The slots of a series' visible points: their indices, centres (cells) and the slot
    /// width (cells): the index's slots, or on a real x the smallest step between x values.
    func slots(_ p: ResolvedPlot, _ window: Range<Int>, side: XSide) -> (
        indices: [Int], centers: [Double], slot: Double
    ) {
        let x = side.mapping
        guard side.plan != nil, let xs = p.xs else {
            let indices = Array(window.clamped(to: 0..<p.values.count))
            return (indices, indices.map { x.centerCell($0) }, x.slotCells)
        }
        let step = XAxisPlan.smallestStep(xs, sorted: p.sorted)
        let slot =
            step.isFinite ? step * x.dotsPerUnit / Double(dots.x) : Double(x.widthCells) / 2
        // Histogram bins meet exactly: their centres are not rounded to dot columns.
        let exact = p.plot.kind == .histogram
        return (
            Array(window),
            window.map { exact ? x.exactCell(value: xs[$0]) : x.cell(value: xs[$0]) }, slot
        )
    }

    /// Candles: a body from open to close (hollow when the close is higher, filled when
    /// lower) and a wick from low to high, `width=` (0.6) of the slot.
    func candles(
        _ p: ResolvedPlot, _ slots: (indices: [Int], centers: [Double], slot: Double),
        y: YMapping
    ) -> [Scene.Box] {
        guard p.extra.count == 3 else { return [] }
        let (open, high, low) = (p.extra[0], p.extra[1], p.extra[2])
        let half = slots.slot * min(max(p.plot.style.width ?? 0.6, 0.05), 1) / 2
        let row = { (v: Double) in y.cell(v, dotsPerCell: self.dots.y) }
        var boxes = [Scene.Box]()
        for (i, center) in zip(slots.indices, slots.centers) {
            let close = p.values[i]
            guard close.isFinite, open[i].isFinite else { continue }
            let top = max(open[i], close), bottom = min(open[i], close)
            let rising = close >= open[i]
            boxes.append(
                Scene.Box(
                    x0: center - half, x1: center + half,
                    whiskerTop: row(high[i].isFinite ? max(high[i], top) : top),
                    whiskerBottom: row(low[i].isFinite ? min(low[i], bottom) : bottom),
                    bodyTop: row(top), bodyBottom: row(bottom), hollow: rising,
                    color: rising ? p.color : Self.fallingColor))
        }
        return boxes
    }

    /// The colour of falling candles (rising ones take the plot's colour).
    static let fallingColor = Color(red: 0xE0, green: 0x4E, blue: 0x4E)

    /// A box plot's box at its group's category: quartiles, median, whiskers, outliers.
    func boxes(_ p: ResolvedPlot, x: XMapping, y: YMapping, group: BarGroup) -> [Scene.Box] {
        guard let stats = p.box, let slot = p.xs?.first else { return [] }
        let whole = x.dotsPerUnit / Double(dots.x)
        let share = min(max(p.plot.style.width ?? 0.5, 0.05), 1) / Double(group.count)
        let center =
            x.cell(value: slot) + (Double(group.index) - Double(group.count - 1) / 2) * whole
            * share
        let half = whole * share / 2
        let row = { (v: Double) in y.cell(v, dotsPerCell: self.dots.y) }
        return [
            Scene.Box(
                x0: center - half, x1: center + half, whiskerTop: row(stats.upperWhisker),
                whiskerBottom: row(stats.lowerWhisker), bodyTop: row(stats.upperQuartile),
                bodyBottom: row(stats.lowerQuartile), median: row(stats.median),
                outliers: stats.outliers.map(row))
        ]
    }

    /// A line over sorted x values: one pass, reduced per dot column.
    func sortedRuns(
        _ xs: [Double], _ values: [Double], _ span: Range<Int>, x: XMapping, y: YMapping
    ) -> [[DotPoint]] {
        var reducer = LineReducer()
        for i in span {
            let value = values[i]
            if value.isFinite {
                reducer.add(x: x.dot(value: xs[i]), y: y.dot(value))
            } else {
                reducer.breakRun()
            }
        }
        return reducer.finish()
    }

    /// A line in data order (`order=data`): every point, repeated dots dropped.
    func pathRuns(
        _ values: [Double], _ span: Range<Int>, position: (Int) -> Int, y: YMapping
    ) -> [[DotPoint]] {
        var runs = [[DotPoint]]()
        var current = [DotPoint]()
        for i in span {
            guard values[i].isFinite else {
                if !current.isEmpty { runs.append(current); current = [] }
                continue
            }
            let point = DotPoint(x: position(i), y: y.dot(values[i]))
            if current.last != point { current.append(point) }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// One pass over the points, one block of indices per dot column where they are dense.
    func straightRuns(_ values: [Double], _ span: Range<Int>, x: XMapping, y: YMapping)
        -> [[DotPoint]]
    {
        var reducer = LineReducer()
        @inline(__always) func dotY(_ value: Double) -> Int { y.dot(value) }
        values.withUnsafeBufferPointer { v in
            if let affine = x.affine {
                let offset = affine.offset, scale = affine.scale
                @inline(__always) func dotX(_ i: Int) -> Int {
                    XMapping.round(offset + scale * Double(i))
                }
                var i = span.lowerBound
                while i < span.upperBound {
                    // The block of points that land in the same dot column as point i.
                    let column = dotX(i)
                    var next = i + 1
                    if scale < 0.5 && scale > 0 {
                        // Jump close to the column's end, then settle exactly with the same rounding.
                        next = max(
                            i + 1,
                            min(
                                span.upperBound,
                                Int(saturating: (Double(column) + 0.5 - offset) / scale) - 1))
                        while next > i + 1 && dotX(next - 1) != column { next -= 1 }
                        while next < span.upperBound && dotX(next) == column { next += 1 }
                    }
                    // first, lowest, highest, last of the block; a missing value needs the exact path.
                    var lowest = i, highest = i, clean = v[i].isFinite
                    if clean && next - i > 1 {
                        var lo = v[i], hi = v[i]
                        for k in (i + 1)..<next {
                            let value = v[k]
                            if !(value >= lo || value <= hi) { clean = false; break }  // NaN
                            if value < lo { lo = value; lowest = k }
                            if value > hi { hi = value; highest = k }
                        }
                        clean = clean && lo.isFinite && hi.isFinite
                    }
                    if clean {
                        // The reducer keeps first/min/max/last per column: feed it just those, in order.
                        // (Higher values have smaller dot rows: lowest value = highest dot.)
                        let order = [i, min(lowest, highest), max(lowest, highest), next - 1]
                        for k in order { reducer.add(x: column, y: dotY(v[k])) }
                    } else {
                        for k in i..<next {
                            let value = v[k]
                            if value.isFinite {
                                reducer.add(x: column, y: dotY(value))
                            } else {
                                reducer.breakRun()
                            }
                        }
                    }
                    i = next
                }
            } else {
                for i in span {
                    let value = v[i]
                    if value.isFinite {
                        reducer.add(x: x.dot(i), y: y.dot(value))
                    } else {
                        reducer.breakRun()
                    }
                }
            }
        }
        return reducer.finish()
    }

    /// The runs a smooth line passes through: finite points with strictly increasing dot x
    /// (a later point in the same column replaces the earlier), split at missing values.
    /// `xs` are dot columns; `ys` are the values as `transform` gives them.
    func smoothPoints(
        _ values: [Double], _ span: Range<Int>, position: (Int) -> Int,
        transform: (Double) -> Double
    ) -> [(xs: [Double], ys: [Double])] {
        var runs = [(xs: [Double], ys: [Double])]()
        var xs = [Double](), ys = [Double]()
        for i in span {
            let v = values[i]
            guard v.isFinite else {
                if !xs.isEmpty { runs.append((xs, ys)); xs = []; ys = [] }
                continue
            }
            let column = Double(position(i))
            if let last = xs.last, column <= last { ys[ys.count - 1] = transform(v); continue }
            xs.append(column); ys.append(transform(v))
        }
        if !xs.isEmpty { runs.append((xs, ys)) }
        return runs
    }

    /// A monotone cubic sampled at every dot column between neighbouring points.
    func smoothRuns(
        _ values: [Double], _ span: Range<Int>, position: (Int) -> Int, y: YMapping
    ) -> [[DotPoint]] {
        var reducer = LineReducer()
        for (xs, ys) in smoothPoints(values, span, position: position, transform: { $0 }) {
            if xs.count == 1 { reducer.add(x: Int(saturating: xs[0]), y: y.dot(ys[0])) }
            if xs.count > 1 {
                let m = MonotoneCubic.tangents(xs: xs, ys: ys)
                for i in 0..<(xs.count - 1) {
                    var column = Int(saturating: xs[i])
                    while column < Int(saturating: xs[i + 1]) {
                        reducer.add(
                            x: column,
                            y: y.dot(
                                MonotoneCubic.value(
                                    at: Double(column), i: i, xs: xs, ys: ys, tangents: m)))
                        column += 1
                    }
                }
                reducer.add(x: Int(saturating: xs[xs.count - 1]), y: y.dot(ys[ys.count - 1]))
            }
            reducer.breakRun()
        }
        return reducer.finish()
    }

    /// The points of a smooth line with the monotone cubic's slopes, in dot units.
    func curve(
        _ values: [Double], _ span: Range<Int>, position: (Int) -> Int, y: YMapping
    ) -> [[Scene.CurvePoint]] {
        let h = Double(max(y.heightDots - 1, 1)), range = y.range.upperBound - y.range.lowerBound
        let toDots = { (v: Double) in min(max((y.range.upperBound - v) / range * h, -h * 4), h * 5)
        }
        return smoothPoints(values, span, position: position, transform: toDots).map { xs, ys in
            let m = MonotoneCubic.tangents(xs: xs, ys: ys)
            return xs.indices.map { Scene.CurvePoint(x: xs[$0], y: ys[$0], slope: m[$0]) }
        }
    }

    /// The fill under a line: `fill=` (default none for lines, solid for areas), down to zero
    /// or the range edge nearest to it.
    func fill(for p: ResolvedPlot, y: YMapping) -> Scene.Fill? {
        let style = p.plot.style
        let kind = style.fill ?? (p.plot.kind == .area ? .solid : PlotStyle.Fill.none)
        let baseline = y.dot(min(max(0, y.range.lowerBound), y.range.upperBound))
        switch kind {
        case .none: return nil
        case .solid:
            var color = style.fillColor ?? p.color
            if style.fillColor == nil { color.alpha = 0.35 }
            return Scene.Fill(paint: .solid(color), baselineDotY: baseline)
        case .gradient:
            var start = p.color, end = p.color
            start.alpha = 0.6
            end.alpha = 0.05
            let colors = style.gradient ?? PlotStyle.GradientColors(start: start, end: end)
            return Scene.Fill(
                paint: .gradient(
                    start: colors.start, end: colors.end, radial: style.gradientType == .radial),
                baselineDotY: baseline)
        }
    }

    /// Each visible dot once, in data order.
    func markers(
        _ values: [Double], _ window: Range<Int>, position: (Int) -> Int, x: XMapping,
        y: YMapping
    ) -> [DotPoint] {
        let w = max(1, x.widthDots), h = max(1, y.heightDots)
        var seen = [Bool](repeating: false, count: w * h)
        var points = [DotPoint]()
        for i in window.clamped(to: 0..<values.count) where values[i].isFinite {
            let px = position(i), py = y.dot(values[i])
            guard (0..<w).contains(px), (0..<h).contains(py) else { continue }
            if !seen[py * w + px] {
                seen[py * w + px] = true; points.append(DotPoint(x: px, y: py))
            }
        }
        return points
    }

    /// One bar per point at `centers` (cells) in slots `slot` cells wide; when slots are
    /// under a cell, one bar per cell column holding the value of largest magnitude there
    /// (spikes stay visible).
    func bars(
        _ p: ResolvedPlot, _ indices: [Int], centers: [Double], slot whole: Double, x: XMapping,
        y: YMapping, heightCells: Int, group: BarGroup = BarGroup()
    ) -> [Scene.Bar] {
        // Grouped: the bars of one slot stand side by side, touching, in the slot's
        // `width=` share; each series takes its part of that share.
        let share = min(max(p.plot.style.width ?? (p.plot.kind == .histogram ? 1 : 0.8), 0.05), 1)
        let grouped = group.count > 1
        let n = Double(group.count)
        // Cells: whole cells per bar and at least one cell between groups, on cell edges.
        let cellSlot = max(1, ((whole - 1) / n).rounded(.down))
        let slot = grouped ? (vectorBars ? whole * share / n : cellSlot) : whole
        let fraction = grouped ? 1 : share
        let centers = centers.map { center -> Double in
            guard grouped else { return center }
            let start =
                vectorBars ? center - whole * share / 2 : (center - n * cellSlot / 2).rounded()
            return start + (Double(group.index) + 0.5) * slot
        }
        // Exactly at zero (or the range's edge nearest it): vector output draws bars from the
        // zero line itself; a cell renderer rounds it to the nearest cell edge.
        let zero = y.cell(min(max(0, y.range.lowerBound), y.range.upperBound), dotsPerCell: dots.y)
        let clampedRow = { (value: Double) in
            min(max(y.cell(value, dotsPerCell: self.dots.y), 0), Double(heightCells))
        }
        var bars = [Scene.Bar]()
        func bar(_ value: Double, center: Double, slot: Double, base: Double? = nil) {
            // A base of zero is the zero line, placed as every bar's is.
            let floating = base.map { $0 != 0 } ?? false
            let top = clampedRow(value)
            let half = slot * fraction / 2
            bars.append(
                Scene.Bar(
                    x0: center - half, x1: center + half, slot: slot,
                    base: floating ? clampedRow(base ?? 0) : zero, top: top,
                    outline: p.plot.style.outline, outlineWidth: p.plot.style.outlineWidth ?? 1,
                    rounded: p.plot.style.rounded ?? false, floating: floating))
        }
        // The smallest bar the target can draw: a cell in the terminal, a dot (pixel) in
        // vector output. Narrower slots keep one bar per such column.
        let unit = vectorBars ? 1 / Double(dots.x) : 1
        if slot >= unit {
            for (i, center) in zip(indices, centers) where p.values[i].isFinite {
                let base = p.bases.map { i < $0.count ? $0[i] : 0 }
                if let base, !base.isFinite { continue }
                // An empty bin is no bar (not a sliver at the zero line).
                if p.plot.kind == .histogram && p.values[i] == 0 { continue }
                bar(p.values[i], center: center, slot: slot, base: base)
            }
            return bars
        }
        var best = [Double](
            repeating: .nan, count: max(Int(saturating: Double(x.widthCells) / unit), 0))
        for (i, center) in zip(indices, centers) where p.values[i].isFinite {
            guard !best.isEmpty else { break }
            let column = min(max(Int(saturating: center / unit), 0), best.count - 1)
            let v = p.values[i]
            if best[column].isNaN || abs(v) > abs(best[column]) { best[column] = v }
        }
        for (column, v) in best.enumerated() where v.isFinite {
            bar(v, center: (Double(column) + 0.5) * unit, slot: unit)
        }
        return bars
    }

    /// Cell columns where visible values lie beyond the range, per plot.
    func clipMarks(
        _ plots: [ResolvedPlot], x side: XSide, y: (PlotBinding.Axis) -> YMapping
    ) -> [Scene.ClipMark] {
        var marks = [Scene.ClipMark]()
        let x = side.mapping
        for p in plots {
            let range = y(p.plot.binding.axis).range
            var above = Set<Int>(), below = Set<Int>()
            for i in 0..<p.values.count {
                let v = p.values[i]
                guard v.isFinite, v > range.upperBound || v < range.lowerBound else { continue }
                let column: Int
                if side.plan != nil, let xs = p.xs {
                    column = Int(saturating: x.cell(value: xs[i]).rounded(.down))
                    guard (0..<x.widthCells).contains(column) else { continue }
                } else {
                    guard side.window.contains(i) else { continue }
                    column = min(max(Int(saturating: x.centerCell(i)), 0), x.widthCells - 1)
                }
                if v > range.upperBound { above.insert(column) } else { below.insert(column) }
            }
            marks += above.sorted().map { Scene.ClipMark(column: $0, above: true, color: p.color) }
            marks += below.sorted().map { Scene.ClipMark(column: $0, above: false, color: p.color) }
        }
        return marks
    }
}
