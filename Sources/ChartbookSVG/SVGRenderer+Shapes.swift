import ChartbookModel
import ChartbookScene
import Foundation

/// The marks of the chart kinds beyond lines, dots and bars, as vectors.
extension SVGRenderer {
    /// Horizontal bars: rows are `x0..<x1`, columns `base`…`top`.
    func horizontalBars(
        _ bars: [Scene.Bar], _ layer: Scene.Layer, _ scene: Scene, _ out: inout SVGWriter
    ) {
        let a = area(scene)
        openGroup(
            layer, "fill=\"\(layer.color.hexOpaque)\"\(opacity(layer.color, "opacity"))", &out)
        for bar in bars {
            let x = a.x + min(bar.base, bar.top) * cellWidth
            let w = abs(bar.top - bar.base) * cellWidth
            let y = a.y + bar.x0 * cellHeight, h = (bar.x1 - bar.x0) * cellHeight
            guard w > 0, h > 0 else { continue }
            out.line("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\"/>")
        }
        out.line("</g>")
    }

    /// Boxes and candles: a whisker line, the body (outlined when hollow), the median line,
    /// outliers as small open circles.
    func boxes(_ boxes: [Scene.Box], _ layer: Scene.Layer, _ scene: Scene, _ out: inout SVGWriter) {
        let a = area(scene)
        let stroke = max(cellWidth / 8 * 1.5, 1)
        openGroup(layer, "stroke-width=\"\(n(stroke))\"", &out)
        for box in boxes {
            let color = (box.color ?? layer.color).hexOpaque
            let x0 = a.x + box.x0 * cellWidth, x1 = a.x + box.x1 * cellWidth
            let cx = (x0 + x1) / 2
            let y = { (row: Double) in a.y + row * self.cellHeight }
            out.line(
                "<line x1=\"\(n(cx))\" y1=\"\(n(y(box.whiskerTop)))\" x2=\"\(n(cx))\" y2=\"\(n(y(box.whiskerBottom)))\" stroke=\"\(color)\"/>"
            )
            let fill = box.hollow || box.median != nil ? scene.theme.background.hexOpaque : color
            let height = max(y(box.bodyBottom) - y(box.bodyTop), 1)
            out.line(
                "<rect x=\"\(n(x0))\" y=\"\(n(y(box.bodyTop)))\" width=\"\(n(x1 - x0))\" height=\"\(n(height))\" fill=\"\(fill)\" stroke=\"\(color)\"/>"
            )
            if let median = box.median {
                out.line(
                    "<line x1=\"\(n(x0))\" y1=\"\(n(y(median)))\" x2=\"\(n(x1))\" y2=\"\(n(y(median)))\" stroke=\"\(color)\" stroke-width=\"\(n(stroke * 2))\"/>"
                )
            }
            for outlier in box.outliers {
                out.line(
                    "<circle cx=\"\(n(cx))\" cy=\"\(n(y(outlier)))\" r=\"\(n(cellWidth / 3))\" fill=\"none\" stroke=\"\(color)\"/>"
                )
            }
        }
        out.line("</g>")
    }

    /// Error bars: a whisker from low to high with a cap at each end, and a dot at the value
    /// (on its dot row, as the terminal places it).
    func whiskers(
        _ whiskers: [Scene.Whisker], _ layer: Scene.Layer, _ scene: Scene, _ out: inout SVGWriter
    ) {
        let a = area(scene)
        let color = layer.color.hexOpaque
        openGroup(layer, "stroke=\"\(color)\" stroke-width=\"1.5\" fill=\"\(color)\"", &out)
        for w in whiskers {
            let cx = a.x + w.center * cellWidth
            let (x0, x1) = (cx - w.half * cellWidth, cx + w.half * cellWidth)
            let y = { (row: Double) in a.y + row * self.cellHeight }
            var d = "M\(n(cx)) \(n(y(w.high)))V\(n(y(w.low)))"
            if x1 - x0 >= 2 {
                d += "M\(n(x0)) \(n(y(w.high)))H\(n(x1))M\(n(x0)) \(n(y(w.low)))H\(n(x1))"
            }
            out.line("<path d=\"\(d)\" fill=\"none\"/>")
            out.line(
                "<circle cx=\"\(n(cx))\" cy=\"\(n(py(Double(w.dotY), scene)))\" r=\"\(n(cellWidth / 3))\" stroke=\"none\"/>"
            )
        }
        out.line("</g>")
    }

    /// Pie and donut slices as arcs; the selected slice pulled out a little.
    func pie(_ pie: Scene.Pie, _ layer: Scene.Layer, _ scene: Scene, _ out: inout SVGWriter) {
        openGroup(layer, "stroke=\"\(scene.theme.background.hexOpaque)\" stroke-width=\"1\"", &out)
        for slice in pie.slices where slice.end > slice.start {
            var frame = pie.frame
            if slice.exploded {
                let middle = frame.position(turn: (slice.start + slice.end) / 2, scale: 0.06)
                (frame.centerColumn, frame.centerRow) = middle
            }
            out.line(
                "<path d=\"\(slicePath(slice, frame, inner: pie.inner, scene))\" fill=\"\(slice.color.hexOpaque)\"\(opacity(slice.color, "fill-opacity"))/>"
            )
        }
        out.line("</g>")
    }

    /// The outline of one slice: along the rim, back along the hole (or to the centre).
    func slicePath(_ slice: Scene.Pie.Slice, _ frame: RadialFrame, inner: Double, _ scene: Scene)
        -> String
    {
        let a = area(scene)
        let rx = frame.radiusColumns * cellWidth, ry = frame.radiusRows * cellHeight
        func point(_ turn: Double, _ scale: Double) -> String {
            let p = frame.position(turn: turn, scale: scale)
            return "\(n(a.x + p.column * cellWidth)) \(n(a.y + p.row * cellHeight))"
        }
        // A whole circle is two half arcs (one arc cannot start and end at the same point).
        let span = slice.end - slice.start
        let stops =
            span >= 1 - 1e-9
            ? [slice.start, slice.start + 0.5, slice.end] : [slice.start, slice.end]
        var d = "M\(point(slice.start, 1))"
        for (from, to) in zip(stops, stops.dropFirst()) {
            d += "A\(n(rx)) \(n(ry)) 0 \(to - from > 0.5 ? 1 : 0) 1 \(point(to, 1))"
        }
        if inner > 0 {
            d += "L\(point(slice.end, inner))"
            for (from, to) in zip(stops, stops.dropFirst()).reversed() {
                d +=
                    "A\(n(rx * inner)) \(n(ry * inner)) 0 \(to - from > 0.5 ? 1 : 0) 0 \(point(from, inner))"
            }
        } else {
            d += "L\(point(0, 0))"
        }
        return d + "Z"
    }

    /// Heatmap cells as rectangles.
    func cells(
        _ cells: [Scene.HeatCell], _ layer: Scene.Layer, _ scene: Scene, _ out: inout SVGWriter
    ) {
        let a = area(scene)
        openGroup(layer, "", &out)
        for cell in cells {
            out.line(
                "<rect x=\"\(n(a.x + Double(cell.column) * cellWidth))\" y=\"\(n(a.y + Double(cell.row) * cellHeight))\" width=\"\(n(cellWidth))\" height=\"\(n(cellHeight))\" fill=\"\(cell.color.hexOpaque)\"\(opacity(cell.color, "fill-opacity"))/>"
            )
        }
        out.line("</g>")
    }
}
