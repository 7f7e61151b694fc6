import ChartbookModel

extension ChartLayout {
    /// Where everything goes once the gutters and axes are settled: the plot area and the
    /// mappings every pass places by.
    struct Frame {
        var area: Scene.CellRect
        var leftGutter: Int
        var rightAxis: Bool
        var x: XSide
        var y: YSide
        var yLeft: YMapping
        var yRight: YMapping?
        var yLeft2: YMapping?
        var yRight2: YMapping?
        /// The gutters' columns next to the plot, inside the second axes.
        var inner = (left: 0, right: 0)

        /// The mapping of a y axis (the left one for an axis the chart has not).
        func y(_ axis: PlotBinding.Axis) -> YMapping {
            switch axis {
            case .left: yLeft
            case .right: yRight ?? yLeft
            case .left2: yLeft2 ?? yLeft
            case .right2: yRight2 ?? yLeft
            }
        }
    }

    /// What the passes add to the scene as they go.
    struct Parts {
        var texts = [Scene.Text]()
        var frame = Scene.AxisFrame()
        var rules = [Scene.Rule]()
        var categoryNames: CategoryNames?
        /// Dot columns of the x grid's lines (`set grid x`).
        var xGridDots = [Int]()
    }

    /// The scene from the row plan, in passes: the frame, the axes and rules, the marks,
    /// the rows under the plot, the rows above it, the selection.
    func compose(_ c: ChartContext, _ plan: RowPlan) -> Scene {
        let f = frame(c, plan)
        var parts = Parts()
        if !f.area.isEmpty { axesAndRules(c, plan, f, &parts) }
        let groups = barGroups(c.plots)
        var layers = [Scene.Layer]()
        for (p, (group, pattern)) in zip(c.plots, zip(groups, stackedPatterns(c.plots)))
        where !f.area.isEmpty {
            layers.append(
                layer(
                    for: p, x: f.x, y: f.y(p.plot.binding.axis), heightCells: plan.plotHeight,
                    group: group, pattern: pattern))
        }
        if !f.area.isEmpty { parts.texts += valueLabels(c, f, layers) }
        let fixedRange: Bool
        if case .fixed = c.session.axes.range { fixedRange = true } else { fixedRange = false }
        let clips = f.area.isEmpty || !fixedRange ? [] : clipMarks(c.plots, x: f.x, y: f.y)
        var sparklines = rowsBelow(c, plan, f, &parts)
        if !f.area.isEmpty {
            let placed = placedSparklines(c, plan, f)
            sparklines += placed.scenes
            parts.texts += placed.texts
        }
        parts.texts += headerTexts(c, plan, area: f.area)
        let vertical =
            f.area.isEmpty ? VerticalParts() : verticalRules(c, f, used: parts.texts)
        parts.texts += vertical.texts
        let notes = f.area.isEmpty ? AnnotationParts() : annotations(c, f, used: parts.texts)
        parts.texts += notes.texts
        var selection = f.area.isEmpty ? nil : selectionMark(c, x: f.x, y: f.y)
        selection?.style = c.session.output.selectionStyle
        if plan.hasReadout { parts.texts += readout(c, x: f.x, row: rows - 1) }
        var scene = Scene(
            columns: columns, rows: rows, dotsPerCell: dots, plotArea: f.area, frame: parts.frame,
            rules: parts.rules, layers: layers, texts: parts.texts.map { clipped($0) },
            selection: selection, yRange: f.y.left.range, theme: c.session.output.themeColors,
            clipMarks: clips, sparklines: sparklines)
        scene.categoryNames = parts.categoryNames
        scene.xGridDots = parts.xGridDots
        scene.xLabelAngle = c.session.axes.xGuide.angle
        if plan.legendInside {
            scene.legendBox = legendBox(parts.texts.filter { $0.role == .legend }, area: f.area)
        }
        scene.verticalRules = vertical.rules
        scene.xBands = vertical.bands
        scene.arrows = notes.arrows
        if let plan = f.x.plan {
            scene.xDomain = plan.domain
            scene.xAffine = f.x.mapping.affine
            for p in c.plots { scene.yMappings[p.plot.id] = f.y(p.plot.binding.axis) }
        }
        return scene
    }

