import ChartbookModel
import ChartbookScene
import Foundation

/// The marks of the chart kinds beyond lines, dots and bars: floating bars (stacked parts,
/// ranges), horizontal bars, boxes and candles, pie slices, heatmap cells.
extension TerminalRenderer {
    /// A bar whose base is a value of its own: both ends keep their fractional rows, and a
    /// cell shared with the bar below (a stacked part) shows both, one as the background.
    func drawFloatingBar(
        _ bar: Scene.Bar, _ layer: Scene.Layer, _ scene: Scene, _ grid: inout CellGrid,
        _ full: inout Set<Int>
    ) {
        let area = scene.plotArea
        let color = layer.color
        let glyph = monochrome ? pattern(layer) : raster.fullBlock
        let style = CellStyle(foreground: color)
        let (first, last) = barColumns(bar, width: area.width)
        guard first <= last else { return }
        let a = min(bar.base, bar.top), b = max(bar.base, bar.top)
        let firstRow = max(Int(saturating: a.rounded(.down)), 0)
        let lastRow = min(Int(saturating: (b - 1e-9).rounded(.down)), area.height - 1)
        guard firstRow <= lastRow else { return }
        for column in (area.column + first)...(area.column + last) {
            for r in firstRow...lastRow {
                let top = max(a, Double(r)), bottom = min(b, Double(r + 1))
                let eighths = Int(saturating: ((bottom - top) * 8).rounded())
                guard eighths > 0 else { continue }
                let gy = area.row + r
                if eighths >= 8 {
                    fill(column, gy, glyph, style, &grid, &full)
                } else if bottom >= Double(r + 1) - 1e-9 {
                    // Filled from part-way down to the cell's bottom.
                    shareCell(column, gy, raster.lowerBlocks[eighths - 1], color, &grid)
                } else {
                    // Filled from the cell's top down to part-way: the cell's lower part
                    // may hold the bar below; the upper-block glyph is this bar's.
                    if let upper = raster.upperBlock(eighths: eighths) {
                        shareCell(column, gy, upper, color, &grid)
                    }
                }
            }
        }
    }

    /// Puts a partial block in a cell; when the cell already holds another bar's partial
    /// block, that one stays and this colour becomes the background (the rest of the cell).
    private func shareCell(
        _ column: Int, _ row: Int, _ glyph: Character, _ color: Color, _ grid: inout CellGrid
    ) {
        let existing = grid[column, row]
        if raster.isPartialBlock(existing.character), existing.style.foreground != color {
            grid.restyle(column, row) { $0.background = color }
        } else {
            grid.set(column, row, glyph, style: CellStyle(foreground: color))
        }
    }

    /// The cell columns a vertical bar covers, from its edges: whole cells, at least one.
    /// (Nudged so that one bar's end and the next one's start, equal but for rounding
    /// noise, land on the same cell edge.)
    func barColumns(_ bar: Scene.Bar, width: Int) -> (Int, Int) {
        let first = max(Int(saturating: (bar.x0 + 1e-6).rounded()), 0)
        let last = min(max(Int(saturating: (bar.x1 + 1e-6).rounded()) - 1, first), width - 1)
        return (first, last)
    }

    /// The fill pattern of a layer drawn without colour.
    private func pattern(_ layer: Scene.Layer) -> Character {
        raster.pattern(layer.pattern ?? 0)
    }

