import ChartbookModel

/// One sparkline of the strip under the chart: `name ⣀⡠⠔⠊⠉ last`, `height` rows tall.
/// Its range is the data's extent (or `range=`, which clips); `zero=on` adds a dotted line
/// at zero; every point is shown, reduced per dot column like any line.
struct SparklineLayout {
    var columns: Int
    var dots: DotDensity
    var glyphs: Glyphs
    var theme: ThemeColors

    /// The sparkline's own scene (its plot area is its rows) and the texts for the main scene.
    func scene(
        for plot: Plot, values: [Double], color: Color, row: Int, height: Int, nameWidth: Int
    ) -> (Scene, [Scene.Text]) {
        let name = TextMetrics.sanitized(plot.id)
        let last = values.last(where: { $0.isFinite })
        let lastText =
            last.map { LabelFormatter().label(for: $0, significantDigits: 4) }
            ?? glyphs.missingValue
        let valueWidth = TextMetrics.width(of: lastText)
        let nameColumns = min(nameWidth, max(columns / 3, 0))
        let areaStart = nameColumns + 1
        let areaWidth = max(0, columns - areaStart - valueWidth - 1)
        let area = Scene.CellRect(column: areaStart, row: row, width: areaWidth, height: height)
        var texts = [
            Scene.Text(
                role: .sparkline, row: row + height - 1, column: 0,
                text: TextMetrics.truncated(name, toWidth: nameColumns))
        ]
        texts.append(
            Scene.Text(
                role: .sparkline, row: row + height - 1, column: areaStart + areaWidth + 1,
                text: lastText, color: color, bold: true))
        return (drawing(for: plot, values: values, color: color, in: area), texts)
    }

    /// A sparkline in a margin beside the plot (`place=right|left`), in `rect`: its name on
    /// the first row, its last value on the last, the line in the rows between.
    func marginScene(for plot: Plot, values: [Double], color: Color, in rect: Scene.CellRect)
        -> (Scene, [Scene.Text])
    {
        let last = values.last(where: { $0.isFinite })
        let lastText =
            last.map { LabelFormatter().label(for: $0, significantDigits: 4) }
            ?? glyphs.missingValue
        var texts = [
            Scene.Text(
                role: .sparkline, row: rect.row, column: rect.column,
                text: TextMetrics.truncated(TextMetrics.sanitized(plot.id), toWidth: rect.width))
        ]
        // (One row holds the name alone.)
        if rect.height > 1 {
            texts.append(
                Scene.Text(
                    role: .sparkline, row: rect.row + rect.height - 1,
                    column: rect.column + max(0, rect.width - TextMetrics.width(of: lastText)),
                    text: TextMetrics.truncated(lastText, toWidth: rect.width), color: color,
                    bold: true))
        }
        let area = Scene.CellRect(
            column: rect.column, row: rect.row + 1, width: rect.width,
            height: max(0, rect.height - 2))
        return (drawing(for: plot, values: values, color: color, in: area), texts)
    }

    /// The sparkline's own scene: its series in `area`, over its range (the data's extent,
    /// or `range=`, which clips).
    func drawing(for plot: Plot, values: [Double], color: Color, in area: Scene.CellRect)
        -> Scene
    {
        let (row, height, areaWidth) = (area.row, area.height, area.width)
        let stats = Statistics(of: values)
        var lo = stats.count > 0 ? stats.minimum : 0, hi = stats.count > 0 ? stats.maximum : 1
        // Bars grow from zero; zero=on only draws the zero line when zero is in range.
        if plot.style.spark.kind == .bar { lo = min(lo, 0); hi = max(hi, 0) }
        if let fixed = plot.style.spark.range { lo = fixed.lowerBound; hi = fixed.upperBound }
        let (a, b) = YRange.widenedIfFlat(lo, hi)
        let range = a...b
        let x = XMapping(
            count: values.count, widthCells: areaWidth, dotsPerCell: dots.x,
            slotted: plot.style.spark.kind == .bar)
        let y = YMapping(range: range, heightDots: height * dots.y)
        let layout = ChartLayout(columns: columns, rows: row + height, dots: dots, glyphs: glyphs)
        let resolved = ChartLayout.ResolvedPlot(
            plot: asMainPlot(plot), name: plot.id,
            values: values.map { min(max($0, range.lowerBound), range.upperBound) }, xs: nil,
            sorted: true, color: color)
        var rules = [Scene.Rule]()
        if plot.style.spark.zero == true, range.contains(0) {
            rules.append(
                Scene.Rule(kind: .zero, dotY: y.dot(0), value: 0, color: theme.grid, style: .dotted)
            )
        }
        let layer =
            areaWidth > 0
            ? [
                layout.layer(
                    for: resolved,
                    x: ChartLayout.XSide(window: 0..<values.count, plan: nil, mapping: x),
                    y: y, heightCells: height)
            ] : []
        return Scene(
            columns: columns, rows: row + height, dotsPerCell: dots, plotArea: area,
            frame: Scene.AxisFrame(),
            rules: rules, layers: layer, texts: [], selection: nil, yRange: range, theme: theme)
    }

    /// The plot drawn as the main chart would draw its kind.
    func asMainPlot(_ plot: Plot) -> Plot {
        var p = plot
        switch plot.style.spark.kind ?? .line {
        case .line:
            // DSFSparkline's line: 1 point unless `width=`; `style=smooth` and `fill=` as a
            // main line's.
            p.kind = .line
            p.style.stroke.width = plot.style.stroke.width ?? 1
        case .bar:
            // Sparkline bars fill their slots.
            p.kind = .bar
            p.style.bar.width = 1
        case .dot:
            p.kind = .dot
            p.style.marker.size = 0.5
        }
        return p
    }
}
