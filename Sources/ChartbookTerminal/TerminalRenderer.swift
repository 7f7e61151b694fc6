import ChartbookModel
import ChartbookScene

/// Scene → CellGrid. Paints in layers, back to front: reference lines (across, then at x
/// values), frame, selection column, bars, lines and dots, text, bands' tint, selection
/// highlight. Knows nothing of the session or
/// of escape codes.
public struct TerminalRenderer: Sendable {
    public let raster: DotRaster
    /// Drawn without colour: areas that only colour would tell apart (pie slices, stacked
    /// parts) get fill patterns instead.
    public var monochrome: Bool

    public init(canvas: Canvas, monochrome: Bool = false) {
        raster = DotRaster(canvas: canvas)
        self.monochrome = monochrome
    }

    public func render(_ scene: Scene) -> CellGrid {
        var grid = CellGrid(width: scene.columns, height: scene.rows)
        let area = scene.plotArea
        if !area.isEmpty {
            drawRules(scene, into: &grid)
            drawGridDown(scene, into: &grid)
            drawVerticalRules(scene, into: &grid)
            drawFrame(scene, into: &grid)
            if let selection = scene.selection, selection.style.line != SelectionStyle.Line.none {
                let column = area.column + selection.dotX / scene.dotsPerCell.x
                let color = selection.style.color ?? scene.theme.grid
                for row in area.row..<(area.row + area.height)
                where grid[column, row].character == " " {
                    // The default keeps its glyph on every row (`|` in ASCII).
                    let glyph =
                        selection.style.line?.rule.map {
                            raster.verticalRule($0, row: row - area.row)
                        } ?? (raster.canvas == .ascii ? "|" : "┊")
                    grid.set(column, row, glyph, style: CellStyle(foreground: color))
                }
            }
            drawMarks(scene, into: &grid)
            drawLastPoints(scene, into: &grid)
            drawRulesOverData(scene, into: &grid)
            drawClipMarks(scene, into: &grid)
            drawArrows(scene, into: &grid)
        }
        for panel in scene.panels {
            grid.place(render(panel.scene), column: panel.column, row: panel.row)
        }
        for strip in scene.sparklines where !strip.plotArea.isEmpty {
            drawRules(strip, into: &grid)
            drawMarks(strip, into: &grid)
        }
        if let box = scene.legendBox {
            // An inside legend stands on cleared cells, not over the data.
            let blank = String(repeating: " ", count: max(box.width, 0))
            for row in box.row..<(box.row + box.height) {
                grid.put(blank, column: box.column, row: row)
            }
        }
        for text in scene.texts {
            var style = CellStyle(
                foreground: text.color, background: text.background, bold: text.bold)
            if text.role == .yLabel || text.role == .xLabel { style.foreground = nil }
            if text.role == .colorKey, monochrome || raster.canvas == .ascii,
                let glyph = keyGlyph(text)
            {
                grid.put(String(glyph), column: text.column, row: text.row, style: style)
                continue
            }
            grid.put(text.text, column: text.column, row: text.row, style: style)
        }
        if !area.isEmpty { tintBands(scene, into: &grid) }
        if let selection = scene.selection, !area.isEmpty {
            let column = area.column + selection.dotX / scene.dotsPerCell.x
            for dotY in selection.dotYs.compactMap({ $0 })
            where dotY >= 0 && dotY < scene.plotDots.height {
                grid.restyle(column, area.row + dotY / scene.dotsPerCell.y) {
                    $0.inverse = true; $0.bold = true
                    if let color = selection.style.color { $0.foreground = color }
                }
            }
        }
        return grid
    }

    /// What a colour key shows without colour: its area's pattern, or its level's shade.
    private func keyGlyph(_ text: Scene.Text) -> Character? {
        if let pattern = text.pattern { return raster.pattern(pattern) }
        return text.shade.map { raster.shade(level: $0) }
    }

