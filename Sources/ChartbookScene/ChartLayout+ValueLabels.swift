import ChartbookModel
import Foundation

/// Value labels (`labels=on|value|percent`) on the bars and dots of charts with an x axis:
/// above a bar's end (below the end of a negative one) or, when that row is taken or off the
/// area, just inside the end; inside a stacked part; above a dot (below it when above is
/// taken). A label never overlaps another label, a mark it does not
/// belong to, or the edge of the plot area (so never an axis): one that would is left out.
/// The series are labelled in plot order, each one's largest values first.
extension ChartLayout {
    /// A label to place: its text, its mark's centre (cells from the area's left) and the
    /// places it may take, best first.
    struct LabelCandidate {
        var text: String
        var center: Double
        var places: [Place]
        var magnitude: Double
    }

    /// A row a label may take, and how it is written there.
    struct Place {
        var row: Int
        var color: Color
        /// Written on its own mark, with the mark's colour behind it.
        var background: Color? = nil
    }

    /// The value labels of every plot that asks for them, placed without overlap.
    func valueLabels(_ c: ChartContext, _ f: Frame, _ layers: [Scene.Layer]) -> [Scene.Text] {
        let area = f.area
        var space = LabelSpace(width: area.width, height: area.height)
        for layer in layers { takeCells(of: layer, in: &space) }
        // The last points' values first (`last=on`): what the reader looks for.
        var texts = lastValueTexts(c, layers, area: area, space: &space)
        for (p, layer) in zip(c.plots, layers) {
            guard let labels = p.plot.style.labels, labels != .off else { continue }
            let text = labelText(p, labels)
            let candidates: [LabelCandidate]
            switch layer.marks {
            case .bars(let bars): candidates = barLabels(bars, p, color: layer.color, text: text)
            case .markers, .polyline:
                candidates = dotLabels(
                    p, side: f.x, y: f.y(p.plot.binding.axis), width: area.width, text: text)
            default: continue
            }
            let ordered = candidates.sorted {
                ($0.magnitude, -$0.center) > ($1.magnitude, -$1.center)
            }
            for candidate in ordered {
                if let placed = place(candidate, in: &space, area: area) { texts.append(placed) }
            }
        }
        return texts
    }

    /// The label at the first of its rows where it fits, taking its cells; nil when none.
    func place(_ candidate: LabelCandidate, in space: inout LabelSpace, area: Scene.CellRect)
        -> Scene.Text?
    {
        let width = TextMetrics.width(of: candidate.text)
        let first = Int(saturating: (candidate.center - Double(width) / 2).rounded())
        let columns = first..<(first + width)
        guard
            let place = candidate.places.first(where: {
                space.isFree(row: $0.row, columns: columns, overMark: $0.background != nil)
            })
        else { return nil }
        space.takeForLabel(row: place.row, columns: columns)
        var text = Scene.Text(
            role: .valueLabel, row: area.row + place.row, column: area.column + first,
            text: candidate.text, color: place.color)
        text.background = place.background
        text.centerColumn = candidate.center
        return text
    }

    /// How a value is written: itself, or (`percent`) its share of the series' total.
    /// Computed values (`agg=`, windows) are written with the decimals the series'
    /// magnitude asks for (three significant digits at its largest: `21.0`, `3.3`, `108`),
    /// not every decimal a mean happens to have.
    func labelText(_ p: ResolvedPlot, _ labels: ValueLabels) -> (Double) -> String {
        guard labels == .percent else {
            return p.plot.drawn != nil ? Self.computedText(p) : Self.valueText
        }
        var total = 0.0
        for i in p.values.indices where p.shown(i).isFinite { total += p.shown(i) }
        return { [total] in total != 0 ? Self.percentText($0 / total) : Self.valueText($0) }
    }

    /// How a computed series' values are written: with the decimals that give three
    /// significant digits at the largest value of its plot's table (every group's and
    /// panel's alike; `DrawnTable.labelDecimals`, which Vega-Lite's labels use too), plus
    /// `extra` (readouts: one more).
    static func computedText(_ p: ResolvedPlot, extra: Int = 0) -> (Double) -> String {
        let decimals = min(6, (p.plot.drawn?.labelDecimals ?? 0) + extra)
        return { LabelFormatter.fixed($0, decimals) }
    }

