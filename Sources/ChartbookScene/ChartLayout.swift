import ChartbookModel

/// Session → Scene for a target of `columns × rows` cells with `dots` per cell.
///
/// Pure: everything comes from the arguments. Rows are given out top to bottom — title,
/// legend, plot area, bottom axis, x labels, selection readout — and optional rows are
/// dropped on small targets so that the plot keeps at least three rows where it can.
public struct ChartLayout: Sendable {
    public var columns: Int
    public var rows: Int
    public var dots: DotDensity
    /// Symbols for text the layout writes itself (legend keys, readout marker).
    public var glyphs: Glyphs


    public init(columns: Int, rows: Int, dots: DotDensity, glyphs: Glyphs = Glyphs(asciiOnly: false)) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.dots = dots
        self.glyphs = glyphs
    }

    struct ResolvedPlot {
        var plot: Plot
        var values: [Double]
        var color: Color
    }

    public func scene(for session: Session) -> Scene {
        let plots: [ResolvedPlot] = session.plots.compactMap { plot in
            guard let values = session.values(of: plot.series) else { return nil }
            return ResolvedPlot(plot: plot, values: values, color: plot.resolvedColor)
        }
        let count = plots.map(\.values.count).max() ?? 0
        let hasBars = plots.contains { $0.plot.kind == .bar }
        let hasAreas = plots.contains { $0.plot.kind == .area }
        let marks = session.markedLines.map { line in (line, markedValue(line, in: session)) }
        let range = yRange(session: session, plots: plots, marks: marks, includeZero: hasBars || hasAreas)
        let lines = session.referenceLines
        let grid = gridValues(lines, range: range)
        let gridLabels = LabelFormatter(format: lines.format, decimals: lines.decimals, units: lines.units)
            .labels(for: grid.map(\.value)).map(TextMetrics.sanitized)
        let selectedIndex = resolvedSelection(session.selection, count: count)

        // Rows, by priority.
        let showLegend = session.output.legend ?? (plots.count > 1)
        let title = session.output.title.map(TextMetrics.sanitized).flatMap { $0.isEmpty ? nil : $0 }
        var used = 0
        let minimumPlot = min(rows, 3)
        func take(_ wanted: Bool) -> Bool {
            guard wanted, rows - used - 1 >= minimumPlot else { return false }
            used += 1
            return true
        }
        let hasAxisRow = take(true)
        let hasXLabels = take(count > 0)
        let hasTitle = take(title != nil)
        let hasReadout = take(selectedIndex != nil)
        let hasLegend = take(showLegend && !plots.isEmpty)
        let top = (hasTitle ? 1 : 0) + (hasLegend ? 1 : 0)
        let plotHeight = max(0, rows - used)

        // Columns: gutters from the widest label.
        let labelSide = lines.visible ? lines.labels : .none
        let labelWidth = gridLabels.map(TextMetrics.width(of:)).max() ?? 0
        var leftGutter = 0, rightGutter = 0
        var leftAxis = false, rightAxis = false
        if columns >= 4 {
            leftAxis = true
            leftGutter = 1
            if labelSide == .left || labelSide == .both, columns - (labelWidth + 2) >= 8 { leftGutter += labelWidth + 1 }
            if labelSide == .right || labelSide == .both, columns - leftGutter - (labelWidth + 2) >= 8 {
                rightAxis = true
                rightGutter = labelWidth + 2
            }
        }
        let plotWidth = max(0, columns - leftGutter - rightGutter)
        let area = Scene.CellRect(column: leftGutter, row: top, width: plotWidth, height: plotHeight)
        let heightDots = plotHeight * dots.y
        let x = XMapping(count: count, widthCells: plotWidth, dotsPerCell: dots.x, slotted: hasBars)
        let y = YMapping(range: range, heightDots: heightDots)

        var texts = [Scene.Text]()
        var frame = Scene.AxisFrame()
        if !area.isEmpty {
            if leftAxis { frame.leftColumn = area.column - 1 }
            if rightAxis { frame.rightColumn = area.column + area.width }
            if hasAxisRow { frame.bottomRow = area.row + area.height }
        }

        // Reference lines and their labels.
        var rules = [Scene.Rule]()
        if !area.isEmpty && lines.visible {
            let color = lines.color ?? session.output.theme.grid
            for (index, entry) in grid.enumerated() {
                let dotY = y.dot(entry.value)
                guard (0..<heightDots).contains(dotY) else { continue }
                rules.append(Scene.Rule(kind: .grid, dotY: dotY, value: entry.value, color: color, style: lines.style))
                let row = area.row + dotY / dots.y
                frame.yTickRows.append(row)
                let label = gridLabels[index]
                let w = TextMetrics.width(of: label)
                if leftGutter > 1 {
                    texts.append(Scene.Text(role: .yLabel, row: row, column: max(0, leftGutter - 2 - w), text: label, anchorDotY: dotY))
                }
                if rightAxis {
                    texts.append(Scene.Text(role: .yLabel, row: row, column: area.column + area.width + 2, text: label, anchorDotY: dotY))
                }
            }
            if range.lowerBound < 0 && range.upperBound > 0 && !grid.contains(where: { $0.value == 0 }) {
                let dotY = y.dot(0)
                rules.insert(Scene.Rule(kind: .zero, dotY: dotY, value: 0, color: color, style: .solid), at: 0)
            }
        }
        if !area.isEmpty {
            for (line, value) in marks where value.isFinite {
                let dotY = y.dot(value)
                guard (0..<heightDots).contains(dotY) else { continue }
                let color = line.color ?? session.output.theme.mark
                rules.append(Scene.Rule(kind: .marked, dotY: dotY, value: value, color: color, style: line.style))
                let formatted = LabelFormatter(format: lines.format, decimals: lines.decimals, units: lines.units)
                    .label(for: value, significantDigits: 4)
                var text = TextMetrics.sanitized(line.label ?? "")
                if case .statistic(let kind, _) = line.value, line.label == nil { text = kind.rawValue }
                text = text.isEmpty ? formatted : "\(text) \(formatted)"
                text = TextMetrics.truncated(" " + text + " ", toWidth: area.width)
                let w = TextMetrics.width(of: text)
                texts.append(Scene.Text(role: .markLabel, row: area.row + dotY / dots.y,
                                        column: area.column + area.width - w, text: text, color: color, anchorDotY: dotY))
            }
        }

        // Marks.
        let layers = area.isEmpty ? [] : plots.map { layer(for: $0, x: x, y: y, count: count, heightCells: plotHeight) }

        // x labels.
        if hasXLabels, !area.isEmpty, let row = frame.bottomRow.map({ $0 + 1 }) {
            let placer = XLabelPlacer(mapping: x, areaColumn: area.column, chartColumns: columns)
            let source = labelTexts(session: session, plots: plots, count: count)
            for placed in placer.place(count: count, sparsity: session.axes.labelSparsity, label: source) {
                texts.append(Scene.Text(role: .xLabel, row: row, column: placed.column, text: placed.text))
                frame.xTickColumns.append(placed.tickColumn)
            }
        }

        // Title and legend.
        if hasTitle, let title {
            let text = TextMetrics.truncated(title, toWidth: columns)
            let column = max(0, (columns - TextMetrics.width(of: text)) / 2)
            texts.append(Scene.Text(role: .title, row: 0, column: column, text: text, bold: true))
        }
        if hasLegend {
            texts += legend(plots: plots, row: hasTitle ? 1 : 0, area: area)
        }

        // Selection.
        var selection: Scene.SelectionMark?
        if let index = selectedIndex, !area.isEmpty {
            let dotYs: [Int?] = plots.map { p in
                guard index < p.values.count, p.values[index].isFinite else { return nil }
                return y.dot(p.values[index])
            }
            selection = Scene.SelectionMark(index: index, dotX: x.dot(index), dotYs: dotYs)
        }
        if hasReadout, let index = selectedIndex {
            let source = labelTexts(session: session, plots: plots, count: count)
            texts += readout(index: index, label: source(index), plots: plots, row: rows - 1)
        }

        return Scene(columns: columns, rows: rows, dotsPerCell: dots, plotArea: area, frame: frame,
                     rules: rules, layers: layers, texts: texts.map { clipped($0) }, selection: selection,
                     yRange: range, theme: session.output.theme)
    }

    // MARK: - Range

    func markedValue(_ line: MarkedLine, in session: Session) -> Double {
        switch line.value {
        case .constant(let v): return v
        case .statistic(let kind, let series):
            guard let values = session.values(of: series) else { return .nan }
            return kind.evaluate(values)
        }
    }

    /// `includeZero`: bars and areas are measured from zero, so their range contains it.
    func yRange(session: Session, plots: [ResolvedPlot], marks: [(MarkedLine, Double)], includeZero: Bool) -> ClosedRange<Double> {
        var lo = Double.infinity, hi = -Double.infinity
        for p in plots {
            let stats = Statistics(of: p.values)
            if stats.count > 0 { lo = min(lo, stats.minimum); hi = max(hi, stats.maximum) }
        }
        for (line, value) in marks where line.fit && value.isFinite { lo = min(lo, value); hi = max(hi, value) }
        if session.axes.includeZero || includeZero { lo = min(lo, 0); hi = max(hi, 0) }
        if lo > hi { lo = 0; hi = 1 }
        let intervals: Int
        switch session.referenceLines.positions {
        case .relative(let fractions): intervals = YRange.intervals(forRelative: fractions)
        case .absolute: intervals = 5
        }
        let nice = YRange.nice(lo, hi, intervals: intervals)
        switch session.axes.range {
        case .auto: return nice
        case .fixed(let lower, let upper):
            let l = lower ?? nice.lowerBound, u = upper ?? nice.upperBound
            if l < u { return l...u }
            let (a, b) = YRange.widenedIfFlat(min(l, u), max(l, u))
            return a...b
        }
    }

    struct GridEntry { var value: Double }

    /// The reference line values inside `range`, honouring min/max and intermediate visibility.
    func gridValues(_ lines: ReferenceLines, range: ClosedRange<Double>) -> [GridEntry] {
        let span = range.upperBound - range.lowerBound
        var values: [Double]
        switch lines.positions {
        case .relative(let fractions):
            values = fractions.sorted().map { YRange.clean(range.lowerBound + $0 * span) }
        case .absolute(let list):
            values = list.sorted().filter { $0 >= range.lowerBound - span * 1e-9 && $0 <= range.upperBound + span * 1e-9 }
        }
        var unique = [Double]()
        for v in values where unique.last != v { unique.append(v) }
        return unique.enumerated().compactMap { index, value in
            let isEnd = index == 0 || index == unique.count - 1
            if isEnd && !lines.showMinMax { return nil }
            if !isEnd && !lines.showIntermediate { return nil }
            return GridEntry(value: value)
        }
    }

    func resolvedSelection(_ selection: Selection?, count: Int) -> Int? {
        switch selection {
        case .none: return nil
        case .last: return count > 0 ? count - 1 : nil
        case .index(let i): return i >= 0 && i < count ? i : nil
        }
    }

    // MARK: - Marks

    func layer(for p: ResolvedPlot, x: XMapping, y: YMapping, count: Int, heightCells: Int) -> Scene.Layer {
        let width = p.plot.style.width ?? 2
        let thickness = p.plot.kind.isLine && width >= 3 ? 2 : 1
        switch p.plot.kind {
        case .line, .area:
            let smooth = p.plot.style.lineStyle == .smooth && count * 2 <= x.widthDots
            let runs = smooth ? smoothRuns(p.values, x: x, y: y) : straightRuns(p.values, x: x, y: y)
            return Scene.Layer(plotID: p.plot.id, color: p.color, thickness: thickness, strokeWidth: width,
                               marks: .polyline(runs), fill: fill(for: p, y: y),
                               curve: smooth ? curve(p.values, x: x, y: y) : nil)
        case .dot:
            let points = markers(p.values, x: x, y: y)
            // Below size 1 a point is one dot of the raster rather than a glyph.
            if let size = p.plot.style.size, size < 1 {
                return Scene.Layer(plotID: p.plot.id, color: p.color, thickness: 1, marks: .polyline(points.map { [$0] }),
                                   markerSize: size)
            }
            return Scene.Layer(plotID: p.plot.id, color: p.color, thickness: 1,
                               marks: .markers(points, p.plot.style.marker ?? .circle), markerSize: p.plot.style.size ?? 6)
        case .bar:
            return Scene.Layer(plotID: p.plot.id, color: p.color, thickness: 1,
                               marks: .bars(bars(p, x: x, y: y, heightCells: heightCells)))
        }
    }

    func straightRuns(_ values: [Double], x: XMapping, y: YMapping) -> [[DotPoint]] {
        var reducer = LineReducer()
        for (i, v) in values.enumerated() {
            if v.isFinite { reducer.add(x: x.dot(i), y: y.dot(v)) } else { reducer.breakRun() }
        }
        return reducer.finish()
    }

    /// A monotone cubic sampled at every dot column between neighbouring points.
    func smoothRuns(_ values: [Double], x: XMapping, y: YMapping) -> [[DotPoint]] {
        var reducer = LineReducer()
        var xs = [Double](), ys = [Double]()
        func flush() {
            if xs.count == 1 { reducer.add(x: Int(xs[0]), y: y.dot(ys[0])) }
            if xs.count > 1 {
                let m = MonotoneCubic.tangents(xs: xs, ys: ys)
                for i in 0..<(xs.count - 1) {
                    var column = Int(xs[i])
                    while column < Int(xs[i + 1]) {
                        reducer.add(x: column, y: y.dot(MonotoneCubic.value(at: Double(column), i: i, xs: xs, ys: ys, tangents: m)))
                        column += 1
                    }
                }
                reducer.add(x: Int(xs[xs.count - 1]), y: y.dot(ys[ys.count - 1]))
            }
            reducer.breakRun()
            xs.removeAll(); ys.removeAll()
        }
        for (i, v) in values.enumerated() {
            if v.isFinite {
                let column = Double(x.dot(i))
                if let last = xs.last, column <= last { ys[ys.count - 1] = v; continue }
                xs.append(column); ys.append(v)
            } else { flush() }
        }
        flush()
        return reducer.finish()
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
            return Scene.Fill(paint: .gradient(start: colors.start, end: colors.end, radial: style.gradientType == .radial),
                              baselineDotY: baseline)
        }
    }

    /// The points of a smooth line with the monotone cubic's slopes, in dot units.
    func curve(_ values: [Double], x: XMapping, y: YMapping) -> [[Scene.CurvePoint]] {
        var runs = [[Scene.CurvePoint]]()
        var xs = [Double](), ys = [Double]()
        func flush() {
            if !xs.isEmpty {
                let m = MonotoneCubic.tangents(xs: xs, ys: ys)
                runs.append(xs.indices.map { Scene.CurvePoint(x: xs[$0], y: ys[$0], slope: m[$0]) })
            }
            xs.removeAll(); ys.removeAll()
        }
        let h = Double(max(y.heightDots - 1, 1)), span = y.range.upperBound - y.range.lowerBound
        for (i, v) in values.enumerated() {
            guard v.isFinite else { flush(); continue }
            let px = Double(x.dot(i))
            let py = min(max((y.range.upperBound - v) / span * h, -h * 4), h * 5)
            if let last = xs.last, px <= last { ys[ys.count - 1] = py; continue }
            xs.append(px); ys.append(py)
        }
        flush()
        return runs
    }

    /// Each visible dot once, in data order.
    func markers(_ values: [Double], x: XMapping, y: YMapping) -> [DotPoint] {
        let w = max(1, x.widthDots), h = max(1, y.heightDots)
        var seen = [Bool](repeating: false, count: w * h)
        var points = [DotPoint]()
        for (i, v) in values.enumerated() where v.isFinite {
            let px = x.dot(i), py = y.dot(v)
            guard (0..<w).contains(px), (0..<h).contains(py) else { continue }
            if !seen[py * w + px] { seen[py * w + px] = true; points.append(DotPoint(x: px, y: py)) }
        }
        return points
    }

    /// One bar per point; when points outnumber cell columns, one bar per column holding the
    /// value of largest magnitude there (spikes stay visible).
    func bars(_ p: ResolvedPlot, x: XMapping, y: YMapping, heightCells: Int) -> [Scene.Bar] {
        let base = y.cell(min(max(0, y.range.lowerBound), y.range.upperBound), dotsPerCell: dots.y).rounded()
        let fraction = min(max(p.plot.style.width ?? 0.8, 0.05), 1)
        var bars = [Scene.Bar]()
        let outline = p.plot.style.outline
        let rounded = p.plot.style.rounded ?? false
        func bar(_ value: Double, center: Double, slot: Double) {
            let top = min(max(y.cell(value, dotsPerCell: dots.y), 0), Double(heightCells))
            let half = slot * fraction / 2
            bars.append(Scene.Bar(x0: center - half, x1: center + half, slot: slot, base: base, top: top,
                                  outline: outline, outlineWidth: p.plot.style.outlineWidth ?? 1, rounded: rounded))
        }
        if p.values.count <= x.widthCells {
            for (i, v) in p.values.enumerated() where v.isFinite { bar(v, center: x.centerCell(i), slot: x.slotCells) }
            return bars
        }
        var best = [Double](repeating: .nan, count: x.widthCells)
        for (i, v) in p.values.enumerated() where v.isFinite {
            let column = min(max(Int(x.centerCell(i)), 0), x.widthCells - 1)
            if best[column].isNaN || abs(v) > abs(best[column]) { best[column] = v }
        }
        for (column, v) in best.enumerated() where v.isFinite { bar(v, center: Double(column) + 0.5, slot: 1) }
        return bars
    }

    // MARK: - Text

    func labelTexts(session: Session, plots: [ResolvedPlot], count: Int) -> (Int) -> String? {
        let source = session.axes.labelSource
        switch source {
        case .index: return { String($0) }
        case .datasetLabels(let name):
            guard let labels = session.dataset(named: name)?.labels else { return { String($0) } }
            return { $0 < labels.count ? TextMetrics.sanitized(labels[$0]) : nil }
        case .column(let ref):
            guard let column = session.dataset(named: ref.dataset)?.column(named: ref.column) else { return { String($0) } }
            return { $0 < column.count ? TextMetrics.sanitized(column.text(at: $0)) : nil }
        case .none:
            if let first = plots.first, let labels = session.dataset(named: first.plot.series.dataset)?.labels {
                return { $0 < labels.count ? TextMetrics.sanitized(labels[$0]) : nil }
            }
            return { String($0) }
        }
    }

    func legend(plots: [ResolvedPlot], row: Int, area: Scene.CellRect) -> [Scene.Text] {
        let entries = plots.map { p in (symbol: glyphs.legendKey(p.plot), name: TextMetrics.sanitized(p.plot.id), color: p.color) }
        let total = entries.reduce(0) { $0 + 2 + TextMetrics.width(of: $1.name) } + 2 * max(0, entries.count - 1)
        var column = max(0, area.column + area.width - total)
        var texts = [Scene.Text]()
        for entry in entries {
            guard column + 2 < columns else { break }
            texts.append(Scene.Text(role: .legend, row: row, column: column, text: entry.symbol, color: entry.color))
            let name = TextMetrics.truncated(entry.name, toWidth: columns - column - 2)
            texts.append(Scene.Text(role: .legend, row: row, column: column + 2, text: name))
            column += 2 + TextMetrics.width(of: name) + 2
        }
        return texts
    }

    func readout(index: Int, label: String?, plots: [ResolvedPlot], row: Int) -> [Scene.Text] {
        var texts = [Scene.Text]()
        var column = 0
        func add(_ text: String, color: Color? = nil, bold: Bool = false) {
            guard column < columns else { return }
            let fitted = TextMetrics.truncated(text, toWidth: columns - column)
            texts.append(Scene.Text(role: .readout, row: row, column: column, text: fitted, color: color, bold: bold))
            column += TextMetrics.width(of: fitted)
        }
        add("\(glyphs.readoutMarker) \(index)", bold: true)
        if let label, label != String(index), !label.isEmpty { add("  \(label)") }
        for p in plots {
            let value = index < p.values.count ? p.values[index] : .nan
            add("  ")
            add(TextMetrics.sanitized(p.plot.id), color: p.color)
            add(" " + (value.isNaN ? glyphs.missingValue : NumberText.shortest(value)))
        }
        return texts
    }

    func clipped(_ text: Scene.Text) -> Scene.Text {
        var text = text
        text.column = max(0, text.column)
        text.text = TextMetrics.truncated(text.text, toWidth: columns - text.column)
        return text
    }
}

