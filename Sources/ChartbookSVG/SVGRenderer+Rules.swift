import ChartbookModel
import ChartbookScene

/// Lines across and down the plot area in SVG — the grid and marked lines, the x grid,
/// marked lines and bands at x values, arrows, clip marks — and the selection's line and
/// rings.
extension SVGRenderer {
    func dash(_ style: RuleStyle) -> String {
        switch style {
        case .solid: ""
        case .dashed: " stroke-dasharray=\"6 4\""
        case .dotted: " stroke-dasharray=\"1 3\" stroke-linecap=\"round\""
        }
    }

    /// The x grid (`set grid x`): dotted lines down the plot area at the x ticks.
    func gridDown(_ scene: Scene, _ out: inout SVGWriter) {
        let a = area(scene), color = scene.theme.grid
        for dot in scene.xGridDots {
            let x = px(Double(dot), scene)
            out.line(
                "<line x1=\"\(n(x))\" y1=\"\(n(a.y))\" x2=\"\(n(x))\" y2=\"\(n(a.y + a.h))\" stroke=\"\(color.hexOpaque)\"\(opacity(color, "stroke-opacity")) stroke-width=\"1\"\(dash(.dotted))/>"
            )
        }
    }

    func rules(_ scene: Scene, kind: Set<Scene.Rule.Kind>, _ out: inout SVGWriter) {
        let a = area(scene)
        for rule in scene.rules where kind.contains(rule.kind) {
            let y = py(Double(rule.dotY), scene)
            let width = rule.width ?? (rule.kind == .marked ? 1.5 : 1)
            out.line(
                "<line x1=\"\(n(a.x))\" y1=\"\(n(y))\" x2=\"\(n(a.x + a.w))\" y2=\"\(n(y))\" stroke=\"\(rule.color.hexOpaque)\"\(opacity(rule.color, "stroke-opacity")) stroke-width=\"\(n(width))\"\(dash(rule.style))/>"
            )
        }
    }

    /// Small triangles on the plot area's edge where visible data lies beyond a fixed range.
    func clipMarks(_ scene: Scene, _ out: inout SVGWriter) {
        let a = area(scene), r = cellWidth / 3
        for mark in scene.clipMarks {
            let x = a.x + (Double(mark.column) + 0.5) * cellWidth
            let d =
                mark.above
                ? "M\(n(x)) \(n(a.y))L\(n(x + r)) \(n(a.y + r * 1.5))L\(n(x - r)) \(n(a.y + r * 1.5))Z"
                : "M\(n(x)) \(n(a.y + a.h))L\(n(x + r)) \(n(a.y + a.h - r * 1.5))L\(n(x - r)) \(n(a.y + a.h - r * 1.5))Z"
            out.line("<path d=\"\(d)\" fill=\"\(mark.color.hexOpaque)\"/>")
        }
    }

    /// Shaded bands between two x values, behind the grid and the data.
    func bands(_ scene: Scene, _ out: inout SVGWriter) {
        let a = area(scene)
        for band in scene.xBands {
            let x0 = px(Double(band.dots.lowerBound), scene)
            let x1 = px(Double(band.dots.upperBound), scene)
            out.line(
                "<rect x=\"\(n(x0))\" y=\"\(n(a.y))\" width=\"\(n(max(x1 - x0, 1)))\" height=\"\(n(a.h))\" fill=\"\(band.color.hexOpaque)\" fill-opacity=\"0.18\"/>"
            )
        }
    }

    /// Marked lines at x values, as wide as marked lines across: those under the data or
    /// those over it (`Scene.VerticalRule.overData`).
    func verticalRules(_ scene: Scene, overData: Bool, _ out: inout SVGWriter) {
        let a = area(scene)
        for rule in scene.verticalRules where rule.overData == overData {
            let x = px(Double(rule.dotX), scene)
            out.line(
                "<line x1=\"\(n(x))\" y1=\"\(n(a.y))\" x2=\"\(n(x))\" y2=\"\(n(a.y + a.h))\" stroke=\"\(rule.color.hexOpaque)\"\(opacity(rule.color, "stroke-opacity")) stroke-width=\"\(n(rule.width ?? 1.5))\"\(dash(rule.style))/>"
            )
        }
    }

    /// Arrows (`add arrow`) over the data: a line, and where the arrow's point is its own a
    /// filled head (a triangle 9 px long) whose tip is that point.
    func arrows(_ scene: Scene, _ out: inout SVGWriter) {
        for arrow in scene.arrows {
            let (x1, y1) = (px(Double(arrow.from.x), scene), py(Double(arrow.from.y), scene))
            let (x2, y2) = (px(Double(arrow.to.x), scene), py(Double(arrow.to.y), scene))
            let length = ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot()
            guard length > 0 else { continue }
            let (ux, uy) = ((x2 - x1) / length, (y2 - y1) / length)
            let head = arrow.head ? min(9, length) : 0
            // The line ends where the head begins, so a dash never shows through it.
            let (ex, ey) = (x2 - ux * head, y2 - uy * head)
            let color = arrow.color
            out.line(
                "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(ex))\" y2=\"\(n(ey))\" stroke=\"\(color.hexOpaque)\"\(opacity(color, "stroke-opacity")) stroke-width=\"1.5\"\(dash(arrow.style))/>"
            )
            guard arrow.head else { continue }
            let half = head * 0.45
            let points = [
                (x2, y2), (ex - uy * half, ey + ux * half), (ex + uy * half, ey - ux * half),
            ].map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
            out.line(
                "<polygon points=\"\(points)\" fill=\"\(color.hexOpaque)\"\(opacity(color, "fill-opacity"))/>"
            )
        }
    }

    func selectionColumn(_ scene: Scene, _ out: inout SVGWriter) {
        guard let s = scene.selection, s.style.line != SelectionStyle.Line.none else { return }
        let a = area(scene), x = px(Double(s.dotX), scene)
        let color = (s.style.color ?? scene.theme.grid).hexOpaque
        // The default line is dashed 3 3; a chosen stroke is drawn as reference lines are.
        let stroke = s.style.line?.rule.map(dash) ?? " stroke-dasharray=\"3 3\""
        out.line(
            "<line x1=\"\(n(x))\" y1=\"\(n(a.y))\" x2=\"\(n(x))\" y2=\"\(n(a.y + a.h))\" stroke=\"\(color)\" stroke-width=\"1\"\(stroke)/>"
        )
    }

    func selectionPoints(_ scene: Scene, _ out: inout SVGWriter) {
        guard let s = scene.selection else { return }
        let x = px(Double(s.dotX), scene)
        for (layer, dotY) in zip(scene.layers, s.dotYs) {
            guard let dotY else { continue }
            out.line(
                "<circle cx=\"\(n(x))\" cy=\"\(n(py(Double(dotY), scene)))\" r=\"\(n(cellWidth * 0.6))\" fill=\"\(scene.theme.background.hexOpaque)\" stroke=\"\((s.style.color ?? layer.color).hexOpaque)\" stroke-width=\"2\"/>"
            )
        }
    }
}
