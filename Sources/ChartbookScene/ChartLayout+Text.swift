import ChartbookModel
import Foundation

extension ChartLayout {
    func labelTexts(session: Session, plots: [ResolvedPlot]) -> (Int) -> String? {
        categoryNames(session: session, plots: plots) ?? { String($0) }
    }

    /// The name of each point on an x axis of categories (a dataset's labels, a text
    /// column, a transform's groups); nil when the x axis is the row number.
    func categoryNames(session: Session, plots: [ResolvedPlot]) -> ((Int) -> String?)? {
        func from(_ labels: [String]) -> (Int) -> String? {
            { $0 < labels.count ? TextMetrics.sanitized(labels[$0]) : nil }
        }
        switch session.axes.labelSource {
        case .index: return nil
        case .datasetLabels(let name):
            return session.dataset(named: name)?.labels.map(from)
        case .column(let ref):
            guard let column = session.dataset(named: ref.dataset)?.column(named: ref.column) else {
                return nil
            }
            return { $0 < column.count ? TextMetrics.sanitized(column.text(at: $0)) : nil }
        case .none:
            return plots.first.flatMap { session.table(of: $0.plot)?.labels }.map(from)
        }
    }

    /// The x labels: on a real x scale from the axis plan's ticks, on the index from the
    /// window's points.
    func xLabels(_ c: ChartContext, x: XSide, area: Scene.CellRect) -> [XLabelPlacer.Placed] {
        if let plan = x.plan {
            return plan.placedLabels(
                mapping: x.mapping, areaColumn: area.column, chartColumns: columns)
        }
        let placer = XLabelPlacer(
            mapping: x.mapping, areaColumn: area.column, chartColumns: columns)
        // `set xticks every N` on the index: labels on multiples of N points at most.
        var sparsity = c.session.axes.labelSparsity
        if case .every(let step)? = c.session.axes.xGuide.step {
            sparsity = max(sparsity, Int(saturating: step.rounded()))
        }
        // `set xticks count N`: labels on multiples of a round step that gives at most N.
        if case .count(let n)? = c.session.axes.xGuide.step, n > 1 {
            let needed = (x.window.count + n - 2) / (n - 1)
            var step = 1
            while step < needed { step = XLabelPlacer.nextStep(after: step, multipleOf: 1) }
            sparsity = max(sparsity, step)
        }
        return placer.place(
            first: x.window.lowerBound, count: x.window.count, sparsity: sparsity,
            label: labelTexts(session: c.session, plots: c.plots))
    }

    /// One legend line: key and name of each series, right-aligned to the plot area, and
    /// `+N more` when `more` entries did not fit (entries give way to it when needed).
    /// `patterns`: each plot's fill pattern (stacked parts, `stackedPatterns`), which its key
    /// shows when there is no colour.
    /// `start`: the column the entries start at (a legend beside the plot), `width` the
    /// columns they may take from there; nil: right-aligned to the plot area.
    func legend(
        plots: [ResolvedPlot], patterns: [Int?], row: Int, area: Scene.CellRect, more: Int = 0,
        at start: Int? = nil, width limit: Int? = nil
    ) -> [Scene.Text] {
        var entries = zip(plots, patterns).map { p, pattern in
            (
                symbol: glyphs.legendKey(p.plot), name: TextMetrics.sanitized(p.nameInLegend),
                color: p.color, pattern: pattern
            )
        }
        var more = more
        func width() -> Int {
            let names = entries.reduce(0) { $0 + 2 + TextMetrics.width(of: $1.name) }
            let gaps = 2 * max(0, entries.count - 1)
            return names + gaps + (more > 0 ? (entries.isEmpty ? 0 : 2) + "+\(more) more".count : 0)
        }
        while more > 0, !entries.isEmpty, width() > columns {
            entries.removeLast()
            more += 1
        }
        var column = start ?? max(0, min(area.column + area.width, columns) - width())
        let end = min(columns, start.map { $0 + (limit ?? columns) } ?? columns)
        var texts = [Scene.Text]()
        for entry in entries {
            guard column + 2 < end else { break }
            texts.append(
                Scene.Text(
                    role: entry.pattern == nil ? .legend : .colorKey, row: row, column: column,
                    text: entry.symbol, color: entry.color, pattern: entry.pattern))
            let name = TextMetrics.truncated(entry.name, toWidth: end - column - 2)
            texts.append(Scene.Text(role: .legend, row: row, column: column + 2, text: name))
            column += 2 + TextMetrics.width(of: name) + 2
        }
        if more > 0 {
            texts.append(Scene.Text(role: .legend, row: row, column: column, text: "+\(more) more"))
        }
        return texts
    }

