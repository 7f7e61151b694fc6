import ChartbookModel

/// Marks drawn in slots around each x: bars (plain, grouped, stacked, histogram bins,
/// ranges), candles and boxes, and how the series share a slot.
extension ChartLayout {
    /// A bar series' place among the chart's bar series: each slot is shared between them
    /// side by side (grouped), so several bar plots never overdraw one another.
    struct BarGroup {
        var index = 0
        var count = 1
    }

    /// Each series' place among those sharing its slots: bars, grouped bars, histograms and
    /// ranges stand side by side, all stacked parts take one place together, boxes share
    /// their category with the boxes of other plots there.
    func barGroups(_ plots: [ResolvedPlot]) -> [BarGroup] {
        let sideBySide: Set<Plot.Kind> = [.bar, .grouped, .histogram, .range]
        var places = 0
        var stackedPlace: Int?
        var indices = [Int?]()
        for p in plots {
            if sideBySide.contains(p.plot.kind) {
                indices.append(places)
                places += 1
            } else if p.plot.kind == .stacked {
                if stackedPlace == nil {
                    stackedPlace = places
                    places += 1
                }
                indices.append(stackedPlace)
            } else {
                indices.append(nil)
            }
        }
        var boxCounts = [Double: Int](), boxSeen = [Double: Int]()
        for p in plots where p.plot.kind == .box { boxCounts[p.xs?.first ?? 0, default: 0] += 1 }
        return zip(plots, indices).map { p, index in
            if p.plot.kind == .box {
                let key = p.xs?.first ?? 0
                defer { boxSeen[key, default: 0] += 1 }
                return BarGroup(index: boxSeen[key] ?? 0, count: boxCounts[key] ?? 1)
            }
            return index.map { BarGroup(index: $0, count: max(places, 1)) } ?? BarGroup()
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
        let step = p.slot ?? Statistics.smallestStep(xs, sorted: p.sorted)
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
        let half = slots.slot * p.plot.style.bar.widthFraction(for: .candlestick) / 2
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

    /// Error bars: at each point a whisker from its low to its high (either end the value
    /// where that column misses one), capped `width=` (0.4) of the slot wide, and the value.
    /// A point without a value, or whose whisker has no finite end, has none.
    func whiskers(
        _ p: ResolvedPlot, _ slots: (indices: [Int], centers: [Double], slot: Double),
        y: YMapping
    ) -> [Scene.Whisker] {
        guard p.extra.count == 2 else { return [] }
        let (low, high) = (p.extra[0], p.extra[1])
        let half = slots.slot * p.plot.style.bar.widthFraction(for: .errorbar) / 2
        let row = { (v: Double) in y.cell(v, dotsPerCell: self.dots.y) }
        var whiskers = [Scene.Whisker]()
        for (i, center) in zip(slots.indices, slots.centers) {
            let value = p.values[i]
            guard value.isFinite else { continue }
            let a = low[i].isFinite ? low[i] : value, b = high[i].isFinite ? high[i] : value
            whiskers.append(
                Scene.Whisker(
                    center: center, half: half, high: row(max(a, b)), low: row(min(a, b)),
                    value: row(value), dotY: y.dot(value)))
        }
        return whiskers
    }

    /// The colour of falling candles (rising ones take the plot's colour).
    static let fallingColor = Color(red: 0xE0, green: 0x4E, blue: 0x4E)

    /// A box plot's box at its group's category: quartiles, median, whiskers, outliers.
    func boxes(_ p: ResolvedPlot, x: XMapping, y: YMapping, group: BarGroup) -> [Scene.Box] {
        guard let stats = p.box, let slot = p.xs?.first else { return [] }
        let whole = x.dotsPerUnit / Double(dots.x)
        let share = p.plot.style.bar.widthFraction(for: .box) / Double(group.count)
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

    /// One bar per point at `centers` (cells) in slots `slot` cells wide; when slots are
    /// under a cell, one bar per cell column holding the value of largest magnitude there
    /// (spikes stay visible).
    func bars(
        _ p: ResolvedPlot, _ indices: [Int], centers: [Double], slot whole: Double, x: XMapping,
        y: YMapping, heightCells: Int, group: BarGroup = BarGroup()
    ) -> [Scene.Bar] {
        // Grouped: the bars of one slot stand side by side, touching, in the slot's
        // `width=` share; each series takes its part of that share.
        let share = p.plot.style.bar.widthFraction(for: p.plot.kind)
        let grouped = group.count > 1
        let n = Double(group.count)
        // Cells: whole cells per bar, the group in its `width=` share of the slot and at
        // least one cell between groups, on cell edges.
        let cellSlot = max(1, (min(whole * share, whole - 1) / n).rounded(.down))
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
        func bar(
            _ value: Double, center: Double, slot: Double, base: Double? = nil,
            shown: Double? = nil, point: Int? = nil
        ) {
            // A base of zero is the zero line, placed as every bar's is.
            let floating = base.map { $0 != 0 } ?? false
            let top = clampedRow(value)
            let half = slot * fraction / 2
            bars.append(
                Scene.Bar(
                    x0: center - half, x1: center + half, slot: slot,
                    base: floating ? clampedRow(base ?? 0) : zero, top: top,
                    outline: p.plot.style.bar.outline,
                    outlineWidth: p.plot.style.bar.resolvedOutlineWidth,
                    rounded: p.plot.style.bar.rounded ?? false, floating: floating, value: shown))
            bars[bars.count - 1].point = point
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
                bar(
                    p.values[i], center: center, slot: slot, base: base, shown: p.shown(i),
                    point: i)
            }
            return bars
        }
        for (column, i) in largestPerColumn(p, indices, centers, unit: unit, x: x) {
            // A stacked part keeps its base (and so its place and pattern) here too.
            let base = p.bases.map { i < $0.count ? $0[i] : 0 }
            if let base, !base.isFinite { continue }
            bar(p.values[i], center: (Double(column) + 0.5) * unit, slot: unit, base: base)
        }
        return bars
    }

    /// Slots narrower than the smallest bar the target draws (`unit` cells): per such column,
    /// the row of the value of largest magnitude there (spikes stay visible), by column.
    func largestPerColumn(
        _ p: ResolvedPlot, _ indices: [Int], _ centers: [Double], unit: Double, x: XMapping
    ) -> [(Int, Int)] {
        var best = [Int?](
            repeating: nil, count: max(Int(saturating: Double(x.widthCells) / unit), 0))
        for (i, center) in zip(indices, centers) where p.values[i].isFinite {
            guard !best.isEmpty else { break }
            let column = min(max(Int(saturating: center / unit), 0), best.count - 1)
            if let current = best[column], abs(p.values[current]) >= abs(p.values[i]) { continue }
            best[column] = i
        }
        return best.enumerated().compactMap { column, i in i.map { (column, $0) } }
    }
}
