import ChartbookModel
import Foundation

/// Pie and donut: the first pie plot's values by category as slices, clockwise from twelve
/// o'clock; each slice named outside the rim on its side (`▓ North 35%`), joined to it by a
/// leader when the label had to move off the slice's row; a donut's total in its hole.
/// Missing, zero and negative values have no slice (said in a note).
extension ChartLayout {
    func pieScene(_ session: Session, _ resolved: SeriesResolver.Result) -> Scene {
        var table = CategoryTable.make(resolved, session: session)
        table.sort()
        guard let series = table.series.first, let values = table.values.first else {
            return emptyScene(session)
        }
        var notes = resolved.notes
        let dropped = values.filter { !($0 > 0) }.count
        if dropped > 0 {
            notes.append(
                "note: \(dropped) categor\(dropped == 1 ? "y" : "ies") with no positive value have no slice"
            )
        }
        if table.series.count > 1 {
            notes.append("note: a pie draws one series; the first, '\(series.name)', is drawn")
        }
        let selected = selectedCategory(session, table, resolved.categories)
        let rows = categoryRows(
            session, series: [], notes: notes, selected: selected != nil)
        let total = values.filter { $0 > 0 }.reduce(0, +)
        let (slices, labels) = pieSlices(table, series, total: total, selected: selected)
        let labelWidth = min((labels.map(\.width).max() ?? 0) + 2, columns / 4)
        // A circle on the target (a cell is about twice as tall as it is wide), as large as
        // the rows and the labels on both sides allow.
        let radiusColumns = min(
            max(Double(rows.height) - 1, 2), max(Double(columns - 2 * (labelWidth + 2)) / 2, 2))
        let radiusRows = max(radiusColumns / 2, 1)
        let area = Scene.CellRect(column: 0, row: rows.top, width: columns, height: rows.height)
        let pie = Scene.Pie(
            frame: RadialFrame(
                centerColumn: Double(columns) / 2, centerRow: Double(rows.height) / 2,
                radiusColumns: radiusColumns, radiusRows: radiusRows),
            inner: series.plot.kind == .donut ? 0.5 : 0, slices: slices)
        var texts = rows.texts
        var leaders = [[DotPoint]]()
        placeSliceLabels(pie, names: labels, area: area, texts: &texts, leaders: &leaders)
        if series.plot.kind == .donut, rows.height >= 5 {
            texts.append(
                donutCentre(pie, series.plot.style.categories.center ?? Self.valueText(total), area)
            )
        }
        if let k = selected, let row = rows.readoutRow {
            texts += categoryReadout(table, k, row: row)
        }
        var layers = [
            Scene.Layer(plotID: series.plot.id, color: series.color, thickness: 1, marks: .pie(pie))
        ]
        if !leaders.isEmpty {
            layers.append(
                Scene.Layer(
                    plotID: series.plot.id + "-leaders", color: session.output.themeColors.grid,
                    thickness: 1, strokeWidth: 1, marks: .polyline(leaders)))
        }
        return Scene(
            columns: columns, rows: self.rows, dotsPerCell: dots, plotArea: area,
            frame: Scene.AxisFrame(), rules: [], layers: layers,
            texts: texts.map { clipped($0) }, selection: nil, yRange: 0...1,
            theme: session.output.themeColors)
    }

    /// The slices of the categories with a positive value, clockwise in the table's order,
    /// each with its label (`labels=`: name and share by default).
    func pieSlices(
        _ table: CategoryTable, _ series: ResolvedPlot, total: Double, selected: Int?
    ) -> (slices: [Scene.Pie.Slice], labels: [SliceLabel]) {
        guard total > 0, let values = table.values.first else { return ([], []) }
        var slices = [Scene.Pie.Slice](), labels = [SliceLabel]()
        var start = 0.0
        for k in table.names.indices where values[k] > 0 {
            let share = values[k] / total
            slices.append(
                Scene.Pie.Slice(
                    start: start, end: start + share,
                    color: series.plot.paletteColor(k),
                    pattern: k, exploded: selected == k))
            start += share
            switch series.plot.style.labels ?? .on {
            case .off: labels.append(SliceLabel(name: table.names[k]))
            case .value:
                labels.append(SliceLabel(name: table.names[k], figure: Self.valueText(values[k])))
            case .on, .percent:
                labels.append(SliceLabel(name: table.names[k], figure: Self.percentText(share)))
            }
        }
        // The last slice closes the circle whatever the rounding of the shares.
        if let last = slices.indices.last { slices[last].end = 1 }
        return (slices, labels)
    }

