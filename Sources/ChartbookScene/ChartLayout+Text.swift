import ChartbookModel

extension ChartLayout {
    func labelTexts(session: Session, plots: [ResolvedPlot]) -> (Int) -> String? {
        func from(_ labels: [String]) -> (Int) -> String? {
            { $0 < labels.count ? TextMetrics.sanitized(labels[$0]) : nil }
        }
        switch session.axes.labelSource {
        case .index: return { String($0) }
        case .datasetLabels(let name):
            guard let labels = session.dataset(named: name)?.labels else { return { String($0) } }
            return from(labels)
        case .column(let ref):
            guard let column = session.dataset(named: ref.dataset)?.column(named: ref.column) else {
                return { String($0) }
            }
            return { $0 < column.count ? TextMetrics.sanitized(column.text(at: $0)) : nil }
        case .none:
            if let first = plots.first,
                let labels = session.dataset(named: first.plot.series.dataset)?.labels
            {
                return from(labels)
            }
            return { String($0) }
        }
    }

    func legend(plots: [ResolvedPlot], row: Int, area: Scene.CellRect) -> [Scene.Text] {
        let entries = plots.map { p in
            (
                symbol: glyphs.legendKey(p.plot), name: TextMetrics.sanitized(p.plot.id),
                color: p.color
            )
        }
        let total =
            entries.reduce(0) { $0 + 2 + TextMetrics.width(of: $1.name) } + 2
            * max(0, entries.count - 1)
        var column = max(0, area.column + area.width - total)
        var texts = [Scene.Text]()
        for entry in entries {
            guard column + 2 < columns else { break }
            texts.append(
                Scene.Text(
                    role: .legend, row: row, column: column, text: entry.symbol, color: entry.color)
            )
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
            texts.append(
                Scene.Text(
                    role: .readout, row: row, column: column, text: fitted, color: color, bold: bold
                ))
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

    /// `points 120–180 of 1000` and a scroll bar showing where the window is, under the chart.
    func positionLine(window: Range<Int>, count: Int, row: Int, area: Scene.CellRect) -> [Scene
        .Text]
    {
        let dash = glyphs.asciiOnly ? "-" : "–"
        let label = "points \(window.lowerBound)\(dash)\(window.upperBound - 1) of \(count)  "
        let barWidth = max(0, columns - area.column - TextMetrics.width(of: label))
        var texts = [
            Scene.Text(
                role: .position, row: row, column: area.column,
                text: TextMetrics.truncated(label, toWidth: columns - area.column))
        ]
        guard barWidth >= 4, count > 0 else { return texts }
        let start = Int(
            saturating: (Double(window.lowerBound) / Double(count) * Double(barWidth)).rounded(
                .down))
        let length = max(
            1, Int(saturating: (Double(window.count) / Double(count) * Double(barWidth)).rounded()))
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