    /// Fills, bars, then lines and dots of `scene`'s layers, inside its plot area.
    private func drawMarks(_ scene: Scene, into grid: inout CellGrid) {
        drawBands(scene, into: &grid)
        drawFills(scene, into: &grid)
        var bars = Set<Int>()
        for layer in scene.layers {
            switch layer.marks {
            case .bars(let list):
                drawBars(list.filter { !$0.floating }, layer, scene, &grid, &bars)
                for bar in list where bar.floating {
                    drawFloatingBar(bar, layer, scene, &grid, &bars)
                }
            case .hbars(let list): drawHorizontalBars(list, layer, scene, &grid)
            case .boxes(let list): drawBoxes(list, layer, scene, &grid)
            case .whiskers(let list): drawWhiskers(list, layer, scene, &grid)
            case .pie(let pie): drawPie(pie, scene, &grid)
            case .cells(let cells): drawCells(cells, scene, &grid)
            case .polyline, .markers, .encodedMarkers: break
            }
        }
        drawDots(scene, into: &grid, over: bars)
    }

    private func drawFrame(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea, frame = scene.frame, glyphs = raster.frame
        let style = CellStyle(foreground: scene.theme.frame)
        let ticks = Set(frame.yTickRows)
        // A right axis of its own (`axis=right`) is ticked beside its own labels.
        let rightTicks =
            frame.rightTickDots.isEmpty
            ? ticks : Set(frame.rightTickDots.map { area.row + $0 / scene.dotsPerCell.y })
        for row in area.row..<(area.row + area.height) {
            if let column = frame.leftColumn {
                grid.set(
                    column, row, ticks.contains(row) ? glyphs.leftTick : glyphs.vertical,
                    style: style)
            }
            if let column = frame.rightColumn {
                grid.set(
                    column, row, rightTicks.contains(row) ? glyphs.rightTick : glyphs.vertical,
                    style: style)
            }
        }
        // Second axes outside the first (`axis=left2|right2`), each ticked at its own values.
        for axis in frame.outer {
            let rows = Set(axis.tickDots.map { area.row + $0 / scene.dotsPerCell.y })
            let tick = axis.right ? glyphs.rightTick : glyphs.leftTick
            for row in area.row..<(area.row + area.height) {
                grid.set(
                    axis.column, row, rows.contains(row) ? tick : glyphs.vertical, style: style)
            }
        }
        if let row = frame.bottomRow {
            let xTicks = Set(frame.xTickColumns)
            let top = frame.xAxisOnTop
            let tick = top ? glyphs.topTick : glyphs.bottomTick
            for column in area.column..<(area.column + area.width) {
                grid.set(
                    column, row, xTicks.contains(column) ? tick : glyphs.horizontal, style: style)
            }
            if let column = frame.leftColumn {
                grid.set(column, row, top ? glyphs.topLeft : glyphs.bottomLeft, style: style)
            }
            if let column = frame.rightColumn {
                grid.set(column, row, top ? glyphs.topRight : glyphs.bottomRight, style: style)
            }
        }
    }

    /// Fills bar cells with eighth blocks; records the full cells (dots drawn over them keep the
    /// bar's colour as background).
    private func drawBars(
        _ bars: [Scene.Bar], _ layer: Scene.Layer, _ scene: Scene, _ grid: inout CellGrid,
        _ full: inout Set<Int>
    ) {
        let area = scene.plotArea
        let style = CellStyle(foreground: layer.color)
        // One whole number of cells for every bar of the layer, so bars look alike, leaving a
        // blank cell between neighbours whenever a slot is two cells or wider.
        let wanted = Int(saturating: ((bars.first.map { $0.x1 - $0.x0 }) ?? 1).rounded())
        let slot = bars.first?.slot ?? 1
        // width=1: bars fill their slots and touch, as a histogram's do.
        let touching = bars.first.map { $0.x1 - $0.x0 >= $0.slot - 1e-9 } ?? false
        let cells =
            touching
            ? max(1, Int(saturating: slot.rounded()))
            : max(1, slot >= 2 ? min(wanted, Int(saturating: slot.rounded(.down)) - 1) : wanted)
        for bar in bars {
            var first = Int(saturating: ((bar.x0 + bar.x1) / 2 - Double(cells) / 2).rounded())
            first = min(max(first, 0), max(area.width - cells, 0))
            var last = min(first + cells - 1, area.width - 1)
            if touching {
                // Each bar from its slot's left edge to the next one's: no gaps, no overlap.
                (first, last) = barColumns(bar, width: area.width)
            }
            guard first <= last else { continue }
            for column in (area.column + first)...(area.column + last) {
                let capRow = drawBarColumn(bar, column, area, style, &grid, &full)
                if let outline = bar.outline, let row = capRow {
                    grid.restyle(column, row) { $0.foreground = outline }
                }
            }
        }
    }