    /// Horizontal bars: whole rows, left-eighth blocks at the value's end.
    func drawHorizontalBars(
        _ bars: [Scene.Bar], _ layer: Scene.Layer, _ scene: Scene, _ grid: inout CellGrid
    ) {
        let area = scene.plotArea
        let style = CellStyle(foreground: layer.color)
        let glyph = monochrome ? pattern(layer) : raster.fullBlock
        for bar in bars {
            let firstRow = max(Int(saturating: bar.x0.rounded()), 0)
            let lastRow = min(max(Int(saturating: bar.x1.rounded()) - 1, firstRow), area.height - 1)
            guard firstRow <= lastRow else { continue }
            let base = bar.base.rounded()
            for r in firstRow...lastRow {
                let gy = area.row + r
                if bar.top >= base {
                    let whole = Int(saturating: bar.top.rounded(.down))
                    for c in max(Int(saturating: base), 0)..<max(min(whole, area.width), 0) {
                        grid.set(area.column + c, gy, glyph, style: style)
                    }
                    let eighths = Int(saturating: ((bar.top - Double(whole)) * 8).rounded())
                    if eighths > 0, whole < area.width, whole >= 0 {
                        grid.set(
                            area.column + whole, gy, raster.leftBlocks[eighths - 1], style: style)
                    }
                } else {
                    let whole = Int(saturating: bar.top.rounded(.up))
                    for c in max(
                        whole, 0)..<max(min(Int(saturating: base), area.width), max(whole, 0))
                    {
                        grid.set(area.column + c, gy, glyph, style: style)
                    }
                    let eighths = Int(saturating: ((Double(whole) - bar.top) * 8).rounded())
                    if eighths >= 4, whole - 1 >= 0 {
                        grid.set(
                            area.column + whole - 1, gy, raster.canvas == .ascii ? "#" : "▐",
                            style: style)
                    }
                }
            }
        }
    }

    /// Boxes and candles: whiskers down the centre, the body outlined when there is room
    /// (box plots: `┌─┐`, the median `├─┤`), else filled; outliers as small circles.
    /// Error bars: `│` from the high row to the low row in the centre column, capped `┬` and
    /// `┴` (with `─` either side when the cap is three cells wide), and `●` at the value;
    /// `|`, `-`, `+` and `o` on the ascii canvas. One row tall, the whisker is `┼`.
    func drawWhiskers(
        _ whiskers: [Scene.Whisker], _ layer: Scene.Layer, _ scene: Scene, _ grid: inout CellGrid
    ) {
        let area = scene.plotArea
        let ascii = raster.canvas == .ascii
        let style = CellStyle(foreground: layer.color)
        func row(_ value: Double) -> Int { Int(saturating: value.rounded(.down)) }
        func put(_ column: Int, _ r: Int, _ glyph: Character) {
            guard column >= 0, column < area.width, r >= 0, r < area.height else { return }
            grid.set(area.column + column, area.row + r, glyph, style: style)
        }
        for w in whiskers {
            let center = Int(saturating: w.center.rounded(.down))
            let (top, bottom) = (row(w.high), row(w.low))
            let wide = w.half >= 1.5
            for r in top...max(top, bottom) { put(center, r, ascii ? "|" : "│") }
            for (r, cap) in [(top, ascii ? "+" : "┬"), (bottom, ascii ? "+" : "┴")]
                as [(Int, Character)]
            {
                put(center, r, top == bottom ? (ascii ? "+" : "┼") : cap)
                if wide {
                    put(center - 1, r, ascii ? "-" : "─")
                    put(center + 1, r, ascii ? "-" : "─")
                }
            }
            put(center, row(w.value), ascii ? "o" : "●")
        }
    }

    func drawBoxes(
        _ boxes: [Scene.Box], _ layer: Scene.Layer, _ scene: Scene, _ grid: inout CellGrid
    ) {
        let area = scene.plotArea
        let ascii = raster.canvas == .ascii
        func row(_ value: Double) -> Int {
            min(max(Int(saturating: value.rounded(.down)), 0), max(area.height - 1, 0))
        }
        for box in boxes {
            let style = CellStyle(foreground: box.color ?? layer.color)
            let first = max(Int(saturating: box.x0.rounded()), 0)
            let last = min(max(Int(saturating: box.x1.rounded()) - 1, first), area.width - 1)
            guard first <= last else { continue }
            let center = area.column + (first + last) / 2
            let (wt, bt, bb, wb) = (
                row(box.whiskerTop), row(box.bodyTop), row(box.bodyBottom), row(box.whiskerBottom)
            )
            for r in wt..<max(wt, bt) {
                grid.set(center, area.row + r, ascii ? "|" : "│", style: style)
            }
            if bb < wb {
                for r in (bb + 1)...wb {
                    grid.set(center, area.row + r, ascii ? "|" : "│", style: style)
                }
            }
            let outlined = last - first >= 2 && bb > bt && (box.median != nil || box.hollow)
            for r in bt...max(bt, bb) {
                for c in first...last {
                    let gx = area.column + c, gy = area.row + r
                    let glyph: Character
                    if outlined {
                        glyph = outline(
                            column: c, first: first, last: last, row: r, top: bt, bottom: bb,
                            median: box.median.map(row), center: area.column + c == center)
                    } else if let median = box.median.map(row), median == r, bb > bt {
                        glyph = ascii ? "=" : "━"
                    } else {
                        glyph = box.hollow ? raster.hollowBlock : raster.fullBlock
                    }
                    if glyph != " " { grid.set(gx, gy, glyph, style: style) }
                }
            }
            for outlier in box.outliers {
                let r = Int(saturating: outlier.rounded(.down))
                guard r >= 0, r < area.height else { continue }
                grid.set(center, area.row + r, ascii ? "o" : "○", style: style)
            }
        }
    }