    /// `median 70  Q1–Q3 66–74  whiskers 55–86  3 outliers` (data units: 10^ on a log y).
    func boxText(_ box: BoxStatistics, transform: ScaleTransform) -> String {
        // Interpolated quartiles (and values back from log10) carry rounding noise: 6
        // significant digits.
        let formatter = LabelFormatter()
        func unlog(_ v: Double) -> String {
            formatter.label(for: transform.inverse(v), significantDigits: 6)
        }
        var text =
            "median \(unlog(box.median))  Q1–Q3 \(unlog(box.lowerQuartile))–\(unlog(box.upperQuartile))"
            + "  whiskers \(unlog(box.lowerWhisker))–\(unlog(box.upperWhisker))"
        if !box.outliers.isEmpty {
            text += "  \(box.outliers.count) outlier\(box.outliers.count == 1 ? "" : "s")"
        }
        return text
    }

    /// The selected point under the chart: its index or x, then each series' value there.
    func readout(_ c: ChartContext, x: XSide, row: Int) -> [Scene.Text] {
        var texts = [Scene.Text]()
        var column = 0
        func add(_ text: String, color: Color? = nil, bold: Bool = false) {
            guard column < columns else { return }
            let fitted = TextMetrics.truncated(text, toWidth: columns - column)
            texts.append(
                Scene.Text(
                    role: .readout, row: row, column: column, text: fitted, color: color, bold: bold
                ))
            column += TextMetrics.width(of: fitted)
        }
        // Values as the data holds them; computed ones (`agg=`, windows) to four digits.
        let shown = { (p: ResolvedPlot) -> (Double) -> String in
            let text = p.plot.drawn != nil ? Self.computedText(p, extra: 1) : NumberText.written
            return { v in v.isNaN ? self.glyphs.missingValue : text(v) }
        }
        let transform = ScaleTransform(c.session.axes.yScale)
        if let plan = x.plan {
            guard let selected = selectedX(c) else { return [] }
            add(
                "\(glyphs.readoutMarker) \(plan.text(selected, timeZone: c.session.timeZone))",
                bold: true)
            for p in c.plots {
                if let box = p.box {
                    // A box names its statistics, for the group selected only; its group is
                    // the x just written, so it goes by its plot's id.
                    guard p.xs?.first == selected else { continue }
                    add("  ")
                    add(TextMetrics.sanitized(p.plot.id), color: p.color)
                    add(" " + boxText(box, transform: transform))
                    continue
                }
                add("  ")
                add(TextMetrics.sanitized(p.name), color: p.color)
                let point = nearest(p, to: selected)
                add(" " + pointText(p, point, transform: transform, shown: shown(p)))
                if let channels = channelText(p, point) { add(channels) }
            }
            return texts
        }
        guard let index = resolvedSelection(c.session.selection, count: c.count) else { return [] }
        let label = labelTexts(session: c.session, plots: c.plots)(index)
        add("\(glyphs.readoutMarker) \(index)", bold: true)
        if let label, label != String(index), !label.isEmpty { add("  \(label)") }
        for p in c.plots {
            add("  ")
            add(TextMetrics.sanitized(p.name), color: p.color)
            add(" " + pointText(p, index, transform: transform, shown: shown(p)))
            if let channels = channelText(p, index) { add(channels) }
        }
        return texts
    }

    /// What a point's channels read in its row (`color=city size=pop`): ` city Oslo  pop
    /// 709000`, each column once and not the plot's own, in the order color, size, shape,
    /// opacity; nil without channels or a point.
    func channelText(_ p: ResolvedPlot, _ index: Int?) -> String? {
        guard let channels = p.channels, let i = index, i < p.values.count else { return nil }
        let row = p.row(i)
        // (The plot's own column is its value, said already.)
        var named = [p.plot.series.column]
        var text = ""
        for column in [channels.color, channels.size, channels.shape, channels.opacity] {
            guard let column, !named.contains(column.name) else { continue }
            named.append(column.name)
            let value = column.text(at: row)
            text +=
                "  \(TextMetrics.sanitized(column.name)) "
                + (value.isEmpty ? glyphs.missingValue : TextMetrics.sanitized(value))
        }
        return text.isEmpty ? nil : text
    }

