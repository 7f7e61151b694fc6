import ChartbookModel

/// Horizontal bars: categories down the left (long names shortened with `…` to at most a
/// third of the width), values along the bottom from round ticks, one band of rows per
/// category holding one bar per series.
extension ChartLayout {
    func horizontalScene(_ session: Session, _ resolved: SeriesResolver.Result) -> Scene {
        var table = CategoryTable.make(resolved, session: session)
        table.sort()
        let selected = selectedCategory(session, table, resolved.categories)
        var notes = resolved.notes
        var rows = categoryRows(
            session, series: table.series, legend: table.series.count > 1, notes: [],
            selected: selected != nil)
        // Two rows for the axis and its labels; each category at least one row per series.
        let bandHeight = max(table.series.count, 1)
        let available = max(rows.height - 2, 0)
        // A blank row between categories when every one fits with it.
        let gap = (bandHeight + 1) * table.names.count - 1 <= available ? 1 : 0
        let shown = min(table.names.count, (available + gap) / (bandHeight + gap))
        if shown < table.names.count {
            notes.append(
                "note: \(table.names.count - shown) more categories than rows; sort=descending shows the largest"
            )
        }
        if !notes.isEmpty {
            rows = categoryRows(
                session, series: table.series, legend: table.series.count > 1, notes: notes,
                selected: selected != nil)
        }
        let available2 = max(rows.height - 2, 0)
        let count = min(table.names.count, (available2 + gap) / (bandHeight + gap))
        let names = table.names.prefix(count).map { $0 }
        let labelWidth = min(names.map(TextMetrics.width(of:)).max() ?? 0, columns / 3)
        let left = labelWidth + 2
        let width = max(columns - left - 1, 0)
        // Rows per band: spread the room evenly, whole rows.
        let band = count > 0 ? max(bandHeight, (available2 + gap) / count - gap) : bandHeight
        let barRows = band / bandHeight
        let area = Scene.CellRect(
            column: left, row: rows.top, width: width, height: count * (band + gap) - gap)
        var lo = 0.0, hi = 0.0
        for row in table.values {
            for v in row.prefix(count) where v.isFinite { lo = min(lo, v); hi = max(hi, v) }
        }
        if lo == hi { hi = 1 }
        if let step = NiceTicks.step(for: lo...hi, maxCount: max(2, width / 8)) {
            lo = min(lo, step.times((lo / step.value).rounded(.down)))
            hi = max(hi, step.times((hi / step.value).rounded(.up)))
        }
        let ticks = NiceTicks.ticks(in: lo...hi, maxCount: max(2, width / 8))
        let toColumn = { (v: Double) in (v - lo) / (hi - lo) * Double(max(width, 1)) }
        var layers = [Scene.Layer]()
        var texts = rows.texts
        for (s, series) in table.series.enumerated() {
            var bars = [Scene.Bar]()
            for k in 0..<count where table.values[s][k].isFinite {
                let top = Double(k * (band + gap) + s * barRows)
                bars.append(
                    Scene.Bar(
                        x0: top, x1: top + Double(barRows), slot: Double(band),
                        base: toColumn(0), top: toColumn(table.values[s][k])))
            }
            var layer = Scene.Layer(
                plotID: series.plot.id, color: series.color, thickness: 1, marks: .hbars(bars))
            layer.pattern = table.series.count > 1 ? s : nil
            layers.append(layer)
            if let labels = series.plot.style.labels, labels != .off {
                texts += hbarLabels(
                    table, s, count: count, area: area, band: band + gap, barRows: barRows,
                    labels: labels, toColumn: toColumn)
            }
        }
        for (k, name) in names.enumerated() {
            let text = TextMetrics.truncated(name, toWidth: labelWidth)
            texts.append(
                Scene.Text(
                    role: .category, row: area.row + k * (band + gap) + (band - 1) / 2,
                    column: labelWidth - TextMetrics.width(of: text), text: text,
                    bold: selected == k))
        }
        var frame = Scene.AxisFrame(leftColumn: left - 1, bottomRow: area.row + area.height)
        var used = [Range<Int>]()
        for tick in ticks {
            let column = Int(saturating: toColumn(tick).rounded(.down))
            guard column >= 0, column < width else { continue }
            let label = Self.valueText(tick)
            let start = min(
                max(left + column - TextMetrics.width(of: label) / 2, 0),
                columns - TextMetrics.width(of: label))
            let span = start..<(start + TextMetrics.width(of: label) + 1)
            guard !used.contains(where: { $0.overlaps(span) }) else { continue }
            used.append(span)
            frame.xTickColumns.append(left + column)
            frame.xTickDots.append(column * dots.x + dots.x / 2)
            texts.append(
                Scene.Text(
                    role: .xLabel, row: area.row + area.height + 1, column: start, text: label))
        }
        if let k = selected, k < count, let row = rows.readoutRow {
            texts += categoryReadout(table, k, row: row)
        }
        return Scene(
            columns: columns, rows: self.rows, dotsPerCell: dots, plotArea: area, frame: frame,
            rules: [], layers: layers, texts: texts.map { clipped($0) },
            selection: nil, yRange: lo...hi, theme: session.output.theme)
    }

    /// Values at the bars' ends (`labels=`), where they fit inside the area.
    func hbarLabels(
        _ table: CategoryTable, _ s: Int, count: Int, area: Scene.CellRect, band: Int,
        barRows: Int, labels: PlotStyle.ValueLabels, toColumn: (Double) -> Double
    ) -> [Scene.Text] {
        let total = table.values[s].filter(\.isFinite).reduce(0, +)
        var texts = [Scene.Text]()
        for k in 0..<count where table.values[s][k].isFinite {
            let v = table.values[s][k]
            let text =
                labels == .percent && total > 0 ? Self.percentText(v / total) : Self.valueText(v)
            let end = Int(saturating: toColumn(v).rounded(.up))
            let column =
                v >= 0
                ? end + 1
                : Int(saturating: toColumn(v).rounded(.down)) - 1 - TextMetrics.width(of: text)
            guard column >= 0, column + TextMetrics.width(of: text) <= area.width else { continue }
            texts.append(
                Scene.Text(
                    role: .valueLabel, row: area.row + k * band + s * barRows + (barRows - 1) / 2,
                    column: area.column + column, text: text, color: table.series[s].color))
        }
        return texts
    }
}
