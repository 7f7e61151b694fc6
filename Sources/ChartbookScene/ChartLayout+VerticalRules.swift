import ChartbookModel
import Foundation

/// Marked lines at x values (`add refline x=1898 "dam built"`): a rule down the plot area
/// at the value's dot column, and its label beside it at the top — in the row above the
/// plot (the title's and legend's) where there is one, off the data, else in the plot's top
/// row.
extension ChartLayout {
    /// The vertical rules inside the x interval shown (one outside it is not drawn: the view
    /// clips it, as it clips data) and their labels: right of the rule, or left of it where
    /// the right has no room; a label that would overlap another text of its row (the
    /// legend, the title, one laid before) is left out — the rule stays.
    func verticalRules(_ c: ChartContext, _ f: Frame, used: [Scene.Text])
        -> (rules: [Scene.VerticalRule], texts: [Scene.Text])
    {
        // Numbers and times only: the executor refuses x= on categories and row numbers.
        guard let plan = f.x.plan, plan.scale != .category else { return ([], []) }
        var rules = [Scene.VerticalRule]()
        var texts = [Scene.Text]()
        let area = f.area
        // The row above the plot first (off the data), then the plot's top row.
        let rows = area.row > 0 ? [area.row - 1, area.row] : [area.row]
        var taken = [Int: [Range<Int>]]()
        for text in used where rows.contains(text.row) {
            taken[text.row, default: []].append(
                text.column..<(text.column + TextMetrics.width(of: text.text)))
        }
        for line in c.session.markedLines {
            guard case .x(let raw, let text) = line.value else { continue }
            let value = plan.scale == .log ? (raw > 0 ? log10(raw) : .nan) : raw
            guard value.isFinite, plan.domain.contains(value) else { continue }
            let dotX = f.x.mapping.dot(value: value)
            guard (0..<(area.width * dots.x)).contains(dotX) else { continue }
            let color = line.color ?? c.session.output.theme.mark
            rules.append(
                Scene.VerticalRule(dotX: dotX, value: value, color: color, style: line.style))
            let label = " " + TextMetrics.sanitized(line.label ?? text) + " "
            let column = area.column + dotX / dots.x
            let width = TextMetrics.width(of: label)
            let starts = [column + 1, column - width].filter {
                $0 >= area.column && $0 + width <= area.column + area.width
            }
            placing: for row in rows {
                for start in starts {
                    let span = start..<(start + width)
                    guard !(taken[row] ?? []).contains(where: { $0.overlaps(span) }) else {
                        continue
                    }
                    taken[row, default: []].append(span)
                    texts.append(
                        Scene.Text(
                            role: .markLabel, row: row, column: start, text: label, color: color))
                    break placing
                }
            }
        }
        return (rules, texts)
    }
}
