import ChartbookModel
import ChartbookScene

extension TerminalRenderer {
    /// Shades the cells of each layer's band (`Scene.Band`: a trend's confidence band) from
    /// its upper edge to its lower one, the edges joined straight between points, before
    /// the lines are drawn over it, in the band's (translucent) colour as a fill's shade is;
    /// without colour, a stacked part's band in its pattern (`Scene.Layer.pattern`).
    func drawBands(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        let dx = scene.dotsPerCell.x, dy = scene.dotsPerCell.y
        let glyph = Glyphs(asciiOnly: raster.canvas == .ascii).fill
        for layer in scene.layers {
            guard let band = layer.band else { continue }
            let glyph = monochrome ? layer.pattern.map(raster.pattern) ?? glyph : glyph
            var top = [Int](repeating: Int.max, count: area.width)
            var bottom = [Int](repeating: Int.min, count: area.width)
            for run in band.runs {
                for (a, b) in zip(run, run.dropFirst().isEmpty ? run : Array(run.dropFirst())) {
                    Self.spanColumns(a, b) { x, upper, lower in
                        let c = x / dx
                        guard c >= 0, c < area.width else { return }
                        top[c] = min(top[c], upper)
                        bottom[c] = max(bottom[c], lower)
                    }
                }
            }
            for c in 0..<area.width where top[c] != Int.max {
                let first = max(top[c] / dy, 0), last = min(bottom[c] / dy, area.height - 1)
                guard first <= last else { continue }
                for r in first...last {
                    shade(area.column + c, area.row + r, band.color, glyph, scene, &grid)
                }
            }
        }
    }

    /// Every dot column from `a` to `b` with the edges' rows there, straight between them.
    static func spanColumns(
        _ a: Scene.Band.Point, _ b: Scene.Band.Point, _ visit: (Int, Int, Int) -> Void
    ) {
        let steps = b.x - a.x
        guard steps > 0 else {
            visit(a.x, min(a.top, b.top), max(a.bottom, b.bottom))
            return
        }
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            func mix(_ p: Int, _ q: Int) -> Int {
                Int((Double(p) + (Double(q) - Double(p)) * t).rounded())
            }
            visit(a.x + i, mix(a.top, b.top), mix(a.bottom, b.bottom))
        }
    }
}