    /// A point's values in the readout: the value; a range's `low–high`; a candle's
    /// `O open H high L low C close` (`log`: the extra columns are drawn as log10).
    func pointText(
        _ p: ResolvedPlot, _ index: Int?, transform: ScaleTransform, shown: (Double) -> String
    )
        -> String
    {
        let value = index.map { p.shown($0) } ?? .nan
        guard let i = index, i < p.values.count else { return shown(value) }
        let extra = { (k: Int) -> Double in
            guard k < p.extra.count, i < p.extra[k].count else { return .nan }
            return transform.inverse(p.extra[k][i])
        }
        switch p.plot.kind.spec.readout {
        case .lowHigh:
            return "\(shown(extra(0)))\(glyphs.missingValue)\(shown(value))"
        case .ohlc:
            return
                "O \(shown(extra(0))) H \(shown(extra(1))) L \(shown(extra(2))) C \(shown(value))"
        case .interval:
            return "\(shown(value)) (\(shown(extra(0)))\(glyphs.missingValue)\(shown(extra(1))))"
        case .value:
            // An aggregate says how many rows it covers.
            guard let counts = p.rowCounts, i < counts.count, counts[i].isFinite else {
                return shown(value)
            }
            let n = Int(saturating: counts[i])
            return "\(shown(value)) (\(n) row\(n == 1 ? "" : "s"))"
        }
    }

    /// Where the window is, under the chart: `points 120–180 of 1000` on the index,
    /// `2004-01-05 – 2006-12-29 of 2000-01-03 – 2010-12-31` on a real x; then a scroll bar.
    func positionLine(_ c: ChartContext, x: XSide, row: Int, area: Scene.CellRect) -> [Scene.Text] {
        let dash = glyphs.asciiOnly ? "-" : "–"
        let label: String
        let fraction: (start: Double, length: Double)
        if let plan = x.plan {
            let zone = c.session.timeZone
            let total = plan.extent.upperBound - plan.extent.lowerBound
            guard total > 0 else { return [] }
            label =
                "\(plan.text(plan.domain.lowerBound, timeZone: zone)) \(dash) \(plan.text(plan.domain.upperBound, timeZone: zone)) of \(plan.text(plan.extent.lowerBound, timeZone: zone)) \(dash) \(plan.text(plan.extent.upperBound, timeZone: zone))  "
            fraction = (
                (plan.domain.lowerBound - plan.extent.lowerBound) / total,
                (plan.domain.upperBound - plan.domain.lowerBound) / total
            )
        } else {
            let window = x.window
            guard window.count < c.count, c.count > 0 else { return [] }
            label = "points \(window.lowerBound)\(dash)\(window.upperBound - 1) of \(c.count)  "
            fraction = (
                Double(window.lowerBound) / Double(c.count), Double(window.count) / Double(c.count)
            )
        }
        var texts = [
            Scene.Text(
                role: .position, row: row, column: area.column,
                text: TextMetrics.truncated(label, toWidth: columns - area.column))
        ]
        let barWidth = max(0, columns - area.column - TextMetrics.width(of: label))
        guard barWidth >= 4 else { return texts }
        let clampedStart = min(max(fraction.start, 0), 1)
        let start = Int(saturating: (clampedStart * Double(barWidth)).rounded(.down))
        let length = max(
            1,
            min(barWidth, Int(saturating: (min(fraction.length, 1) * Double(barWidth)).rounded())))
        let thumbStart = min(start, barWidth - length)
        let track = glyphs.asciiOnly ? "-" : "─", thumb = glyphs.asciiOnly ? "=" : "━"
        let bar =
            String(repeating: track, count: thumbStart) + String(repeating: thumb, count: length)
            + String(repeating: track, count: max(0, barWidth - thumbStart - length))
        texts.append(
            Scene.Text(
                role: .position, row: row, column: area.column + TextMetrics.width(of: label),
                text: bar))
        return texts
    }

    func clipped(_ text: Scene.Text) -> Scene.Text {
        var text = text
        text.column = max(0, text.column)
        text.text = TextMetrics.truncated(text.text, toWidth: columns - text.column)
        return text
    }
}
