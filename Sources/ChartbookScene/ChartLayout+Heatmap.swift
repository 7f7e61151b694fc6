import ChartbookModel
import Foundation

/// Heatmaps, a matrix layout: every cell of the plot area is one bin.
/// - Density (no `y=`): how many points of (x column, the plot's column) fall in each
///   cell, in one pass; the honest picture of a scatter too dense for dots.
/// - Matrix (`y=COLUMN`): x categories across, y categories down, each cell the mean of
///   the plot's values for that pair.
/// Shades run on a linear scale from the lowest to the highest value; a key under the
/// plot names both ends. Without colour the cells are shade characters (light to full).
extension ChartLayout {
    /// The colour ramp from low to high (`ColorRamp.viridis`).
    public static var heatRamp: [Color] { ColorRamp.viridis }

    /// The ramp's colour at `level` (0...1), interpolated.
    static func heatColor(_ level: Double) -> Color { ColorRamp.color(level) }

    func heatmapScene(_ session: Session) -> Scene {
        // A matrix with `agg=` draws its computed table: one value per (x, y) pair.
        guard let plot = session.mainPlots.first,
            let dataset = session.table(of: plot),
            let values = session.values(of: plot)
        else { return emptyScene(session) }
        var texts = [Scene.Text]()
        var top = 0
        if let title = titleText(session) { texts.append(title); top = 1 }
        // Rows: the plot, the x axis labels, the key.
        let height = max(rows - top - 2, 0)
        // (A computed table has had its `where=` applied.)
        let keep = plot.drawn == nil ? session.rowsKept(by: plot) : nil
        let kept = { (i: Int) in keep.map { i < $0.count && $0[i] } ?? true }
        let grid = heatGrid(plot, dataset, values, kept: kept, height: height, in: session)
        let area = Scene.CellRect(
            column: grid.gutter, row: top, width: grid.width, height: grid.height)
        var cells = [Scene.HeatCell]()
        let (lo, hi) = (grid.low, grid.high)
        for (index, value) in grid.cells.enumerated()
        where value.isFinite && (grid.matrix || value > 0) {
            let level = hi > lo ? (value - lo) / (hi - lo) : 1
            var cell = Scene.HeatCell(
                column: index % grid.width, row: index / grid.width, level: level,
                color: Self.heatColor(level))
            cell.value = value
            cells.append(cell)
        }
        var frame = Scene.AxisFrame(leftColumn: grid.gutter - 1, bottomRow: nil)
        for label in grid.yLabels {
            texts.append(
                Scene.Text(role: .yLabel, row: top + label.row, column: 0, text: label.text))
            frame.yTicks.append(
                Scene.Tick(
                    value: label.value, label: label.text.trimmingCharacters(in: .whitespaces)))
        }
        for label in grid.xLabels {
            texts.append(
                Scene.Text(
                    role: .xLabel, row: top + grid.height, column: grid.gutter + label.column,
                    text: label.text))
            frame.xTickColumns.append(grid.gutter + label.tick)
            frame.xTicks.append(Scene.Tick(value: label.value, label: label.text))
        }
        let unit =
            !grid.matrix
            ? " points per cell"
            : plot.binding.aggregate.map {
                " " + $0.rawValue + (plot.series.column.isEmpty ? "" : " of " + plot.series.column)
            } ?? ""
        texts += heatKey(
            low: lo, high: hi, unit: TextMetrics.sanitized(unit), leftOut: grid.leftOut,
            row: top + grid.height + 1)
        var scene = Scene(
            columns: columns, rows: rows, dotsPerCell: dots, plotArea: area, frame: frame,
            rules: [],
            layers: [
                Scene.Layer(
                    plotID: plot.id, color: plot.resolvedColor, thickness: 1, marks: .cells(cells))
            ],
            texts: texts.map { clipped($0) }, selection: nil, yRange: lo...max(hi, lo + 1),
            theme: session.output.themeColors)
        scene.heatBins = grid.bins
        // (All cells alike are the last colour: the ramp then ends at their value.)
        scene.heatLevels = hi > lo ? lo...hi : (lo - 1)...lo
        return scene
    }

