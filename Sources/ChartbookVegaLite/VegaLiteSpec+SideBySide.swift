import ChartbookModel

/// Bars side by side on a continuous x (numbers, times): each series' bar placed where
/// chartbook's layout places it — the slot (`Session.slot(of:)`, one for all the plot's
/// groups), its `width=` share, split evenly between the series in their order — as an
/// `x`…`x2` interval computed per row. (Vega-Lite's `xOffset` needs a banded x, which would
/// turn a time or number axis into categories.)
extension VegaLiteSpec {
    static let barStartField = "_x0"
    static let barEndField = "_x1"

    /// The steps and x, x2 encodings of side-by-side bars over a continuous x (their y2 is
    /// zero); nil on a discrete x, a log x or y, or when the series' order or the slot is
    /// not known.
    /// `place`: the Vega expression of a row's series number (0…`count` − 1).
    func sideBySide(_ plot: Plot, x: JSON, place: String, count: Int) -> (
        steps: [JSON], x: JSON, x2: JSON
    )? {
        let kind = session.xScaleKind
        guard kind == .linear || kind == .time, session.axes.yScale == .linear, count > 0,
            let slot = session.slot(of: plot),
            case .object(var members) = x,
            case .string(let field)? = members.first(where: { $0.key == "field" })?.value
        else { return nil }
        let time = kind == .time
        let unit = time ? 1000.0 : 1
        let whole = slot * plot.style.bar.widthFraction(for: plot.kind) * unit
        let each = whole / Double(count)
        let value = "datum[\(JSON.quoted(field))]"
        let at = time ? "time(toDate(\(value)))" : value
        let start =
            "\(at) - \(NumberText.shortest(whole / 2)) + (\(place)) * \(NumberText.shortest(each))"
        let steps: [JSON] = [
            .object(["calculate": .string(start), "as": .string(Self.barStartField)]),
            .object([
                "calculate": .string("datum.\(Self.barStartField) + \(NumberText.shortest(each))"),
                "as": .string(Self.barEndField),
            ]),
        ]
        members = members.map {
            $0.key == "field" ? JSON.Member("field", .string(Self.barStartField)) : $0
        }
        if !members.contains(where: { $0.key == "title" }) {
            members.append(JSON.Member("title", .string(field)))
        }
        return (steps, .object(members), .object(["field": .string(Self.barEndField)]))
    }

    /// Side-by-side bars of `group` on a continuous x: one plot's `by=` groups (`series`, in
    /// chartbook's order) or several plots' folded columns (`_order`); nil on a discrete x.
    func sideBySide(_ group: [Plot], series: String, _ dataset: Dataset) -> (
        steps: [JSON], x: JSON, x2: JSON
    )? {
        guard let plot = group.first, !xIsDiscrete(dataset) else { return nil }
        let values = group.count > 1 ? [] : groupValues(plot, series)
        let count = group.count > 1 ? group.count : values.count
        let place = group.count > 1 ? "datum._order" : Self.place(of: series, among: values)
        return sideBySide(
            plot, x: xEncoding(plot, dataset, discrete: false), place: place, count: count)
    }

    /// A row's series number among `values` (its `by=` value's place), as a Vega expression.
    static func place(of field: String, among values: [JSON]) -> String {
        let list = values.map { value -> String in
            switch value {
            case .string(let text): return JSON.quoted(text)
            case .number(let number): return NumberText.shortest(number)
            default: return "null"
            }
        }
        return "indexof([\(list.joined(separator: ", "))], datum[\(JSON.quoted(field))])"
    }
}