    /// Stacked parts' fill patterns (0, 1, 2 … in plot order), which tell them apart without
    /// colour; nil for every other plot.
    func stackedPatterns(_ plots: [ResolvedPlot]) -> [Int?] {
        var parts = 0
        return plots.map { p in
            guard SeriesResolver.stacks(p.plot) else { return nil }
            defer { parts += 1 }
            return parts
        }
    }

    /// The plot area and the mappings, from the settled gutters and axes.
    func frame(_ c: ChartContext, _ plan: RowPlan) -> Frame {
        let (leftGutter, _, rightAxis, inner, x, y) = settle(c, plan)
        let area = Scene.CellRect(
            column: leftGutter, row: plan.top, width: x.mapping.widthCells,
            height: plan.plotHeight)
        let heightDots = plan.plotHeight * dots.y
        func mapping(_ range: ClosedRange<Double>) -> YMapping {
            YMapping(
                range: range, heightDots: heightDots, padding: c.session.view, dotsPerCell: dots.y)
        }
        return Frame(
            area: area, leftGutter: leftGutter, rightAxis: rightAxis, x: x, y: y,
            yLeft: mapping(y.left.range), yRight: y.right.map { mapping($0.range) },
            yLeft2: y.left2.map { mapping($0.range) }, yRight2: y.right2.map { mapping($0.range) },
            inner: inner)
    }

    /// The axis lines, grid rules and y labels of both axes, and the marked lines.
    func axesAndRules(_ c: ChartContext, _ plan: RowPlan, _ f: Frame, _ parts: inout Parts) {
        let area = f.area
        let axes = c.session.axes
        if f.leftGutter > 0, axes.yGuide.line { parts.frame.leftColumn = area.column - 1 }
        if f.rightAxis { parts.frame.rightColumn = area.column + area.width }
        if plan.hasAxisRow, axes.xGuide.line {
            parts.frame.bottomRow = plan.xAxisTop ? area.row - 1 : area.row + area.height
            parts.frame.xAxisOnTop = plan.xAxisTop
        }
        let grid = gridRules(
            c, f.y.left, mapping: f.yLeft, area: area, leftGutter: f.leftGutter,
            rightLabels: f.rightAxis && f.y.right == nil, frame: &parts.frame)
        parts.rules += grid.rules
        parts.texts += grid.texts
        if let right = f.y.right, let mapping = f.yRight, f.rightAxis {
            parts.texts += rightAxisLabels(right, mapping: mapping, area: area, frame: &parts.frame)
        }
        // A second axis holding one series takes its colour.
        func color(_ axis: PlotBinding.Axis) -> Color? {
            let on = c.plots.filter { $0.plot.binding.axis == axis }
            return on.count == 1 ? on.first?.color : nil
        }
        if let left2 = f.y.left2, let mapping = f.yLeft2, area.column - f.inner.left - 1 >= 0 {
            parts.texts += outerAxis(
                left2, mapping: mapping, column: area.column - f.inner.left - 1, right: false,
                area: area, color: color(.left2), frame: &parts.frame)
        }
        if let right2 = f.y.right2, let mapping = f.yRight2,
            area.column + area.width + f.inner.right < columns
        {
            parts.texts += outerAxis(
                right2, mapping: mapping, column: area.column + area.width + f.inner.right,
                right: true, area: area, color: color(.right2), frame: &parts.frame)
        }
        let marked = markedRules(
            c, area: area, outside: !f.rightAxis && area.column + area.width < columns, y: f.y)
        parts.rules += marked.rules
        parts.texts += marked.texts
    }