    /// The grid of a heatmap: a matrix by `y=` (its categories in their order; redone one
    /// row shorter when some have no room, so the row under the key can say how many), or
    /// the density of the points over x and the values.
    func heatGrid(
        _ plot: Plot, _ dataset: Dataset, _ values: [Double], kept: (Int) -> Bool, height: Int,
        in session: Session
    ) -> HeatGrid {
        guard let yName = plot.binding.y, let yColumn = dataset.column(named: yName),
            let xColumn = session.xColumn(of: plot)
        else {
            let xs = session.xColumn(of: plot)?.numbers ?? values.indices.map(Double.init)
            return HeatGrid.density(
                xs: xs, ys: values, kept: kept, columns: columns, height: height)
        }
        let source = session.dataset(named: plot.series.dataset)
        let kinds = (
            x: source?.column(named: xColumn.name)?.kind ?? xColumn.kind,
            y: source?.column(named: yName)?.kind ?? yColumn.kind
        )
        func matrix(_ height: Int) -> HeatGrid {
            HeatGrid.matrix(
                x: xColumn, y: yColumn, kinds: kinds, values: values, kept: kept,
                columns: columns, height: height)
        }
        let full = matrix(height)
        return full.leftOut.note == nil ? full : matrix(max(height - 1, 0))
    }

    /// `low ░▒▓█ high UNIT` with the ramp's colours, under the plot; then how many
    /// categories of a matrix had no room (each needs a whole cell), when some had none.
    func heatKey(
        low: Double, high: Double, unit: String, leftOut: HeatGrid.LeftOut, row: Int
    ) -> [Scene.Text] {
        guard row < rows else { return [] }
        var texts = [Scene.Text]()
        var column = 0
        let lowText = Self.valueText(low) + " "
        texts.append(Scene.Text(role: .note, row: row, column: column, text: lowText))
        column += TextMetrics.width(of: lowText)
        let steps = 8
        for i in 0..<steps {
            let level = Double(i) / Double(steps - 1)
            texts.append(
                Scene.Text(
                    role: .colorKey, row: row, column: column + i,
                    text: glyphs.asciiOnly ? "#" : "█", color: Self.heatColor(level),
                    pattern: nil, shade: level))
        }
        column += steps + 1
        let highText = Self.valueText(high) + unit
        texts.append(Scene.Text(role: .note, row: row, column: column, text: highText))
        if let note = leftOut.note(fitting: columns), row + 1 < rows {
            texts.append(Scene.Text(role: .note, row: row + 1, column: 0, text: note))
        }
        return texts
    }
}

/// The bins of a heatmap and the labels of its axes.
struct HeatGrid {
    var width: Int, height: Int
    /// Columns left of the plot (y labels and the axis line).
    var gutter: Int
    /// Row-major, `width × height`: counts, or means (NaN: no value).
    var cells: [Double]
    var matrix: Bool
    /// Labels with the values they stand at (a matrix's: the category's number).
    var yLabels: [(row: Int, text: String, value: Double)] = []
    var xLabels: [(column: Int, tick: Int, text: String, value: Double)] = []
    /// A density's bins (nil for a matrix).
    var bins: Scene.HeatBins?
    /// A matrix's categories that had no room, of how many.
    var leftOut = LeftOut()

    /// Categories of a matrix left out for want of room (each needs a whole cell).
    struct LeftOut: Equatable {
        var x = 0, xCount = 0, y = 0, yCount = 0

        /// `12 of 40 x values and 3 of 30 y values left out: no room`; nil when none was.
        var note: String? { note(fitting: .max) }

        /// The note in at most `width` columns: in full, else shorter (`12/40 x, 3/30 y left
        /// out`), else as short as it gets (`12/40 x, 3/30 y`).
        func note(fitting width: Int) -> String? {
            let shown = [(x, xCount, "x"), (y, yCount, "y")].filter { $0.0 > 0 }
            guard !shown.isEmpty else { return nil }
            let long = shown.map { "\($0.0) of \($0.1) \($0.2) values" }
            let short = shown.map { "\($0.0)/\($0.1) \($0.2)" }.joined(separator: ", ")
            let notes = [
                long.joined(separator: " and ") + " left out: no room", short + " left out", short,
            ]
            return notes.first { TextMetrics.width(of: $0) <= width } ?? short
        }
    }

