import ChartbookModel

/// Sparklines as layers in a region of the chart (issue 51, seed 001's layers in any region):
/// a strip under the chart (the default) or above the plot, or a margin beside the plot —
/// a sparkline in the right margin as tall as the plot, its name at the top and last value
/// at the foot. Where a margin has no room (a chart under 40 columns, more sparklines on a
/// side than its rows hold at three each) or the chart has no main plot, a sparkline takes
/// the strip below instead, so none is left out.
extension ChartLayout {
    /// Where sparkline `p` stands on this chart.
    func sparkPlace(_ p: ResolvedPlot, _ c: ChartContext) -> SparkStyle.Place {
        let asked = p.plot.style.spark.resolvedPlace
        guard !c.plots.isEmpty else { return .below }
        guard asked.isMargin else { return asked }
        let onSide = c.sparks.filter { $0.plot.style.spark.resolvedPlace == asked }.count
        guard columns >= 40, onSide * 3 <= max(0, rows - 6) else { return .below }
        return asked
    }

    /// The sparklines standing at `place`, in plot order.
    func sparks(at place: SparkStyle.Place, _ c: ChartContext) -> [ResolvedPlot] {
        c.sparks.filter { sparkPlace($0, c) == place }
    }

    /// The columns a margin of sparklines takes beside the plot (a column between them).
    var marginWidth: Int { min(max(columns / 6, 8), 24) }

    /// The margin sparklines' columns on each side.
    func marginColumns(_ c: ChartContext) -> (left: Int, right: Int) {
        (
            sparks(at: .left, c).isEmpty ? 0 : marginWidth + 1,
            sparks(at: .right, c).isEmpty ? 0 : marginWidth + 1
        )
    }

    /// The sparklines above the plot and in its margins: their scenes, and their names and
    /// last values for the main scene.
    func placedSparklines(_ c: ChartContext, _ plan: RowPlan, _ f: Frame) -> (
        scenes: [Scene], texts: [Scene.Text]
    ) {
        let area = f.area
        var scenes = [Scene](), texts = [Scene.Text]()
        let strip = SparklineLayout(
            columns: columns, dots: dots, glyphs: glyphs, theme: c.session.output.themeColors)
        // Above: strips over the plot, under the title and legend, above the y title.
        let above = sparks(at: .above, c)
        let nameWidth =
            c.sparks.map { TextMetrics.width(of: TextMetrics.sanitized($0.plot.id)) }.max() ?? 0
        var row =
            area.row - (plan.hasYTitle ? 1 : 0) - plan.sparkAbove.reduce(0, +)
            - (plan.xAxisTop ? plan.xAxisRows : 0)
        for (p, height) in zip(above, plan.sparkAbove) {
            let (scene, stripTexts) = strip.scene(
                for: p.plot, values: p.values, color: p.color, row: row, height: height,
                nameWidth: nameWidth)
            scenes.append(scene)
            texts += stripTexts
            row += height
        }
        // Margins: outside the axes' gutters (and inside a side legend), the plot's rows
        // shared evenly among the sparklines of a side.
        let width = marginWidth
        let columns = (
            left: area.column - f.inner.left - Self.outerWidth(f.y.left2) - 1 - width,
            right: area.column + area.width + f.inner.right + Self.outerWidth(f.y.right2) + 1
        )
        for (place, column) in [(SparkStyle.Place.left, columns.left), (.right, columns.right)] {
            let side = sparks(at: place, c)
            // (A plot shorter than three rows each still names every one.)
            guard !side.isEmpty, column >= 0 else { continue }
            let each = max(1, area.height / side.count)
            for (k, p) in side.enumerated() where k * each < max(area.height, 1) {
                let rect = Scene.CellRect(
                    column: column, row: area.row + k * each, width: width, height: each)
                let (scene, stripTexts) = strip.marginScene(
                    for: p.plot, values: p.values, color: p.color, in: rect)
                scenes.append(scene)
                texts += stripTexts
            }
        }
        return (scenes, texts)
    }
}