    /// One column of a bar, from the zero line (at the nearest cell edge) to its top in eighth
    /// blocks; returns the row of its cap (where an outline colours it), if any.
    private func drawBarColumn(
        _ bar: Scene.Bar, _ column: Int, _ area: Scene.CellRect, _ style: CellStyle,
        _ grid: inout CellGrid, _ full: inout Set<Int>
    ) -> Int? {
        let edge = bar.base.rounded()
        let base = Int(saturating: edge)
        if bar.top < edge {
            let topCell = Int(saturating: bar.top.rounded(.down))
            let eighths = Int(saturating: ((Double(topCell + 1) - bar.top) * 8).rounded())
            if base - 1 > topCell {
                for r in (topCell + 1)..<base {
                    fill(column, area.row + r, raster.fullBlock, style, &grid, &full)
                }
            }
            guard topCell < base else { return nil }
            if eighths >= 1 {
                grid.set(
                    column, area.row + topCell, raster.lowerBlocks[min(eighths, 8) - 1],
                    style: style)
                if eighths >= 8 { full.insert(key(column, area.row + topCell, grid)) }
                return area.row + topCell
            }
            return topCell + 1 < base ? area.row + topCell + 1 : nil
        } else if bar.top > edge {
            let bottomCell = Int(saturating: bar.top.rounded(.down))
            let eighths = Int(saturating: ((bar.top - Double(bottomCell)) * 8).rounded())
            if bottomCell > base {
                for r in base..<bottomCell {
                    fill(column, area.row + r, raster.fullBlock, style, &grid, &full)
                }
            }
            if let glyph = raster.upperBlock(eighths: eighths), bottomCell < area.height {
                grid.set(column, area.row + bottomCell, glyph, style: style)
                return area.row + bottomCell
            }
            return bottomCell > base ? area.row + bottomCell - 1 : nil
        }
        return nil
    }

    func key(_ column: Int, _ row: Int, _ grid: CellGrid) -> Int {
        row * grid.width + column
    }

    func fill(
        _ column: Int, _ row: Int, _ glyph: Character, _ style: CellStyle, _ grid: inout CellGrid,
        _ full: inout Set<Int>
    ) {
        grid.set(column, row, glyph, style: style)
        full.insert(key(column, row, grid))
    }

    /// Rasterises every line and dot layer into one dot mask per cell; a cell shows the union
    /// of all layers' dots in the colour of the topmost layer that has a dot there.
    private func drawDots(_ scene: Scene, into grid: inout CellGrid, over bars: Set<Int>) {
        let area = scene.plotArea
        let dx = scene.dotsPerCell.x, dy = scene.dotsPerCell.y
        let widthDots = area.width * dx, heightDots = area.height * dy
        var masks = [UInt8](repeating: 0, count: area.width * area.height)
        var owner = [Int](repeating: -1, count: area.width * area.height)
        var glyphs = [Int: PlacedGlyph]()
        func plot(_ x: Int, _ y: Int, _ layer: Int) {
            guard x >= 0, y >= 0, x < widthDots, y < heightDots else { return }
            let cell = (y / dy) * area.width + x / dx
            masks[cell] |= UInt8(1 << ((x % dx) + (y % dy) * dx))
            owner[cell] = layer
        }
        for (index, layer) in scene.layers.enumerated() {
            switch layer.marks {
            case .polyline(let runs):
                // A dashed or dotted line leaves dots out along its length.
                let pattern = layer.dash?.dots
                for run in runs {
                    guard var previous = run.first else { continue }
                    var along = 0
                    func dot(_ x: Int, _ y: Int) {
                        defer { along += 1 }
                        if let pattern, along % (pattern.on + pattern.off) >= pattern.on { return }
                        plot(x, y, index)
                        if layer.thickness > 1 { plot(x, y + 1, index) }
                    }
                    dot(previous.x, previous.y)
                    for point in run.dropFirst() {
                        var first = true
                        Self.line(from: previous, to: point, near: (widthDots, heightDots)) {
                            x, y in
                            // Each segment starts where the last ended: that dot counts once.
                            if first {
                                first = false
                                if pattern != nil { return }
                            }
                            dot(x, y)
                        }
                        previous = point
                    }
                }
            case .markers, .encodedMarkers:
                placeMarkers(layer.marks, layer: index, scene, into: &glyphs)
            case .bars, .hbars, .boxes, .whiskers, .pie, .cells: break
            }
        }
        for row in 0..<area.height {
            for column in 0..<area.width {
                let cell = row * area.width + column
                let gx = area.column + column, gy = area.row + row
                if let placed = glyphs[cell], placed.layer >= owner[cell] {
                    let color = placed.color ?? scene.layers[placed.layer].color
                    grid.set(gx, gy, placed.glyph, style: CellStyle(foreground: color))
                    continue
                }
                guard masks[cell] != 0 else { continue }
                var style = CellStyle(foreground: scene.layers[owner[cell]].color)
                if bars.contains(gy * grid.width + gx) {
                    style.background = grid[gx, gy].style.foreground
                }
                grid.set(gx, gy, raster.glyph(masks[cell]), style: style)
            }
        }
    }

