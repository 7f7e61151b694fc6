import ChartbookModel
import Foundation

/// Marked lines and bands at x values (`add refline x=1898 "dam built"`, `add refline
/// x=2008-09-01..2009-06-30 "recession"`, a statistic of what x measures: `add refline mean
/// fa.waiting` over its histogram, `x=mean D.col`): a rule down the plot area at the value's dot
/// column, or a shaded band between two; and a label beside it at the top — in the row above
/// the plot (the title's and legend's) where there is one, off the data, else in the plot's
/// top row.
extension ChartLayout {
    /// What `verticalRules` lays out.
    struct VerticalParts {
        var rules = [Scene.VerticalRule]()
        var bands = [Scene.XBand]()
        var texts = [Scene.Text]()
    }

    /// The rules and bands inside the x interval shown (outside it one is not drawn, and a
    /// band is cut at the edges: the view clips them, as it clips data) and their labels:
    /// right of the rule or the band's left edge, or left of it where the right has no room;
    /// a label that would overlap another text of its row (the legend, the title, one laid
    /// before) is left out — the mark stays.
    func verticalRules(_ c: ChartContext, _ f: Frame, used: [Scene.Text]) -> VerticalParts {
        // Numbers and times only: the executor refuses x= on categories and row numbers.
        guard let plan = f.x.plan, plan.scale != .category else { return VerticalParts() }
        var parts = VerticalParts()
        var labels = LabelPlacer(area: f.area, used: used)
        let widthDots = f.area.width * dots.x
        func x(_ raw: Double) -> Double {
            ScaleTransform(plan.scale).placed(raw)
        }
        for line in c.session.markedLines {
            let color = line.color ?? c.session.output.themeColors.mark
            let dotX: Int
            let at: Double
            switch line.value {
            case .x(let raw, _): at = raw
            case .statistic where c.session.isVertical(line):
                at = c.session.value(of: line, in: panel)
            default: at = .nan
            }
            switch line.value {
            case .x, .statistic:
                let value = x(at)
                guard value.isFinite, plan.domain.contains(value) else { continue }
                dotX = f.x.mapping.dot(value: value)
                guard (0..<widthDots).contains(dotX) else { continue }
                var rule = Scene.VerticalRule(
                    dotX: dotX, value: value, color: color, style: line.style,
                    overData: line.isStatistic)
                rule.width = line.width
                parts.rules.append(rule)
            case .span(let from, let to, _):
                let a = x(from), b = x(to)
                guard a.isFinite, b.isFinite, b >= plan.domain.lowerBound,
                    a <= plan.domain.upperBound
                else { continue }
                let first = max(f.x.mapping.dot(value: max(a, plan.domain.lowerBound)), 0)
                let last = min(
                    f.x.mapping.dot(value: min(b, plan.domain.upperBound)), widthDots - 1)
                guard first <= last else { continue }
                dotX = first
                parts.bands.append(Scene.XBand(dots: first...last, color: color))
            case .constant: continue
            }
            let text: String
            switch line.value {
            case .x(_, let given), .span(_, _, let given): text = line.label ?? given
            case .statistic: text = MarkedLineLabel.text(line, x: at, in: c.session)
            case .constant: text = ""
            }
            if let label = labels.place(
                " " + TextMetrics.sanitized(text) + " ", at: f.area.column + dotX / dots.x,
                color: color)
            {
                parts.texts.append(label)
            }
        }
        return parts
    }

    /// Places labels at the top, beside a column, in the first row and side where no text
    /// is: the row above the plot area, then its top row; right of the column, then left.
    struct LabelPlacer {
        let area: Scene.CellRect
        let rows: [Int]
        var taken: [Int: [Range<Int>]] = [:]

        init(area: Scene.CellRect, used: [Scene.Text]) {
            self.area = area
            rows = area.row > 0 ? [area.row - 1, area.row] : [area.row]
            for text in used where rows.contains(text.row) {
                taken[text.row, default: []].append(
                    text.column..<(text.column + TextMetrics.width(of: text.text)))
            }
        }

        /// `label` beside `column`, or nil where every place is taken or too narrow.
        mutating func place(_ label: String, at column: Int, color: Color) -> Scene.Text? {
            let width = TextMetrics.width(of: label)
            let starts = [column + 1, column - width].filter {
                $0 >= area.column && $0 + width <= area.column + area.width
            }
            for row in rows {
                for start in starts {
                    let span = start..<(start + width)
                    guard !(taken[row] ?? []).contains(where: { $0.overlaps(span) }) else {
                        continue
                    }
                    taken[row, default: []].append(span)
                    return Scene.Text(
                        role: .markLabel, row: row, column: start, text: label, color: color)
                }
            }
            return nil
        }
    }
}
