import ChartbookModel

/// What the category charts (horizontal bars, pie, radar) share: the rows above and below
/// their drawing, the selected category and its readout.
extension ChartLayout {
    /// The rows a category chart gives out: title and legend above, notes and the readout
    /// below, the rest to the drawing.
    struct CategoryRows {
        var texts = [Scene.Text]()
        /// The first row and the number of rows of the drawing.
        var top = 0
        var height = 0
        var readoutRow: Int?
    }

    func categoryRows(
        _ session: Session, series: [ResolvedPlot], notes: [String], selected: Bool
    ) -> CategoryRows {
        var rows = CategoryRows()
        var used = 0
        func take() -> Bool {
            guard self.rows - used - 1 >= 3 else { return false }
            used += 1
            return true
        }
        if let title = titleText(session), take() { rows.texts.append(title) }
        let wantsLegend = session.output.legendShown(
            series: series.count, yTitled: session.axes.yTitle != nil)
        if wantsLegend, !series.isEmpty, take() {
            let patterns = series.indices.map { s in
                series[s].plot.kind == .hbar ? Self.seriesPattern(s, of: series.count) : nil
            }
            rows.texts += self.legend(
                plots: series, patterns: patterns, row: used - 1,
                area: Scene.CellRect(column: 0, row: 0, width: columns, height: 0))
        }
        rows.top = used
        var below = 0
        if selected, take() { below += 1 }
        var noteTexts = [String]()
        for note in notes where take() {
            noteTexts.append(note)
            below += 1
        }
        rows.height = max(0, self.rows - used)
        var row = rows.top + rows.height
        for note in noteTexts {
            rows.texts.append(
                Scene.Text(
                    role: .note, row: row, column: 0,
                    text: TextMetrics.truncated(TextMetrics.sanitized(note), toWidth: columns)))
            row += 1
        }
        if selected { rows.readoutRow = row }
        return rows
    }

    /// The selected category (in the table's order): `select N` counts categories as drawn,
    /// `select x=NAME` names one, `select last` is the last.
    func selectedCategory(_ session: Session, _ table: CategoryTable, _ categories: XCategories)
        -> Int?
    {
        switch session.selection {
        case .none: return nil
        case .last: return table.names.isEmpty ? nil : table.names.count - 1
        case .index(let i): return i >= 0 && i < table.names.count ? i : nil
        case .x(let value):
            let slot = Int(value)
            guard value.isFinite, slot >= 0, slot < categories.names.count else { return nil }
            return table.names.firstIndex(of: TextMetrics.sanitized(categories.names[slot]))
        }
    }

    /// `▶ NAME  series value (share)  …` for the selected category.
    func categoryReadout(_ table: CategoryTable, _ k: Int, row: Int) -> [Scene.Text] {
        var texts = [Scene.Text]()
        var column = 0
        func add(_ text: String, color: Color? = nil, bold: Bool = false) {
            let fitted = TextMetrics.truncated(text, toWidth: max(0, columns - column))
            guard !fitted.isEmpty else { return }
            texts.append(
                Scene.Text(
                    role: .readout, row: row, column: column, text: fitted, color: color,
                    bold: bold))
            column += TextMetrics.width(of: fitted) + 1
        }
        add(glyphs.readoutMarker + " " + table.names[k], bold: true)
        for (s, series) in table.series.enumerated() {
            let value = table.values[s][k]
            let total = table.values[s].filter(\.isFinite).reduce(0, +)
            var text =
                " \(series.name) " + (value.isFinite ? Self.valueText(value) : glyphs.missingValue)
            if value.isFinite, total > 0, value >= 0 {
                text += " (" + Self.percentText(value / total) + ")"
            }
            add(text, color: series.color)
        }
        return texts
    }

    /// A value as labels and readouts write it: up to 4 significant digits, with a suffix
    /// (k, M …) from 10,000.
    /// The fill pattern that tells series `s` of `count` apart without colour (horizontal
    /// bars and their legend keys); nil when there is only one.
    static func seriesPattern(_ s: Int, of count: Int) -> Int? { count > 1 ? s : nil }

    static func valueText(_ value: Double) -> String {
        LabelFormatter().labels(for: [value]).first ?? LabelFormatter.fixed(value, 2)
    }

    /// A share (0...1) as a percentage: `35%`, `3.5%`, `0.4%`.
    static func percentText(_ share: Double) -> String {
        let percent = share * 100
        return LabelFormatter.fixed(percent, abs(percent) >= 10 || percent == 0 ? 0 : 1) + "%"
    }
}