    /// Above each bar's end (below a negative bar's), else just inside it; a stacked part's
    /// inside, in its middle row. Inside means a row the bar covers whole, at least as wide
    /// as the text. Bars standing for several points have none.
    func barLabels(
        _ bars: [Scene.Bar], _ p: ResolvedPlot, color: Color, text: (Double) -> String
    ) -> [LabelCandidate] {
        bars.compactMap { bar in
            guard let value = bar.value else { return nil }
            let label = bar.point.flatMap(p.labelText) ?? text(value)
            // Rows the bar covers whole.
            let top = Int(saturating: min(bar.top, bar.base).rounded(.up))
            let bottom = Int(saturating: max(bar.top, bar.base).rounded(.down))
            let cells = Int(saturating: (bar.x1 - bar.x0 + 1e-6).rounded(.down))
            let fitsInside = bottom > top && TextMetrics.width(of: label) <= cells
            let inside = { (row: Int) in
                Place(row: row, color: color.contrastingText, background: color)
            }
            var places = [Place]()
            if p.plot.kind == .stacked {
                if fitsInside { places.append(inside((top + bottom - 1) / 2)) }
            } else if bar.top <= bar.base {
                places.append(Place(row: Int(saturating: bar.top.rounded(.down)) - 1, color: color))
                if fitsInside { places.append(inside(top)) }
            } else {
                places.append(Place(row: Int(saturating: bar.top.rounded(.up)), color: color))
                if fitsInside { places.append(inside(bottom - 1)) }
            }
            return places.isEmpty
                ? nil
                : LabelCandidate(
                    text: label, center: center(bar), places: places, magnitude: abs(value))
        }
    }

    private func center(_ bar: Scene.Bar) -> Double { (bar.x0 + bar.x1) / 2 }

    /// Above each dot in view, or below it; none when there are more dots than columns (no
    /// room to label them).
    func dotLabels(
        _ p: ResolvedPlot, side: XSide, y: YMapping, width: Int, text: (Double) -> String
    ) -> [LabelCandidate] {
        let (window, _, position) = visiblePoints(p, side: side)
        let points = window.clamped(to: 0..<p.values.count)
        guard points.count <= width else { return [] }
        return points.compactMap { i in
            let value = p.values[i]
            guard value.isFinite else { return nil }
            let dotX = position(i), dotY = y.dot(value)
            guard dotX >= 0, dotX < side.mapping.widthDots, dotY >= 0, dotY < y.heightDots else {
                return nil
            }
            let row = dotY / dots.y
            return LabelCandidate(
                text: p.labelText(i) ?? text(p.shown(i)),
                center: (Double(dotX) + 0.5) / Double(dots.x),
                places: [Place(row: row - 1, color: p.color), Place(row: row + 1, color: p.color)],
                magnitude: abs(p.shown(i)))
        }
    }

    /// The cells a layer's marks are drawn on (a line: the cells of its points).
    func takeCells(of layer: Scene.Layer, in space: inout LabelSpace) {
        func cells(_ low: Double, _ high: Double) -> Range<Int> {
            let first = Int(saturating: low.rounded(.down))
            return first..<max(Int(saturating: high.rounded(.up)), first + 1)
        }
        switch layer.marks {
        case .bars(let bars):
            for bar in bars {
                space.takeForMark(
                    columns: cells(bar.x0, bar.x1),
                    rows: cells(min(bar.top, bar.base), max(bar.top, bar.base)))
            }
        case .boxes(let boxes):
            for box in boxes {
                space.takeForMark(
                    columns: cells(box.x0, box.x1), rows: cells(box.whiskerTop, box.whiskerBottom))
            }
        case .whiskers(let whiskers):
            for w in whiskers {
                space.takeForMark(
                    columns: cells(w.center - w.half, w.center + w.half), rows: cells(w.high, w.low)
                )
            }
        case .markers(let points, _):
            for point in points { take(point, in: &space) }
        case .polyline(let runs):
            for point in runs.joined() { take(point, in: &space) }
        default: break
        }
    }

    private func take(_ point: DotPoint, in space: inout LabelSpace) {
        let column = point.x / dots.x, row = point.y / dots.y
        space.takeForMark(columns: column..<(column + 1), rows: row..<(row + 1))
    }
}