    var low: Double { matrix ? (cells.filter(\.isFinite).min() ?? 0) : 0 }
    var high: Double { cells.filter(\.isFinite).max() ?? 1 }

    /// Counts of points per cell; both axes span their data, ticked at round values.
    static func density(
        xs: [Double], ys: [Double], kept: (Int) -> Bool, columns: Int, height: Int
    ) -> HeatGrid {
        var xr = (Double.infinity, -Double.infinity), yr = (Double.infinity, -Double.infinity)
        let n = min(xs.count, ys.count)
        for i in 0..<n where xs[i].isFinite && ys[i].isFinite && kept(i) {
            xr = (min(xr.0, xs[i]), max(xr.1, xs[i]))
            yr = (min(yr.0, ys[i]), max(yr.1, ys[i]))
        }
        if xr.0 > xr.1 { xr = (0, 1) }
        if yr.0 > yr.1 { yr = (0, 1) }
        if xr.0 == xr.1 { xr = (xr.0 - 0.5, xr.1 + 0.5) }
        if yr.0 == yr.1 { yr = (yr.0 - 0.5, yr.1 + 0.5) }
        let yTicks = NiceTicks.ticks(in: yr.0...yr.1, maxCount: max(3, height / 2))
        let yTexts = LabelFormatter().labels(for: yTicks)
        let gutter = (yTexts.map(TextMetrics.width(of:)).max() ?? 0) + 2
        let width = max(columns - gutter - 1, 1)
        var cells = [Double](repeating: 0, count: width * max(height, 1))
        let sx = Double(width) / (xr.1 - xr.0), sy = Double(height) / (yr.1 - yr.0)
        for i in 0..<n where xs[i].isFinite && ys[i].isFinite && kept(i) {
            let c = min(Int(saturating: (xs[i] - xr.0) * sx), width - 1)
            let r = min(Int(saturating: (yr.1 - ys[i]) * sy), height - 1)
            if r >= 0, c >= 0 { cells[r * width + c] += 1 }
        }
        var grid = HeatGrid(
            width: width, height: height, gutter: gutter, cells: cells, matrix: false)
        grid.bins = Scene.HeatBins(x: xr.0...xr.1, y: yr.0...yr.1)
        for (tick, text) in zip(yTicks, yTexts) {
            let row = min(Int(saturating: (yr.1 - tick) * sy), height - 1)
            grid.yLabels.append(
                (
                    row,
                    String(repeating: " ", count: max(0, gutter - 2 - TextMetrics.width(of: text)))
                        + text,
                    tick
                ))
        }
        var end = -1
        let xTicks = NiceTicks.ticks(in: xr.0...xr.1, maxCount: max(2, width / 10))
        for (tick, text) in zip(xTicks, LabelFormatter().labels(for: xTicks)) {
            let column = min(Int(saturating: (tick - xr.0) * sx), width - 1)
            let start = max(column - TextMetrics.width(of: text) / 2, end + 2)
            guard start + TextMetrics.width(of: text) <= width else { continue }
            grid.xLabels.append((start, column, text, tick))
            end = start + TextMetrics.width(of: text)
        }
        return grid
    }

