import ChartbookModel
import ChartbookScene

/// Category names in SVG (issue 31): where the terminal's row of x labels had to thin or cut
/// them, every category is named whole, slanted at 45° under its tick (ending at it, as
/// gnuplot's `rotate by 45 right` and matplotlib's `rotation=45, ha="right"` do). The image
/// grows downward by what the slant needs; rows under the labels move down with it.
extension SVGRenderer {
    /// One slanted name: its text, the pixel x of its tick and its width in pixels.
    struct SlantedName {
        var text: String
        var x: Double
    }

    static let slant = 0.7071067811865476  // sin 45° = cos 45°

    /// The names drawn: as many as fit a line apart along the axis, each cut so that it
    /// does not run past the image's left edge.
    func slantedNames(_ scene: Scene) -> [SlantedName] {
        guard let names = scene.categoryNames?.names, !names.isEmpty else { return [] }
        let left = Double(scene.plotArea.column) * cellWidth
        let perDot = cellWidth / Double(scene.dotsPerCell.x)
        let xs = names.map { left + $0.dotX * perDot }
        // Neighbouring slanted lines stay a line apart: their ticks ≥ fontSize / sin 45°.
        let gap = xs.count > 1 ? (xs[xs.count - 1] - xs[0]) / Double(xs.count - 1) : .infinity
        let wanted = gap > 0 ? (fontSize * 1.1 / Self.slant / gap).rounded(.up) : .infinity
        let every = max(1, Int(saturating: wanted))
        return stride(from: 0, to: names.count, by: every).map { k in
            let room = Int(saturating: ((xs[k] + margin) / Self.slant - fontSize) / cellWidth)
            return SlantedName(
                text: TextMetrics.truncated(names[k].text, toWidth: max(1, room)), x: xs[k])
        }
    }

    /// How many pixels the slanted names need beyond their row (0 without them).
    func slantExtra(_ names: [SlantedName]) -> Double {
        let longest = names.map { Double(TextMetrics.width(of: $0.text)) * cellWidth }.max() ?? 0
        guard longest > 0 else { return 0 }
        return max(0, ((longest + fontSize) * Self.slant + 4 - cellHeight).rounded(.up))
    }

    /// The names and a tick for each, under the axis.
    func slantedNameTexts(_ names: [SlantedName], _ scene: Scene, _ out: inout SVGWriter) {
        guard let row = scene.categoryNames?.row else { return }
        let top = Double(row) * cellHeight + 4
        let axis = Double(row) * cellHeight - cellHeight + 0.5
        var ticks = ""
        for name in names {
            ticks += "M\(n(name.x)) \(n(axis))v\(n(cellWidth / 2))"
            out.line(
                "<text class=\"x-label\" x=\"\(n(name.x))\" y=\"\(n(top))\" dy=\"\(n(fontSize * 0.75))\" text-anchor=\"end\" transform=\"rotate(-45 \(n(name.x)) \(n(top)))\" fill=\"\(scene.theme.text.hexOpaque)\" xml:space=\"preserve\">\(SVGWriter.escape(name.text))</text>"
            )
        }
        if !ticks.isEmpty {
            out.line(
                "<path d=\"\(ticks)\" stroke=\"\(scene.theme.frame.hexOpaque)\" fill=\"none\"/>")
        }
    }
}
