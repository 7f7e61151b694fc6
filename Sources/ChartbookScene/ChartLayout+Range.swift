import ChartbookModel
import Foundation

extension ChartLayout {
    /// A marked line's value, in the y scale's units (log10 on a log scale).
    func markedValue(_ line: MarkedLine, in session: Session) -> Double {
        ScaleTransform(session.axes.yScale).placed(session.value(of: line, in: panel))
    }

    /// Grid lines of the left axis, their labels (left, and right when the right gutter
    /// repeats them) and tick marks.
    func gridRules(
        _ c: ChartContext, _ axis: YAxisPlan, mapping y: YMapping, area: Scene.CellRect,
        leftGutter: Int, rightLabels: Bool, frame: inout Scene.AxisFrame
    ) -> (rules: [Scene.Rule], texts: [Scene.Text]) {
        let lines = c.session.referenceLines
        let guide = c.session.axes.yGuide
        guard lines.visible else { return ([], []) }
        let color = lines.color ?? c.session.output.themeColors.grid
        var rules = [Scene.Rule]()
        var texts = [Scene.Text]()
        // Labels never share a row: a later one on a labelled row keeps its line, not its
        // label (round ticks never meet this; listed positions on short charts can).
        var labelled = Set<Int>()
        for (index, value) in axis.ticks.enumerated() {
            let dotY = y.dot(value)
            guard (0..<y.heightDots).contains(dotY) else { continue }
            if axis.gridLines && guide.grid {
                var rule = Scene.Rule(
                    kind: .grid, dotY: dotY, value: value, color: color, style: lines.style)
                rule.width = lines.width
                rules.append(rule)
            }
            let row = area.row + dotY / dots.y
            if guide.ticks {
                frame.yTickRows.append(row)
                frame.yTickDots.append(dotY)
            }
            let label = axis.labels[index]
            if label.isEmpty {
                // `intermediate=lines`: a tick and grid line without its label.
                frame.yTicks.append(Scene.Tick(value: value, label: label))
                continue
            }
            guard labelled.insert(row).inserted else { continue }
            frame.yTicks.append(Scene.Tick(value: value, label: label))
            guard guide.labels else { continue }
            if leftGutter > 1 {
                texts.append(
                    Scene.Text(
                        role: .yLabel, row: row,
                        column: max(0, leftGutter - 2 - TextMetrics.width(of: label)),
                        text: label, anchorDotY: dotY))
            }
            if rightLabels {
                texts.append(
                    Scene.Text(
                        role: .yLabel, row: row, column: area.column + area.width + 2,
                        text: label, anchorDotY: dotY))
            }
        }
        let range = axis.range
        if !c.session.axes.yScale.isLog, guide.grid, range.lowerBound < 0, range.upperBound > 0,
            !axis.ticks.contains(0) || !axis.gridLines
        {
            rules.insert(
                Scene.Rule(kind: .zero, dotY: y.dot(0), value: 0, color: color, style: .solid),
                at: 0)
        }
        return (rules, texts)
    }

    /// The right axis's labels and tick marks (its own scale: `axis=right`).
    func rightAxisLabels(
        _ axis: YAxisPlan, mapping y: YMapping, area: Scene.CellRect,
        frame: inout Scene.AxisFrame
    ) -> [Scene.Text] {
        var texts = [Scene.Text]()
        for (index, value) in axis.ticks.enumerated() {
            let dotY = y.dot(value)
            guard (0..<y.heightDots).contains(dotY) else { continue }
            frame.rightTickDots.append(dotY)
            frame.rightTicks.append(Scene.Tick(value: value, label: axis.labels[index]))
            texts.append(
                Scene.Text(
                    role: .yLabel, row: area.row + dotY / dots.y,
                    column: area.column + area.width + 2, text: axis.labels[index],
                    anchorDotY: dotY))
        }
        return texts
    }

    /// The label of each marked line whose value is known (` target 50 `), in `c.marks` order.
    func markedLabelTexts(_ c: ChartContext) -> [String] {
        let transform = ScaleTransform(c.session.axes.yScale)
        return c.marks.map { line, value in
            guard value.isFinite else { return "" }
            let shown = transform.shown(value)
            return " " + MarkedLineLabel.text(line, value: shown, in: c.session) + " "
        }
    }

    /// Marked lines and their labels: beside the plot area when the layout left room on the
    /// right (`outside`), else at the plot's right edge; each on a row of its own (moved to
    /// the nearest free row when two lines share one).
    func markedRules(
        _ c: ChartContext, area: Scene.CellRect, outside: Bool,
        y: (PlotBinding.Axis) -> YMapping
    ) -> (rules: [Scene.Rule], texts: [Scene.Text]) {
        var rules = [Scene.Rule]()
        var texts = [Scene.Text]()
        var usedRows = Set<Int>()
        let labels = markedLabelTexts(c)
        for ((line, value), label) in zip(c.marks, labels) where value.isFinite {
            let mapping = y(line.axis)
            let dotY = mapping.dot(value)
            guard (0..<mapping.heightDots).contains(dotY) else { continue }
            let color = line.color ?? c.session.output.themeColors.mark
            var rule = Scene.Rule(
                kind: .marked, dotY: dotY, value: value, color: color, style: line.style)
            rule.width = line.width
            rules.append(rule)
            let room = outside ? columns - area.column - area.width : area.width
            let text = TextMetrics.truncated(label, toWidth: max(room, 0))
            guard !text.isEmpty,
                let row = freeRow(near: dotY / dots.y, in: area.height, used: usedRows)
            else { continue }
            usedRows.insert(row)
            let column =
                outside
                ? area.column + area.width
                : area.column + area.width - TextMetrics.width(of: text)
            texts.append(
                Scene.Text(
                    role: .markLabel, row: area.row + row, column: column, text: text,
                    color: color,
                    anchorDotY: row == dotY / dots.y ? dotY : row * dots.y + dots.y / 2))
        }
        return (rules, texts)
    }

    /// `row` if free, else the nearest free row of the area (above first); nil when full.
    func freeRow(near row: Int, in height: Int, used: Set<Int>) -> Int? {
        for distance in 0..<max(height, 1) {
            for candidate in [row - distance, row + distance]
            where (0..<height).contains(candidate) && !used.contains(candidate) {
                return candidate
            }
        }
        return nil
    }
}

extension YScaleKind {
    var isLog: Bool { self == .log }
}

extension ChartLayout {
    /// A second axis outside its side's first (`axis=left2|right2`): its line at `column`,
    /// ticked at its own round values, its labels beyond the line (right-aligned to it on the
    /// left, after it on the right) in `color` — its one series's, so a reader tells which
    /// axis measures what.
    func outerAxis(
        _ axis: YAxisPlan, mapping y: YMapping, column: Int, right: Bool, area: Scene.CellRect,
        color: Color?, frame: inout Scene.AxisFrame
    ) -> [Scene.Text] {
        var outer = Scene.OuterAxis(column: column, right: right)
        outer.edges = y.edges
        var texts = [Scene.Text]()
        for (index, value) in axis.ticks.enumerated() {
            let dotY = y.dot(value)
            guard (0..<y.heightDots).contains(dotY) else { continue }
            let label = axis.labels[index]
            outer.tickDots.append(dotY)
            outer.ticks.append(Scene.Tick(value: value, label: label))
            texts.append(
                Scene.Text(
                    role: .outerYLabel, row: area.row + dotY / dots.y,
                    column: right ? column + 2 : max(0, column - 1 - TextMetrics.width(of: label)),
                    text: label, color: color, anchorDotY: dotY))
        }
        frame.outer.append(outer)
        return texts
    }
}
