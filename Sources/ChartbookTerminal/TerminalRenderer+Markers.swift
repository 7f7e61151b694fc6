import ChartbookModel
import ChartbookScene

/// Dot plots' markers: a whole-cell glyph each, in the cell of its point — a shape, or with
/// channels (`Scene.EncodedMarker`) a point's own shape, size glyph and colour.
extension TerminalRenderer {
    /// The glyph a marker put in a cell, the layer it belongs to, its own colour (nil: the
    /// layer's) and its size level (a larger one wins a cell two points of a layer share).
    struct PlacedGlyph {
        var glyph: Character
        var layer: Int
        var color: Color? = nil
        var level = 0
    }

    /// The cells the markers of layer `index` take, over those placed before (by cell: row ×
    /// plot-area width + column); other marks place none.
    func placeMarkers(
        _ marks: Scene.Layer.Marks, layer index: Int, _ scene: Scene,
        into glyphs: inout [Int: PlacedGlyph]
    ) {
        let area = scene.plotArea
        let (dx, dy) = (scene.dotsPerCell.x, scene.dotsPerCell.y)
        func cell(_ p: DotPoint) -> Int? {
            guard p.x >= 0, p.y >= 0, p.x < area.width * dx, p.y < area.height * dy else {
                return nil
            }
            return (p.y / dy) * area.width + p.x / dx
        }
        switch marks {
        case .markers(let points, let marker):
            // `size=` on circles: `· • ● ⬤`, the plain circle at level 2 on every canvas.
            let level = scene.layers[index].markerLevel
            let glyph =
                level.flatMap { $0 == 2 ? nil : raster.sizeGlyph($0) } ?? raster.marker(marker)
            for p in points {
                if let c = cell(p) { glyphs[c] = PlacedGlyph(glyph: glyph, layer: index) }
            }
        case .encodedMarkers(let markers, let marker):
            let shape = raster.marker(marker)
            for m in markers {
                guard let c = cell(m.point) else { continue }
                let level = m.level ?? 0
                if let held = glyphs[c], held.layer == index, held.level > level { continue }
                let glyph =
                    m.level.map { raster.sizeGlyph($0) } ?? m.shape.map(raster.marker) ?? shape
                glyphs[c] = PlacedGlyph(glyph: glyph, layer: index, color: m.color, level: level)
            }
        default: break
        }
    }

    /// `last=on`: a whole-cell dot on each line's last point, in its colour.
    func drawLastPoints(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        for layer in scene.layers {
            guard let last = layer.last else { continue }
            grid.set(
                area.column + last.dot.x / scene.dotsPerCell.x,
                area.row + last.dot.y / scene.dotsPerCell.y, raster.marker(.circle),
                style: CellStyle(foreground: layer.color, bold: true))
        }
    }
}
