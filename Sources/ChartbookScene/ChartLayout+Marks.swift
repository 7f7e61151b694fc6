import ChartbookModel

/// Each series' marks: lines (reduced per dot column, smooth curves, fills) and dots, and
/// where the bars and boxes of `ChartLayout+Bars` go in the layer.
extension ChartLayout {
    /// One series' marks: the points of the window (index) or of the x interval (real x);
    /// lines also reach one point beyond each end, so they run on to the edge of the area.
    func layer(
        for p: ResolvedPlot, x side: XSide, y: YMapping, heightCells: Int,
        group: BarGroup = BarGroup(), pattern: Int? = nil
    ) -> Scene.Layer {
        let x = side.mapping
        var (window, span, position) = visiblePoints(p, side: side)
        switch p.plot.kind.spec.mark {
        case .line, .area, .strip:
            var layer = lineLayer(
                p, window: window, span: span, position: position, side: side, y: y)
            if layer.band != nil { layer.pattern = pattern }
            return layer
        case .dots:
            position = jittered(p, position, x: x)
            if let channels = p.channels {
                return Scene.Layer(
                    plotID: p.plot.id, color: p.color, thickness: 1,
                    marks: .encodedMarkers(
                        encodedMarkers(p, channels, window, position: position, x: x, y: y),
                        p.plot.style.marker.resolvedShape),
                    markerSize: p.plot.style.marker.resolvedSize)
            }
            let points = markers(p.values, window, position: position, x: x, y: y)
            // Below size 1 a point is one dot of the raster rather than a glyph.
            if p.plot.style.marker.isPoint {
                return Scene.Layer(
                    plotID: p.plot.id, color: p.color, thickness: 1,
                    marks: .polyline(points.map { [$0] }),
                    markerSize: p.plot.style.marker.resolvedSize)
            }
            var layer = Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1,
                marks: .markers(points, p.plot.style.marker.resolvedShape),
                markerSize: p.plot.style.marker.resolvedSize)
            layer.markerLevel = p.plot.style.marker.glyphLevel
            return layer
        case .bars:
            let slots = slots(p, window, side: side)
            let bars = bars(
                p, slots.indices, centers: slots.centers, slot: slots.slot, x: x, y: y,
                heightCells: heightCells, group: group)
            var layer = Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1, marks: .bars(bars))
            layer.pattern = pattern
            return layer
        case .candles:
            return Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1,
                marks: .boxes(candles(p, slots(p, window, side: side), y: y)))
        case .violins:
            var layer = Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1, marks: .polyline([]))
            layer.band = violin(p, x: x, y: y, group: group)
            return layer
        case .boxes:
            return Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1,
                marks: .boxes(boxes(p, x: x, y: y, group: group)))
        case .whiskers:
            return Scene.Layer(
                plotID: p.plot.id, color: p.color, thickness: 1,
                marks: .whiskers(whiskers(p, slots(p, window, side: side), y: y)))
        case .family:
            // Drawn by their family's layout, never in a cartesian chart.
            return Scene.Layer(plotID: p.plot.id, color: p.color, thickness: 1, marks: .bars([]))
        }
    }

    /// A line's layer: straight runs reduced per dot column, a path in row order, or a
    /// smooth curve when the points are far enough apart; with its fill.
    func lineLayer(
        _ p: ResolvedPlot, window: Range<Int>, span: Range<Int>, position: (Int) -> Int,
        side: XSide, y: YMapping
    ) -> Scene.Layer {
        let width = p.plot.style.stroke.resolvedWidth
        let thickness = p.plot.kind.isLine && width >= 3 ? 2 : 1
        let x = side.mapping
        let joint = p.plot.style.stroke.resolvedCurve(for: p.plot.kind)
        let smooth = joint == .smooth && window.count * 2 <= x.widthDots
        var runs: [[DotPoint]]
        if smooth {
            runs = smoothRuns(p.values, span, position: position, y: y)
        } else if side.plan != nil, let xs = p.xs {
            runs =
                p.sorted
                ? sortedRuns(xs, p.values, span, x: x, y: y, summary: p.summary)
                : pathRuns(p.values, span, position: position, y: y)
        } else {
            runs = straightRuns(p.values, span, x: x, y: y, summary: p.summary)
        }
        if joint == .step { runs = runs.map(Self.steps) }
        let stacked = p.bases != nil && p.plot.kind == .area
        var layer = Scene.Layer(
            plotID: p.plot.id, color: p.color, thickness: thickness, strokeWidth: width,
            marks: .polyline(runs), fill: stacked ? nil : fill(for: p, y: y),
            curve: smooth ? curve(p.values, span, position: position, y: y) : nil)
        layer.dash = p.plot.style.stroke.dash
        layer.join = p.plot.style.stroke.join
        layer.cap = p.plot.style.stroke.cap
        if p.plot.style.stroke.last == true {
            layer.last = lastPoint(p, window: window, position: position, side: side, y: y)
        }
        layer.band =
            stacked
            ? stackedBand(p, span, position: position, y: y)
            : band(p, span, position: position, y: y)
        return layer
    }

    /// A run held level to each next point's column, then risen (`style=step`): a corner
    /// between every two points at different heights.
    static func steps(_ run: [DotPoint]) -> [DotPoint] {
        guard var previous = run.first else { return run }
        var stepped = [previous]
        for point in run.dropFirst() {
            if point.y != previous.y, point.x != previous.x {
                stepped.append(DotPoint(x: point.x, y: previous.y))
            }
            stepped.append(point)
            previous = point
        }
        return stepped
    }

    /// The points of `p` in view (`window`), the span a line draws (one point beyond each
    /// end, so it runs on to the edge of the area), and a point's dot column.
    func visiblePoints(_ p: ResolvedPlot, side: XSide) -> (
        window: Range<Int>, span: Range<Int>, position: (Int) -> Int
    ) {
        let x = side.mapping
        let n = p.values.count
        if let plan = side.plan, let xs = p.xs {
            let visible =
                p.sorted ? visibleSpan(xs, plan.domain, margin: 0) : 0..<min(n, xs.count)
            return (
                visible, p.sorted ? visibleSpan(xs, plan.domain, margin: 1) : visible,
                { x.dot(value: xs[$0]) }
            )
        }
        // The window is over the longest series; this one may end before it starts.
        let window = side.window
        let lower = min(max(window.lowerBound - 1, 0), n)
        return (window, lower..<max(min(window.upperBound + 1, n), lower), { x.dot($0) })
    }

    /// A line over sorted x values: one pass, reduced per dot column. With the values'
    /// `summary`, each dot column's points are found by binary search and a column without a
    /// missing value feeds the reducer only the points it keeps (found through the pyramid),
    /// so the runs are the same, in O(width · log N).
    func sortedRuns(
        _ xs: [Double], _ values: [Double], _ span: Range<Int>, x: XMapping, y: YMapping,
        summary: SummaryPyramid? = nil
    ) -> [[DotPoint]] {
        var reducer = LineReducer()
        values.withUnsafeBufferPointer { v in
            var i = span.lowerBound
            while i < span.upperBound {
                let column = x.dot(value: xs[i])
                var next = i + 1
                if let summary {
                    next = Self.columnEnd(xs, from: i, before: span.upperBound) {
                        x.dot(value: $0) == column
                    }
                    // Worth it only past the four points the reducer keeps.
                    if next - i > 4, let kept = keptPoints(i..<next, v, summary, y: y) {
                        for k in kept { reducer.add(x: column, y: y.dot(v[k])) }
                        i = next
                        continue
                    }
                }
                for k in i..<next {
                    if v[k].isFinite {
                        reducer.add(x: column, y: y.dot(v[k]))
                    } else {
                        reducer.breakRun()
                    }
                }
                i = next
            }
        }
        return reducer.finish()
    }

    /// The points of a dot column `block` the reducer keeps when given every one — the first,
    /// the first at its highest and at its lowest dot row, the last, in order — or nil when
    /// the block holds a missing value (every point must go through then).
    func keptPoints(
        _ block: Range<Int>, _ v: UnsafeBufferPointer<Double>, _ summary: SummaryPyramid,
        y: YMapping
    ) -> [Int]? {
        let e = summary.extremes(in: block, of: v)
        guard !e.hasNonFinite, e.hasFinite else { return nil }
        // Higher values sit on smaller dot rows.
        let top = y.dot(e.high), bottom = y.dot(e.low)
        guard
            let atTop = summary.firstIndex(
                in: block, of: v, blockMayHold: { y.dot($0.high) == top },
                holds: { y.dot($0) == top }),
            let atBottom = summary.firstIndex(
                in: block, of: v, blockMayHold: { y.dot($0.low) == bottom },
                holds: { y.dot($0) == bottom })
        else { return nil }
        return [block.lowerBound, min(atTop, atBottom), max(atTop, atBottom), block.upperBound - 1]
    }

    /// The end of the run of sorted `xs` from `start` that `sameColumn` accepts (monotone:
    /// true up to some index, false after), searched by doubling steps then halving.
    static func columnEnd(
        _ xs: [Double], from start: Int, before limit: Int, sameColumn: (Double) -> Bool
    ) -> Int {
        var low = start + 1, step = 1
        var high = min(start + 1 + step, limit)
        while high < limit && sameColumn(xs[high - 1]) {
            low = high
            step *= 2
            high = min(high + step, limit)
        }
        // The end is in low...high: xs[low - 1] is in the column.
        while low < high {
            let mid = (low + high) / 2
            if sameColumn(xs[mid]) { low = mid + 1 } else { high = mid }
        }
        return low
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
    /// With the column's `summary`, a block's extremes come from the pyramid instead of a
    /// pass over it: the same runs in O(width · log N).
    func straightRuns(
        _ values: [Double], _ span: Range<Int>, x: XMapping, y: YMapping,
        summary: SummaryPyramid? = nil
    )
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
                    if let summary, next - i > summary.blockSize {
                        let e = summary.extremes(in: i..<next, of: v)
                        (lowest, highest, clean) = (e.lowAt, e.highAt, !e.hasNonFinite)
                    } else if clean && next - i > 1 {
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
        let style = p.plot.style.stroke
        let kind = style.resolvedFill(for: p.plot.kind)
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
            let colors = style.gradient ?? StrokeStyle.GradientColors(start: start, end: end)
            return Scene.Fill(
                paint: .gradient(
                    start: colors.start, end: colors.end, radial: style.gradientType == .radial),
                baselineDotY: baseline)
        }
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