    /// The glyph of an outlined box's cell.
    private func outline(
        column c: Int, first: Int, last: Int, row r: Int, top: Int, bottom: Int, median: Int?,
        center: Bool
    ) -> Character {
        let ascii = raster.canvas == .ascii
        let left = c == first, right = c == last
        if r == top {
            if ascii { return left || right ? "+" : "-" }
            return left ? "┌" : right ? "┐" : center ? "┴" : "─"
        }
        if r == bottom {
            if ascii { return left || right ? "+" : "-" }
            return left ? "└" : right ? "┘" : center ? "┬" : "─"
        }
        if r == median {
            if ascii { return left || right ? "+" : "=" }
            return left ? "┝" : right ? "┥" : "━"
        }
        return left || right ? (ascii ? "|" : "│") : " "
    }

    /// A pie or donut: each cell (each half cell, with colour) takes the slice its centre
    /// falls in; without colour each slice has its own fill pattern.
    func drawPie(_ pie: Scene.Pie, _ scene: Scene, _ grid: inout CellGrid) {
        let area = scene.plotArea
        func slice(_ column: Double, _ row: Double) -> Int? {
            let (turn, d) = pie.frame.polar(column: column, row: row)
            guard d <= 1, d >= pie.inner else { return nil }
            return pie.slices.firstIndex { turn >= $0.start && turn < $0.end }
                ?? (pie.slices.isEmpty ? nil : pie.slices.count - 1)
        }
        let halves = !monochrome && raster.canvas != .ascii
        for r in 0..<area.height {
            for c in 0..<area.width {
                let gx = area.column + c, gy = area.row + r
                let x = Double(c) + 0.5
                if halves {
                    let upper = slice(x, Double(r) + 0.25), lower = slice(x, Double(r) + 0.75)
                    guard upper != nil || lower != nil else { continue }
                    var style = CellStyle()
                    let glyph: Character
                    if let u = upper {
                        style.foreground = pie.slices[u].color
                        style.dim = dimmed(pie, u)
                        if let l = lower, l != u { style.background = pie.slices[l].color }
                        glyph = lower == u ? "█" : "▀"
                    } else {
                        style.foreground = lower.map { pie.slices[$0].color }
                        style.dim = lower.map { dimmed(pie, $0) } ?? false
                        glyph = "▄"
                    }
                    grid.set(gx, gy, glyph, style: style)
                } else if let s = slice(x, Double(r) + 0.5) {
                    let glyph = raster.pattern(pie.slices[s].pattern)
                    grid.set(
                        gx, gy, glyph,
                        style: CellStyle(foreground: pie.slices[s].color, dim: dimmed(pie, s)))
                }
            }
        }
    }

    /// Whether slice `index` is drawn dim: another slice is the selected one.
    private func dimmed(_ pie: Scene.Pie, _ index: Int) -> Bool {
        pie.slices.contains { $0.exploded } && !pie.slices[index].exploded
    }

    /// Heatmap cells: a full block in the cell's colour, or a shade by level without colour.
    func drawCells(_ cells: [Scene.HeatCell], _ scene: Scene, _ grid: inout CellGrid) {
        let area = scene.plotArea
        for cell in cells
        where cell.column >= 0 && cell.row >= 0
            && cell.column < area.width && cell.row < area.height
        {
            let glyph =
                monochrome || raster.canvas == .ascii
                ? raster.shade(level: cell.level) : raster.fullBlock
            grid.set(
                area.column + cell.column, area.row + cell.row, glyph,
                style: CellStyle(foreground: cell.color))
        }
    }
}
