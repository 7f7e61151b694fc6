import ChartbookModel
import ChartbookScene
import Foundation

/// Arrows written onto the chart (`add arrow`, issue 29), in the terminal.
extension TerminalRenderer {
    /// Arrows (`add arrow`), over the data: a dot line in the arrow's colour (dashed or
    /// dotted as its style says; on braille its dots join the data's in a shared cell) and a
    /// head glyph pointing its way in the cell of its point.
    func drawArrows(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        let dx = scene.dotsPerCell.x, dy = scene.dotsPerCell.y
        for arrow in scene.arrows {
            var masks = [Int: UInt8]()
            var along = 0
            let pattern: (on: Int, off: Int)? =
                switch arrow.style {
                case .solid: nil
                case .dashed: (4, 2)
                case .dotted: (1, 1)
                }
            Self.line(from: arrow.from, to: arrow.to, near: (area.width * dx, area.height * dy)) {
                x, y in
                defer { along += 1 }
                if let pattern, along % (pattern.on + pattern.off) >= pattern.on { return }
                guard x >= 0, y >= 0, x < area.width * dx, y < area.height * dy else { return }
                masks[(y / dy) * area.width + x / dx, default: 0] |= UInt8(
                    1 << ((x % dx) + (y % dy) * dx))
            }
            let style = CellStyle(foreground: arrow.color)
            for (cell, mask) in masks {
                let column = area.column + cell % area.width, row = area.row + cell / area.width
                grid.set(
                    column, row, merged(raster.glyph(mask), grid[column, row].character),
                    style: style)
            }
            if arrow.head {
                let direction = Self.direction(
                    from: arrow.from, to: arrow.to, dots: scene.dotsPerCell)
                let glyphs: [Character] =
                    raster.canvas == .ascii
                    ? [">", "/", "^", "\\", "<", "/", "v", "\\"]
                    : ["→", "↗", "↑", "↖", "←", "↙", "↓", "↘"]
                grid.set(
                    area.column + arrow.to.x / dx, area.row + arrow.to.y / dy, glyphs[direction],
                    style: style)
            }
        }
    }

    /// Braille dots of `glyph` joined with those of `under` when both are braille; else
    /// `glyph`.
    private func merged(_ glyph: Character, _ under: Character) -> Character {
        guard raster.canvas == .braille, let a = glyph.unicodeScalars.first?.value,
            let b = under.unicodeScalars.first?.value, (0x2800...0x28FF).contains(a),
            (0x2800...0x28FF).contains(b), let joined = Unicode.Scalar(0x2800 | ((a | b) & 0xFF))
        else { return glyph }
        return Character(joined)
    }

    /// Which of eight directions (0 = right, counter-clockwise in steps of 45°) the segment
    /// from `a` to `b` points, in screen proportions (a cell is about twice as tall as wide).
    static func direction(from a: DotPoint, to b: DotPoint, dots: DotDensity) -> Int {
        // Dots to cells, then cells to screen units (a cell is 1 wide, 2 tall).
        let x = Double(b.x - a.x) / Double(dots.x)
        let y = -Double(b.y - a.y) / Double(dots.y) * 2
        let angle = atan2(y, x)
        let sector = Int((angle / (.pi / 4)).rounded())
        return (sector + 8) % 8
    }
}
