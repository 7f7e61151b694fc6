import ChartbookModel
import ChartbookScene

/// Areas in the terminal: fills down to a baseline and bands between two edges, shaded.
extension TerminalRenderer {
    /// Shades the cells of each layer's band (`Scene.Band`: a trend's confidence band, a
    /// stacked area's part, a violin) between its edges, joined straight between points,
    /// before the lines are drawn over it, in the band's (translucent) colour as a fill's
    /// shade is; without colour, a stacked part's band in its pattern (`Scene.Layer.pattern`).
    func drawBands(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        let glyph = Glyphs(asciiOnly: raster.canvas == .ascii).fill
        for layer in scene.layers {
            guard let band = layer.band else { continue }
            let glyph = monochrome ? layer.pattern.map(raster.pattern) ?? glyph : glyph
            // Along x: per cell column, the rows between the edges; along y: per cell row,
            // the columns.
            let (along, across) =
                band.alongY
                ? (scene.dotsPerCell.y, scene.dotsPerCell.x)
                : (scene.dotsPerCell.x, scene.dotsPerCell.y)
            let count = band.alongY ? area.height : area.width
            let limit = band.alongY ? area.width : area.height
            var low = [Int](repeating: Int.max, count: count)
            var high = [Int](repeating: Int.min, count: count)
            for run in band.runs {
                for (a, b) in zip(run, run.dropFirst().isEmpty ? run : Array(run.dropFirst())) {
                    Self.spanEdges(a, b, within: 0...(count * along - 1)) { at, from, to in
                        let c = at / along
                        guard c >= 0, c < count else { return }
                        low[c] = min(low[c], min(from, to))
                        high[c] = max(high[c], max(from, to))
                    }
                }
            }
            for c in 0..<count where low[c] != Int.max {
                let first = max(low[c] / across, 0), last = min(high[c] / across, limit - 1)
                guard first <= last else { continue }
                for k in first...last {
                    let (gx, gy) = band.alongY ? (k, c) : (c, k)
                    shade(area.column + gx, area.row + gy, band.color, glyph, scene, &grid)
                }
            }
        }
    }

    /// Every dot from `a` to `b` along the band, among `within` (the area's: a band far out
    /// of view costs nothing), with its edges there (rounded to dots), straight between them.
    static func spanEdges(
        _ a: Scene.Band.Point, _ b: Scene.Band.Point, within: ClosedRange<Int>,
        _ visit: (Int, Int, Int) -> Void
    ) {
        func dots(_ p: Scene.Band.Point) -> (at: Int, from: Int, to: Int) {
            (Int(p.at.rounded()), Int(p.from.rounded()), Int(p.to.rounded()))
        }
        let (a, b) = (dots(a), dots(b))
        let (first, last) = a.at <= b.at ? (a, b) : (b, a)
        let steps = last.at - first.at
        guard steps > 0 else {
            if within.contains(a.at) { visit(a.at, min(a.from, b.from), max(a.to, b.to)) }
            return
        }
        let low = max(0, within.lowerBound - first.at),
            high = min(steps, within.upperBound - first.at)
        guard low <= high else { return }
        for i in low...high {
            let t = Double(i) / Double(steps)
            func mix(_ p: Int, _ q: Int) -> Int {
                Int((Double(p) + (Double(q) - Double(p)) * t).rounded())
            }
            visit(first.at + i, mix(first.from, last.from), mix(first.to, last.to))
        }
    }

    /// Shades the cells between each filled line and its baseline. Cells that already hold a
    /// reference line keep it, over a dim background of the fill colour, as if the fill were
    /// translucent.
    func drawFills(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        let dx = scene.dotsPerCell.x, dy = scene.dotsPerCell.y
        let glyph = Glyphs(asciiOnly: raster.canvas == .ascii).fill
        for layer in scene.layers {
            guard let fill = layer.fill, case .polyline(let runs) = layer.marks else { continue }
            var top = [Int](repeating: Int.max, count: area.width)
            var bottom = [Int](repeating: Int.min, count: area.width)
            for run in runs {
                guard var previous = run.first else { continue }
                // A lone point is a segment to itself; otherwise the run's own segments (not
                // one back from the last point to the first, which cut the fill short).
                for point in run.count == 1 ? run : Array(run.dropFirst()) {
                    Self.line(from: previous, to: point, near: (area.width * dx, area.height * dy))
                    {
                        x, y in
                        let c = x / dx
                        guard c >= 0, c < area.width else { return }
                        top[c] = min(top[c], y)
                        bottom[c] = max(bottom[c], y)
                    }
                    previous = point
                }
            }
            let baseRow = min(max(fill.baselineDotY / dy, 0), area.height - 1)
            for c in 0..<area.width where top[c] != Int.max {
                let rows: ClosedRange<Int>?
                if fill.baselineDotY >= bottom[c] {
                    let first = bottom[c] / dy + 1
                    rows = first <= baseRow ? first...baseRow : nil
                } else if fill.baselineDotY < top[c] {
                    let last = top[c] / dy - 1
                    rows = baseRow <= last ? baseRow...last : nil
                } else {
                    rows = nil
                }
                guard let rows else { continue }
                for r in rows where r >= 0 && r < area.height {
                    let color = Self.paint(fill.paint, row: r, of: area.height)
                    shade(area.column + c, area.row + r, color, glyph, scene, &grid)
                }
            }
        }
    }

    /// A light shade in `color` on an empty cell; a cell that holds something (a reference
    /// line) keeps it over a dim background of the colour, as if the shade were translucent.
    func shade(
        _ gx: Int, _ gy: Int, _ color: Color, _ glyph: Character, _ scene: Scene,
        _ grid: inout CellGrid
    ) {
        if grid[gx, gy].character == " " {
            grid.set(gx, gy, glyph, style: CellStyle(foreground: color))
        } else {
            // A light shade covers about a quarter of the cell: match that density.
            var dim = color
            dim.alpha *= 0.3
            grid.restyle(gx, gy) { $0.background = dim.flattened(over: scene.theme.background) }
        }
    }

    /// The fill colour at `row` of `height` rows: solid, or interpolated top to bottom.
    static func paint(_ paint: Scene.Fill.Paint, row: Int, of height: Int) -> Color {
        switch paint {
        case .solid(let color): return color
        case .gradient(let start, let end, _):
            let t = height > 1 ? Double(row) / Double(height - 1) : 0
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
            }
            return Color(
                red: mix(start.red, end.red), green: mix(start.green, end.green),
                blue: mix(start.blue, end.blue),
                alpha: start.alpha + (end.alpha - start.alpha) * t)
        }
    }
}