    /// The x labels at `row` (a row of them, or names written downward) and their ticks;
    /// returns the rows they took. Without labels (`set xaxis labels=off`) the ticks and the
    /// grid still stand where the labels would.
    func xLabelRows(
        _ c: ChartContext, _ plan: RowPlan, _ f: Frame, from row: Int, _ parts: inout Parts
    ) -> Int {
        let area = f.area, guide = c.session.axes.xGuide
        func tick(_ placed: XLabelPlacer.Placed) {
            if guide.ticks { parts.frame.xTickColumns.append(placed.tickColumn) }
            parts.frame.xTickDots.append(placed.tickDot)
            parts.frame.xTicks.append(Scene.Tick(value: placed.value, label: placed.text))
            if guide.grid { parts.xGridDots.append(placed.tickDot) }
        }
        guard !area.isEmpty else { return 0 }
        if plan.hasXLabels, writesNamesDown(c) {
            let height = 1 + plan.downwardRows
            let down = downwardNames(c, x: f.x, area: area, row: row, height: height)
            parts.texts += down.texts
            down.placed.forEach(tick)
            return height
        }
        var placed = [XLabelPlacer.Placed]()
        if plan.hasXLabels || (plan.mainChart && !guide.labels) {
            placed = xLabels(c, x: f.x, area: area)
            for p in placed {
                if plan.hasXLabels {
                    parts.texts.append(
                        Scene.Text(role: .xLabel, row: row, column: p.column, text: p.text))
                }
                tick(p)
            }
        }
        guard plan.hasXLabels else { return 0 }
        if f.x.plan == nil, let names = categoryNames(session: c.session, plots: c.plots) {
            parts.categoryNames = CategoryNames.missing(
                from: placed, window: f.x.window, sparsity: c.session.axes.labelSparsity,
                mapping: f.x.mapping, row: row, label: names)
        }
        return 1
    }

    /// x labels, x title, position line, sparklines and notes, top to bottom; returns the
    /// sparkline scenes.
    func rowsBelow(_ c: ChartContext, _ plan: RowPlan, _ f: Frame, _ parts: inout Parts)
        -> [Scene]
    {
        let area = f.area
        var row = area.row + area.height + (plan.hasAxisRow && !plan.xAxisTop ? 1 : 0)
        if plan.xAxisTop {
            // Over the axis line, which stands on the plot's first row above it.
            _ = xLabelRows(c, plan, f, from: area.row - plan.xAxisRows, &parts)
        } else {
            row += xLabelRows(c, plan, f, from: row, &parts)
        }
        if plan.hasXTitle, let title = c.session.axes.xTitle {
            parts.texts.append(centered(title, row: row, role: .axisTitle, in: area))
            row += 1
        }
        if plan.legendBelow {
            parts.texts += legendRows(c, plan, from: row, area: area)
            row += plan.legendLines.count
        }
        for guide in c.guides.prefix(plan.guideRows) {
            parts.texts += place(guide, at: row)
            row += 1
        }
        if plan.hasPosition {
            parts.texts += positionLine(c, x: f.x, row: row, area: area)
            row += 1
        }
        if !plan.mainChart { row = plan.hasTitle ? 1 : 0 }
        var sparklines = [Scene]()
        let nameWidth =
            c.sparks.map { TextMetrics.width(of: TextMetrics.sanitized($0.plot.id)) }.max() ?? 0
        for (p, height) in zip(sparks(at: .below, c), plan.sparkStrip) {
            let strip = SparklineLayout(
                columns: columns, dots: dots, glyphs: glyphs, theme: c.session.output.themeColors)
            let (scene, stripTexts) = strip.scene(
                for: p.plot, values: p.values, color: p.color, row: row, height: height,
                nameWidth: nameWidth)
            sparklines.append(scene)
            parts.texts += stripTexts
            row += height
        }
        for note in c.notes.prefix(plan.noteRows) {
            parts.texts.append(Scene.Text(role: .note, row: row, column: 0, text: note))
            row += 1
        }
        return sparklines
    }