    /// Means per (x category, y category) — one value per pair when the plot's `agg=`
    /// computed them; each category gets whole cells. Categories of a column of numbers or
    /// times stand in their order, those of text in order of first appearance.
    static func matrix(
        x: Column, y: Column, kinds: (x: Column.Kind, y: Column.Kind), values: [Double],
        kept: (Int) -> Bool, columns: Int, height: Int
    ) -> HeatGrid {
        let n = min(x.count, y.count, values.count)
        let rows = (0..<n).filter { values[$0].isFinite && kept($0) }
        let xOrder = CategoryOrder(x, rows: rows, kind: kinds.x)
        let yOrder = CategoryOrder(y, rows: rows, kind: kinds.y)
        var sums = [Int: (Double, Int)]()
        for i in rows {
            guard let cx = xOrder.index(of: x.text(at: i)), let cy = yOrder.index(of: y.text(at: i))
            else { continue }
            let key = cy * 1_000_000 + cx
            let (s, k) = sums[key] ?? (0, 0)
            sums[key] = (s + values[i], k + 1)
        }
        let xNames = xOrder.names.map(TextMetrics.sanitized)
        let yNames = yOrder.names.map(TextMetrics.sanitized)
        let gutter = min((yNames.map(TextMetrics.width(of:)).max() ?? 0), columns / 3) + 2
        let nx = max(xNames.count, 1), ny = max(yNames.count, 1)
        let cellWidth = max((columns - gutter - 1) / nx, 1)
        let cellHeight = max(height / ny, 1)
        let width = min(cellWidth * nx, max(columns - gutter - 1, 1))
        let rowsUsed = min(cellHeight * ny, height)
        var cells = [Double](repeating: .nan, count: width * max(rowsUsed, 1))
        for (key, (s, k)) in sums {
            let (cy, cx) = (key / 1_000_000, key % 1_000_000)
            // Categories past the room are left out (each needs a whole cell).
            let rowEnd = min((cy + 1) * cellHeight, rowsUsed)
            let columnEnd = min((cx + 1) * cellWidth, width)
            guard cy * cellHeight < rowEnd, cx * cellWidth < columnEnd else { continue }
            for r in (cy * cellHeight)..<rowEnd {
                for c in (cx * cellWidth)..<columnEnd { cells[r * width + c] = s / Double(k) }
            }
        }
        var grid = HeatGrid(
            width: width, height: rowsUsed, gutter: gutter, cells: cells, matrix: true)
        let xShown = min(xNames.count, (width + cellWidth - 1) / cellWidth)
        let yShown = min(yNames.count, (rowsUsed + cellHeight - 1) / cellHeight)
        grid.leftOut = LeftOut(
            x: xNames.count - xShown, xCount: xNames.count, y: yNames.count - yShown,
            yCount: yNames.count)
        let yFitted = TextMetrics.distinctlyTruncated(yNames, toWidth: gutter - 2)
        for (k, text) in yFitted.enumerated() where k * cellHeight < rowsUsed {
            grid.yLabels.append(
                (
                    k * cellHeight + (cellHeight - 1) / 2,
                    String(repeating: " ", count: max(0, gutter - 2 - TextMetrics.width(of: text)))
                        + text,
                    Double(k)
                ))
        }
        var end = -1
        // Numbers and times too wide for their cells are labelled every few cells in full
        // (`0  3  6 …`), as an axis of values is; text is shortened in every cell.
        let widest = xNames.map(TextMetrics.width(of:)).max() ?? 0
        let every =
            kinds.x != .text && widest > cellWidth - 1 ? (widest + cellWidth) / cellWidth : 1
        let xFitted =
            every > 1
            ? xNames : TextMetrics.distinctlyTruncated(xNames, toWidth: max(cellWidth - 1, 1))
        for (k, text) in xFitted.enumerated() where k * cellWidth < width && k % every == 0 {
            let column = k * cellWidth + max(0, (cellWidth - TextMetrics.width(of: text)) / 2)
            guard column > end else { continue }
            grid.xLabels.append((column, k * cellWidth + cellWidth / 2, text, Double(k)))
            end = column + TextMetrics.width(of: text)
        }
        return grid
    }
}

/// The categories of a matrix's column in the order they stand: a column of numbers or
/// times by value (hours 0 … 23, not as they first appear), text by first appearance.
struct CategoryOrder {
    /// The categories' texts, in order.
    let names: [String]
    private let indices: [String: Int]

    /// `kind`: what the dataset's column holds — a computed table keys its groups by text,
    /// which stand in the order of the values they name.
    init(_ column: Column, rows: [Int], kind: Column.Kind) {
        var firsts = XCategories()
        var valueOf = [String: Double]()
        let numbers = column.kind == .text ? nil : column.numbers
        for row in rows {
            let text = column.text(at: row)
            guard firsts.slot(of: text).isFinite else { continue }
            if valueOf[text] == nil { valueOf[text] = numbers?[row] ?? Double(text) }
        }
        switch kind {
        case .text: names = firsts.names
        // (ISO 8601 texts of one zone sort as their times.)
        case .time where numbers == nil: names = firsts.names.sorted()
        case .number, .time:
            names = firsts.names.sorted {
                (valueOf[$0] ?? .infinity, $0) < (valueOf[$1] ?? .infinity, $1)
            }
        }
        indices = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }

    /// The place of the category `text`; nil for an empty cell.
    func index(of text: String) -> Int? { indices[text] }
}
