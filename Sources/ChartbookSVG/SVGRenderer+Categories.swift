import ChartbookModel
import ChartbookScene
import Foundation

/// Slanted x labels in SVG. Category names (issue 31): where the terminal's row of x labels
/// had to thin or cut them, every category is named whole, slanted at 45° under its tick
/// (ending at it, as gnuplot's `rotate by 45 right` and matplotlib's `rotation=45,
/// ha="right"` do). `set xaxis angle=N` (issue 51) slants the labels the terminal placed by N
/// degrees (the names whole). The image grows downward by what the slant needs; rows under
/// the labels move down with it.
extension SVGRenderer {
    /// One slanted name: its text, the pixel x of its tick and its width in pixels.
    struct SlantedName {
        var text: String
        var x: Double
    }

    /// The slant in degrees: `set xaxis angle=`, else 45° for category names the terminal
    /// thinned or cut, else none.
    func slantDegrees(_ scene: Scene) -> Int {
        scene.xLabelAngle > 0 ? scene.xLabelAngle : scene.categoryNames == nil ? 0 : 45
    }

    /// The row of the x labels the slanted names replace.
    func slantRow(_ scene: Scene) -> Int? {
        scene.categoryNames?.row ?? scene.texts.first { $0.role == .xLabel }?.row
    }

    /// The names drawn: every category's (thinned to a line apart along the axis), or the x
    /// labels the layout placed; each cut so that it does not run past the image's left edge.
    func slantedNames(_ scene: Scene) -> [SlantedName] {
        let degrees = slantDegrees(scene)
        guard degrees > 0 else { return [] }
        let left = Double(scene.plotArea.column) * cellWidth
        let perDot = cellWidth / Double(scene.dotsPerCell.x)
        let named: [(text: String, x: Double)]
        if let names = scene.categoryNames?.names {
            named = names.map { ($0.text, left + $0.dotX * perDot) }
        } else {
            named = zip(scene.frame.xTicks, scene.frame.xTickDots).map {
                ($0.label, left + (Double($1) + 0.5) * perDot)
            }
        }
        guard !named.isEmpty else { return [] }
        let (sine, cosine) = Self.sineAndCosine(degrees)
        // Neighbouring slanted lines stay a line apart: their ticks ≥ fontSize / sin θ.
        let xs = named.map(\.x)
        let gap = xs.count > 1 ? (xs[xs.count - 1] - xs[0]) / Double(xs.count - 1) : .infinity
        let wanted = gap > 0 ? (fontSize * 1.1 / sine / gap).rounded(.up) : .infinity
        let every = scene.categoryNames == nil ? 1 : max(1, Int(saturating: wanted))
        return stride(from: 0, to: named.count, by: every).map { k in
            let reach = cosine > 1e-9 ? (xs[k] + margin) / cosine : .infinity
            let room = Int(saturating: ((reach - fontSize) / cellWidth).rounded(.down))
            return SlantedName(
                text: TextMetrics.truncated(named[k].text, toWidth: max(1, room)), x: xs[k])
        }
    }

    /// sin θ and cos θ of a whole number of degrees (45° exactly √½, as before).
    static func sineAndCosine(_ degrees: Int) -> (Double, Double) {
        if degrees == 45 { return (0.7071067811865476, 0.7071067811865476) }
        let radians = Double(degrees) * Double.pi / 180
        return (sin(radians), cos(radians))
    }

    /// How many pixels the slanted names need beyond their row (0 without them).
    func slantExtra(_ names: [SlantedName], _ scene: Scene) -> Double {
        let longest = names.map { Double(TextMetrics.width(of: $0.text)) * cellWidth }.max() ?? 0
        guard longest > 0 else { return 0 }
        let (sine, cosine) = Self.sineAndCosine(slantDegrees(scene))
        return max(0, (longest * sine + fontSize * max(cosine, sine) + 4 - cellHeight).rounded(.up))
    }

    /// The names and a tick for each, under the axis.
    func slantedNameTexts(_ names: [SlantedName], _ scene: Scene, _ out: inout SVGWriter) {
        guard let row = slantRow(scene) else { return }
        let degrees = slantDegrees(scene)
        let top = Double(row) * cellHeight + 4
        let axis = Double(row) * cellHeight - cellHeight + 0.5
        var ticks = ""
        for name in names {
            ticks += "M\(n(name.x)) \(n(axis))v\(n(cellWidth / 2))"
            out.line(
                "<text class=\"x-label\" x=\"\(n(name.x))\" y=\"\(n(top))\" dy=\"\(n(fontSize * 0.75))\" text-anchor=\"end\" transform=\"rotate(-\(degrees) \(n(name.x)) \(n(top)))\" fill=\"\(scene.theme.text.hexOpaque)\" xml:space=\"preserve\">\(SVGWriter.escape(name.text))</text>"
            )
        }
        if !ticks.isEmpty {
            out.line(
                "<path d=\"\(ticks)\" stroke=\"\(scene.theme.frame.hexOpaque)\" fill=\"none\"/>")
        }
    }
}
