import ChartbookModel
import ChartbookScene

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
}