/// Data value ↔ vertical position in the plot area.
public struct YMapping: Equatable, Sendable {
    public var range: ClosedRange<Double>
    public var heightDots: Int

    public init(range: ClosedRange<Double>, heightDots: Int) {
        self.range = range
        self.heightDots = heightDots
    }

    /// Dot row of `value` (0 = top = upper bound). Far-off values are clamped to a band a few
    /// plot heights around the area, which keeps the visible part of a segment unchanged.
    public func dot(_ value: Double) -> Int {
        guard heightDots > 1 else { return 0 }
        let span = range.upperBound - range.lowerBound
        let position = (range.upperBound - value) / span * Double(heightDots - 1)
        let limit = Double(heightDots) * 4
        return Int(min(max(position, -limit), limit).rounded())
    }

    /// Row of `value` in cells, fractional, from the area's top edge: the middle of the dot row
    /// `dot(value)` would round to, so bar tops meet lines and reference lines drawn at the
    /// same value.
    public func cell(_ value: Double, dotsPerCell: Int) -> Double {
        guard heightDots > 1 else { return value >= range.upperBound ? 0 : 1 }
        let span = range.upperBound - range.lowerBound
        let position = (range.upperBound - value) / span * Double(heightDots - 1)
        let limit = Double(heightDots) * 4
        return (min(max(position, -limit), limit) + 0.5) / Double(dotsPerCell)
    }
}