    /// Title, legend lines and y title, above the plot.
    func headerTexts(_ c: ChartContext, _ plan: RowPlan, area: Scene.CellRect) -> [Scene.Text] {
        var texts = [Scene.Text]()
        var row = 0
        if plan.hasTitle, let title = titleText(c.session) {
            texts.append(title)
            row += 1
        }
        if let side = plan.legendSide {
            texts += sideLegend(c, plan, side: side, area: area)
        } else if plan.legendInside {
            // Over the plot's rows in a corner (drawn after the marks): the top right one,
            // or the one `set legend top-left|bottom-left|bottom-right` names.
            let position = c.session.output.legendPosition
            let first =
                position.isBottomCorner
                ? max(area.row, area.row + area.height - plan.legendLines.count) : area.row
            texts += legendRows(
                c, plan, from: first, area: area,
                at: position.isLeftCorner ? area.column + 1 : nil)
        } else if !plan.legendBelow {
            texts += legendRows(c, plan, from: row, area: area)
            row += plan.legendLines.count
        }
        // (The strips above the plot stand between the legend and the y title.)
        row += plan.sparkAbove.reduce(0, +)
        if plan.hasYTitle, let title = c.session.axes.yTitle {
            texts.append(
                Scene.Text(
                    role: .axisTitle, row: row, column: 0,
                    text: TextMetrics.truncated(TextMetrics.sanitized(title), toWidth: columns)))
        }
        return texts
    }

    /// The legend's rows from `row` down, each right-aligned to the plot area; the last says
    /// how many entries did not fit.
    /// `start`: the column entries start at (a left corner); nil: right-aligned.
    func legendRows(
        _ c: ChartContext, _ plan: RowPlan, from row: Int, area: Scene.CellRect,
        at start: Int? = nil
    ) -> [Scene.Text] {
        let patterns = stackedPatterns(c.plots)
        return plan.legendLines.enumerated().flatMap { number, line in
            let more =
                number == plan.legendLines.count - 1 && plan.legendHidden > 0
                ? plan.legendHidden : 0
            return legend(
                plots: line.map { c.plots[$0] }, patterns: line.map { patterns[$0] },
                row: row + number, area: area, more: more, at: start,
                width: start.map { _ in max(0, area.width - 1) })
        }
    }

    /// A legend beside the plot: an entry a row from the plot's top, in the chart's first
    /// columns (left) or its last (right); entries past the plot's rows are counted on its
    /// last row (`+N more`).
    func sideLegend(
        _ c: ChartContext, _ plan: RowPlan, side: OutputSettings.LegendPosition,
        area: Scene.CellRect
    ) -> [Scene.Text] {
        let width = sideLegendWidth(c)
        let column = side == .left ? 0 : max(0, columns - width + 1)
        let patterns = stackedPatterns(c.plots)
        let rows = max(1, area.height)
        let shown = plan.legendLines.count > rows ? rows - 1 : plan.legendLines.count
        var texts = plan.legendLines.prefix(shown).enumerated().flatMap { number, line in
            legend(
                plots: line.map { c.plots[$0] }, patterns: line.map { patterns[$0] },
                row: area.row + number, area: area, at: column, width: width - 1)
        }
        if shown < plan.legendLines.count {
            texts.append(
                Scene.Text(
                    role: .legend, row: area.row + shown, column: column,
                    text: TextMetrics.truncated(
                        "+\(plan.legendLines.count - shown) more", toWidth: width - 1)))
        }
        return texts
    }

    /// The cells an inside legend's texts cover, a cell wider on the left, within `area`.
    func legendBox(_ legend: [Scene.Text], area: Scene.CellRect) -> Scene.CellRect? {
        guard let first = legend.map(\.column).min(), let top = legend.map(\.row).min(),
            let bottom = legend.map(\.row).max()
        else { return nil }
        let column = max(first - 1, area.column)
        return Scene.CellRect(
            column: column, row: top, width: area.column + area.width - column,
            height: bottom - top + 1)
    }

    /// The title, centred on the first row; nil when there is none.
    func titleText(_ session: Session) -> Scene.Text? {
        guard let title = session.output.title.map(TextMetrics.sanitized), !title.isEmpty, rows > 0
        else { return nil }
        let text = TextMetrics.truncated(title, toWidth: columns)
        return Scene.Text(
            role: .title, row: 0, column: max(0, (columns - TextMetrics.width(of: text)) / 2),
            text: text, bold: true)
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
