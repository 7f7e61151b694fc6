import ChartbookModel

/// Horizontal bars: categories down the left (long names shortened with `…` to at most a
/// third of the width), values along the bottom from round ticks, one band of rows per
/// category holding one bar per series.
extension ChartLayout {
    /// How the categories share the rows: a band per category (a row or more per series),
    /// a blank row between bands when every category fits with one.
    struct HorizontalBands {
        /// Categories drawn (the first ones; the rest are said in a note).
        var count: Int
        /// Rows per band, and per bar within it.
        var band: Int
        var barRows: Int
        var gap: Int

        /// `categories` with `series` bars each in `height` rows, two of them kept for the
        /// value axis and its labels.
        init(categories: Int, series: Int, height: Int) {
            let perBand = max(series, 1)
            let available = max(height - 2, 0)
            gap = (perBand + 1) * categories - 1 <= available ? 1 : 0
            count = min(categories, (available + gap) / (perBand + gap))
            // Spread the room evenly, whole rows.
            band = count > 0 ? max(perBand, (available + gap) / count - gap) : perBand
            barRows = band / perBand
        }

        /// The first row of band `k`, and the rows all bands take.
        func top(_ k: Int) -> Int { k * (band + gap) }
        var height: Int { count * (band + gap) - gap }
    }

    func horizontalScene(_ session: Session, _ resolved: SeriesResolver.Result) -> Scene {
        var table = CategoryTable.make(resolved, session: session)
        table.sort()
        let selected = selectedCategory(session, table, resolved.categories)
        var rows = categoryRows(
            session, series: table.series, notes: resolved.notes,
            selected: selected != nil)
        var bands = HorizontalBands(
            categories: table.names.count, series: table.series.count, height: rows.height)
        if bands.count < table.names.count {
            // Room for the note that says so, then the bands again in what is left.
            let note =
                "note: \(table.names.count - bands.count) more categories than rows; sort=descending shows the largest"
            rows = categoryRows(
                session, series: table.series, notes: resolved.notes + [note],
                selected: selected != nil)
            // (Fewer rows: still no blank rows between bands.)
            bands = HorizontalBands(
                categories: table.names.count, series: table.series.count, height: rows.height)
        }
        let names = Array(table.names.prefix(bands.count))
        let labelWidth = min(names.map(TextMetrics.width(of:)).max() ?? 0, columns / 3)
        let left = labelWidth + 2
        let width = max(columns - left - 1, 0)
        let area = Scene.CellRect(column: left, row: rows.top, width: width, height: bands.height)
        let scale = valueScale(table, count: bands.count, width: width)
        var texts = rows.texts
        var layers = [Scene.Layer]()
        for s in table.series.indices {
            layers.append(hbarLayer(table, s, bands: bands, toColumn: scale.toColumn))
            if let labels = table.series[s].plot.style.labels, labels != .off {
                texts += hbarLabels(
                    table, s, bands: bands, area: area, labels: labels, toColumn: scale.toColumn)
            }
        }
        for (k, text) in TextMetrics.distinctlyTruncated(names, toWidth: labelWidth).enumerated() {
            texts.append(
                Scene.Text(
                    role: .category, row: area.row + bands.top(k) + (bands.band - 1) / 2,
                    column: labelWidth - TextMetrics.width(of: text), text: text,
                    bold: selected == k))
        }
        var frame = Scene.AxisFrame(leftColumn: left - 1, bottomRow: area.row + area.height)
        texts += valueAxis(scale, area: area, frame: &frame)
        if let k = selected, k < bands.count, let row = rows.readoutRow {
            texts += categoryReadout(table, k, row: row)
        }
        return Scene(
            columns: columns, rows: self.rows, dotsPerCell: dots, plotArea: area, frame: frame,
            rules: [], layers: layers, texts: texts.map { clipped($0) },
            selection: nil, yRange: scale.range, theme: session.output.themeColors)
    }

    /// The value axis of horizontal bars: zero and every drawn value, widened to round
    /// ends; its ticks; and where a value lands (columns from the area's left edge).
    struct ValueScale {
        var range: ClosedRange<Double>
        var ticks: [Double]
        var width: Int
        func toColumn(_ v: Double) -> Double {
            (v - range.lowerBound) / (range.upperBound - range.lowerBound) * Double(max(width, 1))
        }
    }

