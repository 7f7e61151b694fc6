import ChartbookModel

/// Category names written downward in the terminal (issue 51, seed 004's label rotation):
/// `set xaxis angle=N` slants the names in SVG, PNG and PDF; cells cannot slant, so on a
/// category x the terminal writes each name down from its category's column, a character
/// a row — whole names where a row of them would be cut to `Uni…ica`. The rows come from
/// the plot (at most a third of the chart, the longest name's length); a longer name ends
/// in `…`. Names stand at least two columns apart, every category named where they fit.
extension ChartLayout {
    /// Whether the x labels are names written downward: a slant asked, a category x, cells.
    func writesNamesDown(_ c: ChartContext) -> Bool {
        !vectorBars && c.session.axes.xGuide.angle > 0 && c.scale == .category
            && !c.session.axes.xGuide.top
    }

    /// The rows downward names want beyond the x labels' own: the longest name's length,
    /// up to a third of the chart's rows, less the one the labels have.
    func downwardExtraRows(_ c: ChartContext) -> Int {
        let longest =
            c.categories.names.lazy.map { TextMetrics.width(of: TextMetrics.sanitized($0)) }
            .max() ?? 0
        return max(0, min(longest, max(1, rows / 3)) - 1)
    }

    /// The names in the window, each down from `row` in `height` rows at its centre column,
    /// and the ticks they stand on.
    func downwardNames(
        _ c: ChartContext, x: XSide, area: Scene.CellRect, row: Int, height: Int
    ) -> (texts: [Scene.Text], placed: [XLabelPlacer.Placed]) {
        guard let plan = x.plan, height > 0 else { return ([], []) }
        var texts = [Scene.Text](), placed = [XLabelPlacer.Placed]()
        var last = Int.min
        let mapping = x.mapping
        // Every category (`set xticks every N`: every N-th), its name whole.
        for tick in plan.ticks(maxCount: Int.max) {
            let dot = mapping.dot(value: tick.value)
            let column = area.column + dot / max(1, mapping.dotsPerCell)
            let text = TextMetrics.sanitized(tick.label)
            guard dot >= 0, dot < mapping.widthCells * mapping.dotsPerCell,
                column < columns, last == .min || column >= last + 2, !text.isEmpty
            else { continue }
            last = column
            let shown = TextMetrics.truncated(text, toWidth: height)
            for (offset, character) in shown.enumerated() {
                texts.append(
                    Scene.Text(
                        role: .xLabel, row: row + offset, column: column, text: String(character)
                    ))
            }
            placed.append(
                XLabelPlacer.Placed(
                    column: column, tickColumn: column, text: text, tickDot: dot,
                    value: tick.value))
        }
        return (texts, placed)
    }
}