    /// Every dot on the segment from `a` to `b` (Bresenham): no gaps, however steep. A
    /// segment longer than 16 times the size of the area it is drawn `near` (`width ×
    /// height` dots) — a view far from the data — is first cut to the area widened by its
    /// size each side (Liang–Barsky), so it costs the dots near the area, not its length (it
    /// took minutes); every shorter one is drawn dot for dot as before.
    public static func line(
        from a: DotPoint, to b: DotPoint, near area: (width: Int, height: Int),
        _ body: (Int, Int) -> Void
    ) {
        let w = max(area.width, 1), h = max(area.height, 1)
        var (a, b) = (a, b)
        if max(abs(b.x - a.x), abs(b.y - a.y)) > 16 * (w + h) {
            // (y within 5 heights: the layout clamps its dots to 4.)
            guard let cut = clipped(a, b, x: -w...(2 * w), y: (-5 * h)...(6 * h)) else { return }
            (a, b) = cut
        }
        var x = a.x, y = a.y
        let dx = abs(b.x - a.x), dy = -abs(b.y - a.y)
        let sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1
        var error = dx + dy
        while true {
            body(x, y)
            if x == b.x && y == b.y { return }
            let e2 = 2 * error
            if e2 >= dy { error += dy; x += sx }
            if e2 <= dx { error += dx; y += sy }
        }
    }

    /// The part of the segment from `a` to `b` inside `x × y` (ends rounded to dots), the
    /// segment itself when both ends are inside; nil when none of it is.
    static func clipped(
        _ a: DotPoint, _ b: DotPoint, x xs: ClosedRange<Int>, y ys: ClosedRange<Int>
    ) -> (DotPoint, DotPoint)? {
        func inside(_ p: DotPoint) -> Bool { xs.contains(p.x) && ys.contains(p.y) }
        if inside(a) && inside(b) { return (a, b) }
        let (x0, y0) = (Double(a.x), Double(a.y))
        let (dx, dy) = (Double(b.x) - x0, Double(b.y) - y0)
        var t0 = 0.0, t1 = 1.0
        // Each edge: p·t ≤ q keeps the part on the inside.
        let edges = [
            (-dx, x0 - Double(xs.lowerBound)), (dx, Double(xs.upperBound) - x0),
            (-dy, y0 - Double(ys.lowerBound)), (dy, Double(ys.upperBound) - y0),
        ]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }
            } else if p < 0 {
                t0 = max(t0, q / p)
            } else {
                t1 = min(t1, q / p)
            }
            if t0 > t1 { return nil }
        }
        func point(_ t: Double) -> DotPoint {
            DotPoint(x: Int((x0 + t * dx).rounded()), y: Int((y0 + t * dy).rounded()))
        }
        return (t0 == 0 ? a : point(t0), t1 == 1 ? b : point(t1))
    }
}
