import ChartbookModel

/// Session → Scene for a target of `columns × rows` cells with `dots` per cell.
///
/// Pure: everything comes from the arguments. Rows are given out top to bottom — title,
/// legend, plot area, bottom axis, x labels, position line, sparkline strip, selection
/// readout — and optional rows are dropped on small targets so that the plot keeps at least
/// three rows where it can. Only the points in the view's window are looked at (plus one
/// each side so lines run on to the edge), except by `set range auto`, which fits all data.
public struct ChartLayout: Sendable {
    public var columns: Int
    public var rows: Int
    public var dots: DotDensity
    /// Symbols for text the layout writes itself (legend keys, readout marker).
    public var glyphs: Glyphs

    public init(
        columns: Int, rows: Int, dots: DotDensity, glyphs: Glyphs = Glyphs(asciiOnly: false)
    ) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.dots = dots
        self.glyphs = glyphs
    }

    struct ResolvedPlot {
        var plot: Plot
        var values: [Double]
        var color: Color
    }

    public func scene(for session: Session) -> Scene {
        let resolved: [ResolvedPlot] = session.plots.compactMap { plot in
            guard let values = session.values(of: plot.series) else { return nil }
            return ResolvedPlot(plot: plot, values: values, color: plot.resolvedColor)
        }
        let plots = resolved.filter { $0.plot.kind != .sparkline }
        let sparks = resolved.filter { $0.plot.kind == .sparkline }
        let count = plots.map(\.values.count).max() ?? 0
        let hasBars = plots.contains { $0.plot.kind == .bar }
        let includeZero = hasBars || plots.contains { $0.plot.kind == .area }
        let marks = session.markedLines.map { line in (line, markedValue(line, in: session)) }
        let lines = session.referenceLines
        let view = session.view
        let selectedIndex = resolvedSelection(session.selection, count: count)
        let title = session.output.title.map(TextMetrics.sanitized).flatMap {
            $0.isEmpty ? nil : $0
        }

        // Rows, by priority.
        let sparkRows = sparks.map { $0.plot.style.sparkHeight ?? 1 }
        var used = 0
        let mainChart = !plots.isEmpty || sparks.isEmpty
        let minimumPlot = mainChart ? min(rows, 3) : 0
        func take(_ wanted: Bool, _ n: Int = 1) -> Bool {
            guard wanted, rows - used - n >= minimumPlot else { return false }
            used += n
            return true
        }
        let hasAxisRow = take(mainChart)
        let hasXLabels = take(mainChart && count > 0)
        var sparkStrip = [Int]()
        for height in sparkRows where take(true, height) { sparkStrip.append(height) }
        // The position line is decided once the window is known; reserve it when it may show.
        let mayScroll = mainChart && view.spacing != .auto
        let hasPosition = take(mayScroll && count > 0)
        let hasTitle = take(title != nil)
        let hasReadout = take(selectedIndex != nil && mainChart)
        let hasLegend = take(
            mainChart && (session.output.legend ?? (plots.count > 1)) && !plots.isEmpty)
        let top = (hasTitle ? 1 : 0) + (hasLegend ? 1 : 0)
        let plotHeight = mainChart ? max(0, rows - used) : 0

        // Columns: gutters from the widest label. With an adaptive range the labels depend on
        // the window, and the window on the width: settle them in two passes.
        let labelSide = lines.visible ? lines.labels : .none
        let formatter = LabelFormatter(
            format: lines.format, decimals: lines.decimals, units: lines.units)
        var width = columns
        var window = 0..<count
        var range = 0.0...1.0
        var gridLabels = [String]()
        var grid = [GridEntry]()
        var leftGutter = 0, rightGutter = 0, rightAxis = false
        for _ in 0..<2 {
            window = view.window(count: count, widthCells: width)
            range = yRange(
                session: session, plots: plots, window: window, marks: marks,
                includeZero: includeZero)
            grid = gridValues(lines, range: range)
            gridLabels = formatter.labels(for: grid.map(\.value)).map(TextMetrics.sanitized)
            let labelWidth = gridLabels.map(TextMetrics.width(of:)).max() ?? 0
            (leftGutter, rightGutter, rightAxis) = gutters(
                labelSide: labelSide, labelWidth: labelWidth)
            width = max(0, columns - leftGutter - rightGutter)
        }
        window = view.window(count: count, widthCells: width)
        let area = Scene.CellRect(
            column: leftGutter, row: top, width: mainChart ? width : 0, height: plotHeight)
        let heightDots = plotHeight * dots.y
        let spacing: Double?
        switch view.spacing {
        case .auto, .points: spacing = nil
        case .cells(let s): spacing = s
        }
        let x = XMapping(
            count: window.count, widthCells: area.width, dotsPerCell: dots.x, slotted: hasBars,
            first: window.lowerBound, spacingCells: spacing,
            paddingLeft: view.paddingLeft, paddingRight: view.paddingRight)
        let y = YMapping(range: range, heightDots: heightDots)

        var texts = [Scene.Text]()
        var frame = Scene.AxisFrame()
        if !area.isEmpty {
            if leftGutter > 0 { frame.leftColumn = area.column - 1 }
            if rightAxis { frame.rightColumn = area.column + area.width }
            if hasAxisRow { frame.bottomRow = area.row + area.height }
        }

        // Reference lines and their labels.
        var rules = [Scene.Rule]()
        if !area.isEmpty && lines.visible {
            let color = lines.color ?? session.output.theme.grid
            for (index, entry) in grid.enumerated() {
                let dotY = y.dot(entry.value)
                guard (0..<heightDots).contains(dotY) else { continue }
                rules.append(
                    Scene.Rule(
                        kind: .grid, dotY: dotY, value: entry.value, color: color,
                        style: lines.style))
                let row = area.row + dotY / dots.y
                frame.yTickRows.append(row)
                let label = gridLabels[index]
                if leftGutter > 1 {
                    texts.append(
                        Scene.Text(
                            role: .yLabel, row: row,
                            column: max(0, leftGutter - 2 - TextMetrics.width(of: label)),
                            text: label, anchorDotY: dotY))
                }
                if rightAxis {
                    texts.append(
                        Scene.Text(
                            role: .yLabel, row: row, column: area.column + area.width + 2,
                            text: label, anchorDotY: dotY))
                }
            }
            if range.lowerBound < 0 && range.upperBound > 0
                && !grid.contains(where: { $0.value == 0 })
            {
                rules.insert(
                    Scene.Rule(kind: .zero, dotY: y.dot(0), value: 0, color: color, style: .solid),
                    at: 0)
            }
        }
        if !area.isEmpty {
            for (line, value) in marks where value.isFinite {
                let dotY = y.dot(value)
                guard (0..<heightDots).contains(dotY) else { continue }
                let color = line.color ?? session.output.theme.mark
                rules.append(
                    Scene.Rule(
                        kind: .marked, dotY: dotY, value: value, color: color, style: line.style))
                let formatted = formatter.label(for: value, significantDigits: 4)
                var text = TextMetrics.sanitized(line.label ?? "")
                if case .statistic(let kind, _) = line.value, line.label == nil {
                    text = kind.rawValue
                }
                text = text.isEmpty ? formatted : "\(text) \(formatted)"
                text = TextMetrics.truncated(" " + text + " ", toWidth: area.width)
                texts.append(
                    Scene.Text(
                        role: .markLabel, row: area.row + dotY / dots.y,
                        column: area.column + area.width - TextMetrics.width(of: text), text: text,
                        color: color, anchorDotY: dotY))
            }
        }

        // Marks.
        let layers =
            area.isEmpty
            ? [] : plots.map { layer(for: $0, x: x, y: y, window: window, heightCells: plotHeight) }
        // Only a fixed range can leave data outside it.
        let fixedRange: Bool
        if case .fixed = session.axes.range { fixedRange = true } else { fixedRange = false }
        let clips =
            area.isEmpty || !fixedRange ? [] : clipMarks(plots, window: window, x: x, range: range)

        // Rows under the plot.
        var row = area.row + area.height + (hasAxisRow ? 1 : 0)
        let labelOf = labelTexts(session: session, plots: plots)
        if hasXLabels, !area.isEmpty {
            let placer = XLabelPlacer(mapping: x, areaColumn: area.column, chartColumns: columns)
            for placed in placer.place(
                first: window.lowerBound, count: window.count, sparsity: session.axes.labelSparsity,
                label: labelOf)
            {
                texts.append(
                    Scene.Text(role: .xLabel, row: row, column: placed.column, text: placed.text))
                frame.xTickColumns.append(placed.tickColumn)
            }
            row += 1
        }
        if hasPosition {
            if window.count < count {
                texts += positionLine(window: window, count: count, row: row, area: area)
            }
            row += 1
        }
        if !mainChart { row = hasTitle ? 1 : 0 }
        var sparklines = [Scene]()
        for (p, height) in zip(sparks, sparkStrip) {
            let strip = SparklineLayout(
                columns: columns, dots: dots, glyphs: glyphs, theme: session.output.theme)
            let (scene, stripTexts) = strip.scene(
                for: p.plot, values: p.values, color: p.color, row: row, height: height,
                nameWidth: sparks.map { TextMetrics.width(of: TextMetrics.sanitized($0.plot.id)) }
                    .max() ?? 0)
            sparklines.append(scene)
            texts += stripTexts
            row += height
        }

        // Title and legend.
        if hasTitle, let title {
            let text = TextMetrics.truncated(title, toWidth: columns)
            texts.append(
                Scene.Text(
                    role: .title, row: 0,
                    column: max(0, (columns - TextMetrics.width(of: text)) / 2), text: text,
                    bold: true))
        }
        if hasLegend { texts += legend(plots: plots, row: hasTitle ? 1 : 0, area: area) }

        // Selection.
        var selection: Scene.SelectionMark?
        if let index = selectedIndex, !area.isEmpty, window.contains(index) {
            let dotYs: [Int?] = plots.map { p in
                guard index < p.values.count, p.values[index].isFinite else { return nil }
                return y.dot(p.values[index])
            }
            selection = Scene.SelectionMark(index: index, dotX: x.dot(index), dotYs: dotYs)
        }
        if hasReadout, let index = selectedIndex {
            texts += readout(index: index, label: labelOf(index), plots: plots, row: rows - 1)
        }

        return Scene(
            columns: columns, rows: rows, dotsPerCell: dots, plotArea: area, frame: frame,
            rules: rules, layers: layers, texts: texts.map { clipped($0) }, selection: selection,
            yRange: range, theme: session.output.theme, clipMarks: clips, sparklines: sparklines)
    }

    /// Left and right gutter widths (label, space, axis) and whether there is a right axis.
    func gutters(labelSide: ReferenceLines.LabelSide, labelWidth: Int) -> (Int, Int, Bool) {
        guard columns >= 4 else { return (0, 0, false) }
        var left = 1, right = 0, rightAxis = false
        if labelSide == .left || labelSide == .both, columns - (labelWidth + 2) >= 8 {
            left += labelWidth + 1
        }
        if labelSide == .right || labelSide == .both, columns - left - (labelWidth + 2) >= 8 {
            rightAxis = true
            right = labelWidth + 2
        }
        return (left, right, rightAxis)
    }
}
