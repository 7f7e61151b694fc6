import ChartbookModel
import Foundation

/// Radar (Graffeine's polygon): one spoke per category, clockwise from twelve o'clock, rings
/// at round values from zero to the largest value, one closed polygon per series (or with
/// `spokes=on` a line from the centre to each value) with a marker at each vertex — a shape of its own per series (`marker=`, else circle, square,
/// diamond, cross in turn), so the polygons are told apart without colour too.
extension ChartLayout {
    func radarScene(_ session: Session, _ resolved: SeriesResolver.Result) -> Scene {
        var table = CategoryTable.make(resolved, session: session)
        let shapes: [MarkerStyle.Shape] = [.circle, .square, .diamond, .cross]
        for s in table.series.indices where table.series[s].plot.style.marker.shape == nil {
            table.series[s].plot.style.marker.shape = shapes[s % shapes.count]
        }
        let selected = selectedCategory(session, table, resolved.categories)
        let rows = categoryRows(
            session, series: table.series, notes: resolved.notes,
            selected: selected != nil)
        let area = Scene.CellRect(column: 0, row: rows.top, width: columns, height: rows.height)
        let labelWidth = min((table.names.map(TextMetrics.width(of:)).max() ?? 0), columns / 4)
        // A circle on the target, as large as the rows and the spoke labels allow.
        let radiusColumns = min(
            max(Double(rows.height) - 2, 2), max(Double(columns) / 2 - Double(labelWidth) - 2, 2))
        let radiusRows = max(radiusColumns / 2, 1)
        let frame = RadialFrame(
            centerColumn: Double(columns) / 2, centerRow: Double(rows.height) / 2,
            radiusColumns: radiusColumns, radiusRows: radiusRows)
        let largest = table.values.flatMap { $0 }.filter(\.isFinite).max() ?? 1
        let ticks = NiceTicks.ticks(in: 0...max(largest, 1e-9), maxCount: 4).filter { $0 > 0 }
        let top = max(ticks.last.map { max($0, largest) } ?? largest, 1e-9)
        let wheel = RadarWheel(
            frame: frame, count: max(table.names.count, 1), top: top, dots: dots)
        let layers = radarLayers(table, wheel, ticks: ticks, grid: session.output.themeColors.grid)
        var texts = rows.texts
        texts += radarNames(
            table.names, wheel, width: labelWidth, rows: rows.height, top: area.row,
            selected: selected)
        for tick in ticks {
            let text = Self.valueText(tick)
            let row = Int(saturating: (frame.centerRow - radiusRows * tick / top).rounded(.down))
            texts.append(
                Scene.Text(
                    role: .yLabel, row: area.row + max(row, 0),
                    column: Int(saturating: frame.centerColumn) + 1,
                    text: text, color: session.output.themeColors.grid))
        }
        if let k = selected, let row = rows.readoutRow {
            texts += categoryReadout(table, k, row: row)
        }
        return Scene(
            columns: columns, rows: self.rows, dotsPerCell: dots, plotArea: area,
            frame: Scene.AxisFrame(), rules: [], layers: layers, texts: texts.map { clipped($0) },
            selection: nil, yRange: 0...top, theme: session.output.themeColors)
    }

    /// The web (a ring per tick, a spoke per category), then per series its polygon and its
    /// markers.
    func radarLayers(
        _ table: CategoryTable, _ wheel: RadarWheel, ticks: [Double], grid: Color
    ) -> [Scene.Layer] {
        let n = wheel.count
        var webs = ticks.map { tick in (0...n).map { wheel.point($0 % n, tick / wheel.top) } }
        for k in 0..<n { webs.append([wheel.point(k, 0), wheel.point(k, 1)]) }
        var layers = [
            Scene.Layer(
                plotID: "radar-web", color: grid, thickness: 1, strokeWidth: 0.5,
                marks: .polyline(webs))
        ]
        for (s, series) in table.series.enumerated() {
            let polygon = (0...n).map { k -> DotPoint in
                let v = table.values[s][k % n]
                return wheel.point(k % n, v.isFinite ? max(v, 0) / wheel.top : 0)
            }
            let style = series.plot.style
            // `spokes=on`: a line from the centre to each value, no polygon.
            let runs =
                style.stroke.spokes == true
                ? (0..<n).map { [wheel.point($0, 0), polygon[$0]] } : [polygon]
            layers.append(
                Scene.Layer(
                    plotID: series.plot.id, color: series.color, thickness: 1,
                    strokeWidth: style.stroke.resolvedWidth, marks: .polyline(runs)))
            layers.append(
                Scene.Layer(
                    plotID: series.plot.id, color: series.color, thickness: 1,
                    marks: .markers(Array(polygon.dropLast()), style.marker.resolvedShape),
                    markerSize: style.marker.size ?? 4))
        }
        return layers
    }

    /// The category names just beyond the rim (1.5 columns out across, 0.6 rows out down),
    /// centred at the top and bottom, beside the rim elsewhere; `top` is the area's first row.
    func radarNames(
        _ names: [String], _ wheel: RadarWheel, width labelWidth: Int, rows: Int, top: Int,
        selected: Int?
    ) -> [Scene.Text] {
        let frame = wheel.frame
        let labelFrame = RadialFrame(
            centerColumn: frame.centerColumn, centerRow: frame.centerRow,
            radiusColumns: frame.radiusColumns + 1.5, radiusRows: frame.radiusRows + 0.6)
        let fitted = TextMetrics.distinctlyTruncated(names, toWidth: max(labelWidth, 3))
        return fitted.enumerated().map { k, text in
            let turn = Double(k) / Double(wheel.count)
            let angle = turn * 2 * .pi
            let (column, rowValue) = labelFrame.position(turn: turn)
            let row = Int(saturating: rowValue.rounded(.down))
            let width = TextMetrics.width(of: text)
            let start: Int
            if abs(sin(angle)) < 0.2 {
                start = Int(saturating: column) - width / 2
            } else {
                start =
                    sin(angle) > 0
                    ? Int(saturating: column.rounded(.up)) : Int(saturating: column) - width
            }
            return Scene.Text(
                role: .category, row: top + min(max(row, 0), max(rows - 1, 0)), column: start,
                text: text, bold: selected == k)
        }
    }
}

/// A radar's wheel: `count` spokes clockwise from twelve o'clock, values up to `top` at the
/// rim, positions in dots.
struct RadarWheel {
    let frame: RadialFrame
    let count: Int
    let top: Double
    let dots: DotDensity

    /// The point on spoke `k` at `fraction` of the radius.
    func point(_ k: Int, _ fraction: Double) -> DotPoint {
        let (column, row) = frame.position(turn: Double(k) / Double(count), scale: fraction)
        return DotPoint(
            x: Int(saturating: column * Double(dots.x)), y: Int(saturating: row * Double(dots.y)))
    }
}
