import ChartbookModel

extension ChartLayout {
    /// The scene from the row plan: gutters and axes, then rules, marks, labels, legend and
    /// selection.
    func compose(_ c: ChartContext, _ plan: RowPlan) -> Scene {
        let session = c.session
        let (leftGutter, _, rightAxis, x, y) = settle(c, plan)
        let area = Scene.CellRect(
            column: leftGutter, row: plan.top, width: x.mapping.widthCells,
            height: plan.plotHeight)
        let heightDots = plan.plotHeight * dots.y
        let yLeft = YMapping(range: y.left.range, heightDots: heightDots)
        let yRight = y.right.map { YMapping(range: $0.range, heightDots: heightDots) }
        let yFor = { (axis: PlotBinding.Axis) in axis == .right ? (yRight ?? yLeft) : yLeft }

        var texts = [Scene.Text]()
        var frame = Scene.AxisFrame()
        var rules = [Scene.Rule]()
        if !area.isEmpty {
            if leftGutter > 0 { frame.leftColumn = area.column - 1 }
            if rightAxis { frame.rightColumn = area.column + area.width }
            if plan.hasAxisRow { frame.bottomRow = area.row + area.height }
            let grid = gridRules(
                c, y.left, mapping: yLeft, area: area, leftGutter: leftGutter,
                rightLabels: rightAxis && y.right == nil, frame: &frame)
            rules += grid.rules
            texts += grid.texts
            if let right = y.right, let mapping = yRight, rightAxis {
                texts += rightAxisLabels(right, mapping: mapping, area: area, frame: &frame)
            }
            let marked = markedRules(
                c, area: area, outside: !rightAxis && area.column + area.width < columns,
                y: yFor)
            rules += marked.rules
            texts += marked.texts
        }

        let layers =
            area.isEmpty
            ? []
            : c.plots.map { p in
                layer(for: p, x: x, y: yFor(p.plot.binding.axis), heightCells: plan.plotHeight)
            }
        let fixedRange: Bool
        if case .fixed = session.axes.range { fixedRange = true } else { fixedRange = false }
        let clips =
            area.isEmpty || !fixedRange
            ? [] : clipMarks(c.plots, x: x, y: yFor)

        var row = area.row + area.height + (plan.hasAxisRow ? 1 : 0)
        if plan.hasXLabels, !area.isEmpty {
            for placed in xLabels(c, x: x, area: area) {
                texts.append(
                    Scene.Text(role: .xLabel, row: row, column: placed.column, text: placed.text))
                frame.xTickColumns.append(placed.tickColumn)
                frame.xTickDots.append(placed.tickDot)
            }
            row += 1
        }
        if plan.hasXTitle, let title = session.axes.xTitle {
            texts.append(centered(title, row: row, role: .axisTitle, in: area))
            row += 1
        }
        if plan.hasPosition {
            texts += positionLine(c, x: x, row: row, area: area)
            row += 1
        }
        if !plan.mainChart { row = plan.hasTitle ? 1 : 0 }
        var sparklines = [Scene]()
        let nameWidth =
            c.sparks.map { TextMetrics.width(of: TextMetrics.sanitized($0.plot.id)) }.max() ?? 0
        for (p, height) in zip(c.sparks, plan.sparkStrip) {
            let strip = SparklineLayout(
                columns: columns, dots: dots, glyphs: glyphs, theme: session.output.theme)
            let (scene, stripTexts) = strip.scene(
                for: p.plot, values: p.values, color: p.color, row: row, height: height,
                nameWidth: nameWidth)
            sparklines.append(scene)
            texts += stripTexts
            row += height
        }
        for note in c.notes.prefix(plan.noteRows) {
            texts.append(Scene.Text(role: .note, row: row, column: 0, text: note))
            row += 1
        }
        texts += headerTexts(c, plan, area: area)

        let selection = area.isEmpty ? nil : selectionMark(c, x: x, y: yFor)
        if plan.hasReadout { texts += readout(c, x: x, row: rows - 1) }

        return Scene(
            columns: columns, rows: rows, dotsPerCell: dots, plotArea: area, frame: frame,
            rules: rules, layers: layers, texts: texts.map { clipped($0) }, selection: selection,
            yRange: y.left.range, theme: session.output.theme, clipMarks: clips,
            sparklines: sparklines)
    }

    /// Title, legend lines and y title, above the plot.
    func headerTexts(_ c: ChartContext, _ plan: RowPlan, area: Scene.CellRect) -> [Scene.Text] {
        var texts = [Scene.Text]()
        var row = 0
        if plan.hasTitle, let title = c.session.output.title.map(TextMetrics.sanitized) {
            let text = TextMetrics.truncated(title, toWidth: columns)
            texts.append(
                Scene.Text(
                    role: .title, row: 0,
                    column: max(0, (columns - TextMetrics.width(of: text)) / 2), text: text,
                    bold: true))
            row += 1
        }
        for (number, line) in plan.legendLines.enumerated() {
            let more =
                number == plan.legendLines.count - 1 && plan.legendHidden > 0
                ? plan.legendHidden : 0
            texts += legend(plots: line.map { c.plots[$0] }, row: row, area: area, more: more)
            row += 1
        }
        if plan.hasYTitle, let title = c.session.axes.yTitle {
            texts.append(
                Scene.Text(
                    role: .axisTitle, row: row, column: 0,
                    text: TextMetrics.truncated(TextMetrics.sanitized(title), toWidth: columns)))
        }
        return texts
    }

    func centered(_ text: String, row: Int, role: Scene.Text.Role, in area: Scene.CellRect)
        -> Scene.Text
    {
        let fitted = TextMetrics.truncated(TextMetrics.sanitized(text), toWidth: columns)
        let width = TextMetrics.width(of: fitted)
        let center = area.isEmpty ? columns / 2 : area.column + area.width / 2
        return Scene.Text(
            role: role, row: row, column: max(0, min(center - width / 2, columns - width)),
            text: fitted)
    }
}
