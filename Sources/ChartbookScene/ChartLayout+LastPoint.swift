import ChartbookModel

/// `last=on` (seed 002): a line's last point in view, where it is drawn and how its value
/// is written, and where that text may stand — right of the plot on the point's row, the
/// room kept for it when the gutters are settled, else near the point.
extension ChartLayout {
    /// `last=on`: the last point in view with a value, where it is drawn (nil when it falls
    /// outside the area, as beyond a fixed range).
    func lastPoint(
        _ p: ResolvedPlot, window: Range<Int>, position: (Int) -> Int, side: XSide, y: YMapping
    ) -> Scene.Layer.LastPoint? {
        let points = window.clamped(to: 0..<p.values.count)
        guard let i = points.reversed().first(where: { p.values[$0].isFinite }) else { return nil }
        let dot = DotPoint(x: position(i), y: y.dot(p.values[i]))
        guard (0..<side.mapping.widthDots).contains(dot.x), (0..<y.heightDots).contains(dot.y)
        else { return nil }
        let x = side.plan.flatMap { plan in p.xs.map { plan.shownValue($0[i]) } } ?? Double(i)
        return Scene.Layer.LastPoint(
            dot: dot, x: x, value: p.shown(i), text: Self.lastText(p)(p.shown(i)))
    }

    /// How `last=on` writes a value: a computed series as its labels are, else with four
    /// significant digits (`16.78`, `1250`), so it reads at a glance.
    static func lastText(_ p: ResolvedPlot) -> (Double) -> String {
        p.plot.drawn != nil
            ? computedText(p) : { LabelFormatter().label(for: $0, significantDigits: 4) }
    }

    /// The cells `last=on` values may need right of the plot: a space and the widest of the
    /// texts of each such plot's lowest and highest value (0 without one).
    func lastLabelWidth(_ c: ChartContext) -> Int {
        c.plots.filter { $0.plot.style.stroke.last == true }.map { p in
            guard let (lo, hi) = Statistics.extent(of: (p.original ?? p.values)[...]) else {
                return 0
            }
            let text = Self.lastText(p)
            return 1 + max(TextMetrics.width(of: text(lo)), TextMetrics.width(of: text(hi)))
        }.max() ?? 0
    }

    /// Where the last point's value may be written, best first: in the room right of the
    /// plot on its row (`lastLabelWidth` reserved it), else right of it inside the plot,
    /// above or below it, or ending a few cells before it.
    func lastLabels(_ last: Scene.Layer.LastPoint, _ p: ResolvedPlot, area: Scene.CellRect)
        -> [LabelCandidate]
    {
        let text = last.text
        let width = Double(TextMetrics.width(of: text))
        let column = Double(last.dot.x / dots.x), row = last.dot.y / dots.y
        let here = [Place(row: row, color: p.color)]
        let around = [Place(row: row - 1, color: p.color), Place(row: row + 1, color: p.color)]
        return [
            LabelCandidate(
                text: text, center: column + 1.5 + width / 2, places: here, magnitude: 0),
            LabelCandidate(text: text, center: column + 0.5, places: around, magnitude: 0),
        ]
            + (0...3).map { shift in
                LabelCandidate(
                    text: text, center: column + 0.5 - Double(shift) - width / 2,
                    places: around + here, magnitude: 0)
            }
    }

    /// The `last=on` values: right of the plot on the point's row where the layout left
    /// room (one a row), else near the point where `space` has room (nil there: left out).
    func lastValueTexts(
        _ c: ChartContext, _ layers: [Scene.Layer], area: Scene.CellRect,
        space: inout LabelSpace
    ) -> [Scene.Text] {
        let room = columns - area.column - area.width
        var gutterRows = Set<Int>()
        var texts = [Scene.Text]()
        for (p, layer) in zip(c.plots, layers) {
            guard let last = layer.last else { continue }
            let row = last.dot.y / dots.y
            if TextMetrics.width(of: last.text) < room, gutterRows.insert(row).inserted {
                texts.append(
                    Scene.Text(
                        role: .valueLabel, row: area.row + row,
                        column: area.column + area.width + 1, text: last.text, color: p.color))
                continue
            }
            for candidate in lastLabels(last, p, area: area) {
                if let placed = place(candidate, in: &space, area: area) {
                    texts.append(placed)
                    break
                }
            }
        }
        return texts
    }
}