    /// A donut's centre text (its total, or `center=`), shortened to the hole.
    func donutCentre(_ pie: Scene.Pie, _ text: String, _ area: Scene.CellRect) -> Scene.Text {
        let frame = pie.frame
        let fitted = TextMetrics.truncated(
            TextMetrics.sanitized(text), toWidth: max(Int(saturating: frame.radiusColumns * 0.9), 1)
        )
        return Scene.Text(
            role: .valueLabel, row: area.row + Int(saturating: frame.centerRow),
            column: Int(saturating: frame.centerColumn) - TextMetrics.width(of: fitted) / 2,
            text: fitted, bold: true)
    }

    /// A slice's label: its category's name and the figure after it (share or value).
    struct SliceLabel {
        var name: String
        var figure: String? = nil

        var width: Int { TextMetrics.width(of: text(toWidth: .max)) }

        /// The label in `width` cells at most: the name is shortened, the figure kept.
        func text(toWidth width: Int) -> String {
            let name = TextMetrics.sanitized(self.name)
            guard let figure else { return TextMetrics.truncated(name, toWidth: width) }
            let room = width - TextMetrics.width(of: figure) - 1
            guard room >= 2 else {
                return TextMetrics.truncated(name + " " + figure, toWidth: width)
            }
            return TextMetrics.truncated(name, toWidth: room) + " " + figure
        }
    }

    /// Each slice's label outside the rim at its middle angle, on the slice's side; labels
    /// that would share a row move to the nearest free one, with a leader from the rim.
    func placeSliceLabels(
        _ pie: Scene.Pie, names: [SliceLabel], area: Scene.CellRect, texts: inout [Scene.Text],
        leaders: inout [[DotPoint]]
    ) {
        var used = [Set<Int>(), Set<Int>()]
        let frame = pie.frame
        for (slice, name) in zip(pie.slices, names) {
            let (rimColumn, rimRow) = frame.position(turn: (slice.start + slice.end) / 2)
            let right = rimColumn >= frame.centerColumn
            let wanted = min(max(Int(saturating: rimRow.rounded(.down)), 0), area.height - 1)
            guard let row = freeRow(near: wanted, in: area.height, used: used[right ? 1 : 0])
            else { continue }
            used[right ? 1 : 0].insert(row)
            let key = glyphs.asciiOnly ? "#" : "█"
            // Beside the rim, shortened to the room on that side.
            let rightStart =
                Int(saturating: (frame.centerColumn + frame.radiusColumns).rounded(.up)) + 2
            let leftEnd =
                Int(saturating: (frame.centerColumn - frame.radiusColumns).rounded(.down)) - 2
            let room = (right ? columns - rightStart : leftEnd) - 2
            guard room >= 3 else { continue }
            let text = name.text(toWidth: room)
            let width = TextMetrics.width(of: text) + 2
            let column = right ? rightStart : leftEnd - width
            guard column >= 0, column + width <= columns else { continue }
            texts.append(
                Scene.Text(
                    role: .colorKey, row: area.row + row, column: column, text: key,
                    color: slice.color, pattern: slice.pattern))
            texts.append(
                Scene.Text(role: .category, row: area.row + row, column: column + 2, text: text))
            // A leader from the rim to the label's end nearest the pie.
            let endColumn = right ? Double(column) - 0.5 : Double(column + width) + 0.5
            leaders.append([
                DotPoint(
                    x: Int(saturating: rimColumn * Double(dots.x)),
                    y: Int(saturating: rimRow * Double(dots.y))),
                DotPoint(
                    x: Int(saturating: endColumn * Double(dots.x)),
                    y: Int(saturating: (Double(row) + 0.5) * Double(dots.y))),
            ])
        }
    }
}