    func valueScale(_ table: CategoryTable, count: Int, width: Int) -> ValueScale {
        var lo = 0.0, hi = 0.0
        for row in table.values {
            for v in row.prefix(count) where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
        }
        if lo == hi { hi = 1 }
        if let step = NiceTicks.step(for: lo...hi, maxCount: max(2, width / 8)) {
            lo = min(lo, step.times((lo / step.value).rounded(.down)))
            hi = max(hi, step.times((hi / step.value).rounded(.up)))
        }
        return ValueScale(
            range: lo...hi, ticks: NiceTicks.ticks(in: lo...hi, maxCount: max(2, width / 8)),
            width: width)
    }

    /// One series' bars, one per drawn category, in its rows of each band.
    func hbarLayer(
        _ table: CategoryTable, _ s: Int, bands: HorizontalBands, toColumn: (Double) -> Double
    ) -> Scene.Layer {
        var bars = [Scene.Bar]()
        for k in 0..<bands.count where table.values[s][k].isFinite {
            let top = Double(bands.top(k) + s * bands.barRows)
            bars.append(
                Scene.Bar(
                    x0: top, x1: top + Double(bands.barRows), slot: Double(bands.band),
                    base: toColumn(0), top: toColumn(table.values[s][k])))
        }
        let series = table.series[s]
        var layer = Scene.Layer(
            plotID: series.plot.id, color: series.color, thickness: 1, marks: .hbars(bars))
        layer.pattern = Self.seriesPattern(s, of: table.series.count)
        return layer
    }

    /// Tick labels under the area, never overlapping, with their tick marks in `frame`.
    func valueAxis(_ scale: ValueScale, area: Scene.CellRect, frame: inout Scene.AxisFrame)
        -> [Scene.Text]
    {
        var texts = [Scene.Text]()
        var used = [Range<Int>]()
        for tick in scale.ticks {
            let column = Int(saturating: scale.toColumn(tick).rounded(.down))
            guard column >= 0, column < area.width else { continue }
            let label = Self.valueText(tick)
            let labelWidth = TextMetrics.width(of: label)
            let start = min(max(area.column + column - labelWidth / 2, 0), columns - labelWidth)
            let span = start..<(start + labelWidth + 1)
            guard !used.contains(where: { $0.overlaps(span) }) else { continue }
            used.append(span)
            frame.xTickColumns.append(area.column + column)
            frame.xTickDots.append(column * dots.x + dots.x / 2)
            frame.xTicks.append(Scene.Tick(value: tick, label: label))
            texts.append(
                Scene.Text(
                    role: .xLabel, row: area.row + area.height + 1, column: start, text: label))
        }
        return texts
    }

    /// Values at the bars' ends (`labels=`): after the end where that fits inside the area,
    /// else just inside the end, on the bar's colour (when the bar is longer than the text).
    func hbarLabels(
        _ table: CategoryTable, _ s: Int, bands: HorizontalBands, area: Scene.CellRect,
        labels: ValueLabels, toColumn: (Double) -> Double
    ) -> [Scene.Text] {
        let total = table.values[s].filter(\.isFinite).reduce(0, +)
        var texts = [Scene.Text]()
        for k in 0..<bands.count where table.values[s][k].isFinite {
            let v = table.values[s][k]
            let text =
                labels == .percent && total > 0 ? Self.percentText(v / total) : Self.valueText(v)
            let width = TextMetrics.width(of: text)
            let color = table.series[s].color
            let (end, zero) = (toColumn(v), toColumn(0))
            var label = Scene.Text(
                role: .valueLabel,
                row: area.row + bands.top(k) + s * bands.barRows + (bands.barRows - 1) / 2,
                column: 0, text: text, color: color)
            let outside =
                v >= 0
                ? Int(saturating: end.rounded(.up)) + 1
                : Int(saturating: end.rounded(.down)) - 1 - width
            // Whole cells of the bar, end first.
            let inside =
                v >= 0
                ? Int(saturating: end.rounded(.down)) - width
                : Int(saturating: end.rounded(.up))
            let insideFits =
                v >= 0
                ? Double(inside) >= zero.rounded(.up) + 1
                : Double(inside + width) <= zero.rounded(.down) - 1
            if outside >= 0, outside + width <= area.width {
                label.column = area.column + outside
            } else if insideFits {
                label.column = area.column + inside
                label.color = color.contrastingText
                label.background = color
            } else {
                continue
            }
            texts.append(label)
        }
        return texts
    }
}
