import ChartbookModel
import ChartbookScene

/// A layer's marks as SVG: strokes, markers and bars here; the chart kinds' shapes in
/// `SVGRenderer+Shapes`.
extension SVGRenderer {
    func marks(
        _ layer: Scene.Layer, path: LinePath, clip: String, _ scene: Scene,
        _ out: inout SVGWriter
    ) {
        let color = layer.color.hexOpaque, alpha = opacity(layer.color, "opacity")
        switch layer.marks {
        case .polyline(let runs):
            strokes(layer, runs: runs, path: path, clip: clip, color: color, alpha: alpha, &out)
            if let last = layer.last {
                // `last=on`: a dot on the last point, ringed in the background's colour.
                let r = max(layer.strokeWidth * cellWidth / 8 * 1.8, 3.5)
                out.line(
                    "<circle cx=\"\(n(px(Double(last.dot.x), scene)))\" cy=\"\(n(py(Double(last.dot.y), scene)))\" r=\"\(n(r))\" fill=\"\(color)\"\(alpha) stroke=\"\(scene.theme.background.hexOpaque)\" stroke-width=\"1.5\"/>"
                )
            }
        case .markers(let points, let marker)
        where marker == .circle && points.count > Self.denseMarkers:
            denseCircles(points, layer: layer, color: color, alpha: alpha, scene, &out)
        case .markers(let points, let marker):
            markers(points, marker, layer, color: color, alpha: alpha, scene, &out)
        case .encodedMarkers(let list, let marker):
            encodedMarkers(list, marker, layer, scene, &out)
        case .bars(let bars): self.bars(bars, layer, color: color, alpha: alpha, scene, &out)
        case .hbars(let bars): horizontalBars(bars, layer, scene, &out)
        case .boxes(let list): boxes(list, layer, scene, &out)
        case .whiskers(let list): whiskers(list, layer, scene, &out)
        case .pie(let p): pie(p, layer, scene, &out)
        case .cells(let list): cells(list, layer, scene, &out)
        }
    }

    /// Opens the `<g id="plot-ID" …>` a layer's marks are written in (closed by `</g>`);
    /// `attributes` are the ones its marks share.
    func openGroup(_ layer: Scene.Layer, _ attributes: String, _ out: inout SVGWriter) {
        let id = out.uniqueID("plot-" + SVGWriter.escapeAttribute(layer.plotID))
        out.line("<g id=\"\(id)\"" + (attributes.isEmpty ? "" : " " + attributes) + ">")
    }

    /// Lines (and raster-sized dots: runs of one point), clipped to the plot area.
    func strokes(
        _ layer: Scene.Layer, runs: [[DotPoint]], path: LinePath, clip: String, color: String,
        alpha: String, _ out: inout SVGWriter
    ) {
        let width = max(layer.strokeWidth * cellWidth / 8, 0.5)
        let isDots = layer.curve == nil && runs.allSatisfy { $0.count == 1 }
        let dash: String
        switch layer.dash {
        case .dashed?: dash = " stroke-dasharray=\"\(n(width * 3)) \(n(width * 2))\""
        case .dotted?: dash = " stroke-dasharray=\"0 \(n(width * 2))\""
        default: dash = ""
        }
        let join = (layer.join ?? .round).rawValue
        // Dots (a dotted line, a run of one point) are round caps whatever linecap= says.
        let cap = layer.dash == .dotted || isDots ? "round" : (layer.cap ?? .round).rawValue
        openGroup(
            layer,
            "fill=\"none\" stroke=\"\(color)\"\(alpha) stroke-width=\"\(n(isDots ? max(layer.markerSize, 2) : width))\" stroke-linejoin=\"\(join)\" stroke-linecap=\"\(cap)\"\(dash) clip-path=\"url(#\(clip))\"",
            &out)
        for part in path { out.line("<path d=\"\(part.d)\"/>") }
        out.line("</g>")
    }

    /// Marker glyphs at their points.
    func markers(
        _ points: [DotPoint], _ marker: MarkerStyle.Shape, _ layer: Scene.Layer, color: String,
        alpha: String, _ scene: Scene, _ out: inout SVGWriter
    ) {
        let r = max(layer.markerSize * cellWidth / 16, 0.75)
        openGroup(layer, "fill=\"\(color)\"\(alpha)", &out)
        for p in points {
            shape(
                marker, x: px(Double(p.x), scene), y: py(Double(p.y), scene), r: r, "", color, &out)
        }
        out.line("</g>")
    }

    /// Markers whose channels give each its colour and size (`color=COLUMN`, `size=COLUMN`):
    /// each filled with its own colour, its area the one its size scale gives (square
    /// points, a point an eighth of a cell's width) — the largest first, as the scene has them.
    func encodedMarkers(
        _ markers: [Scene.EncodedMarker], _ marker: MarkerStyle.Shape, _ layer: Scene.Layer,
        _ scene: Scene, _ out: inout SVGWriter
    ) {
        let base = max(layer.markerSize * cellWidth / 16, 0.75)
        // Overlapping bubbles stay readable: a thin outline of the background between them.
        let outline =
            layer.markerSize > 0
            ? " stroke=\"\(scene.theme.background.hexOpaque)\" stroke-width=\"0.5\"" : ""
        // (Each marker carries its own opacity — the layer's, or its `opacity=` channel's.)
        openGroup(layer, outline, &out)
        for m in markers {
            let r = m.area.map { max(($0 / Double.pi).squareRoot() * cellWidth / 8, 0.75) } ?? base
            let fill = m.color.hexOpaque
            shape(
                m.shape ?? marker, x: px(Double(m.point.x), scene), y: py(Double(m.point.y), scene),
                r: r,
                " fill=\"\(fill)\"\(opacity(m.color, "fill-opacity"))", fill, &out)
        }
        out.line("</g>")
    }

    /// One marker of `marker`'s shape at (x, y), `r` its half size; `attributes` added to
    /// its element, `color` a cross's stroke.
    func shape(
        _ marker: MarkerStyle.Shape, x: Double, y: Double, r: Double, _ attributes: String,
        _ color: String, _ out: inout SVGWriter
    ) {
        switch marker {
        case .circle: out.line("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\"\(attributes)/>")
        case .square:
            out.line(
                "<rect x=\"\(n(x - r))\" y=\"\(n(y - r))\" width=\"\(n(2 * r))\" height=\"\(n(2 * r))\"\(attributes)/>"
            )
        case .diamond:
            out.line(
                "<path d=\"M\(n(x)) \(n(y - r * 1.3))L\(n(x + r * 1.3)) \(n(y))L\(n(x)) \(n(y + r * 1.3))L\(n(x - r * 1.3)) \(n(y))Z\"\(attributes)/>"
            )
        case .cross:
            out.line(
                "<path d=\"M\(n(x - r)) \(n(y - r))L\(n(x + r)) \(n(y + r))M\(n(x + r)) \(n(y - r))L\(n(x - r)) \(n(y + r))\" stroke=\"\(color)\" stroke-width=\"\(n(max(r / 2, 1)))\"\(attributes)/>"
            )
        case .glyph:
            let glyph = Glyphs(asciiOnly: false).marker(marker)
            out.line(
                "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"middle\" dominant-baseline=\"central\" font-size=\"\(n(r * 3))\"\(attributes)>\(SVGWriter.escape(String(glyph)))</text>"
            )
        }
    }

    /// Bars at their exact positions, from their base.
    func bars(
        _ bars: [Scene.Bar], _ layer: Scene.Layer, color: String, alpha: String, _ scene: Scene,
        _ out: inout SVGWriter
    ) {
        let a = area(scene)
        openGroup(layer, "fill=\"\(color)\"\(alpha)", &out)
        for bar in bars {
            let x = a.x + bar.x0 * cellWidth, w = (bar.x1 - bar.x0) * cellWidth
            let y0 = a.y + min(bar.base, bar.top) * cellHeight,
                h = abs(bar.top - bar.base) * cellHeight
            guard h > 0 else { continue }
            var stroke = ""
            if let o = bar.outline {
                stroke =
                    " stroke=\"\(o.hexOpaque)\"\(opacity(o, "stroke-opacity")) stroke-width=\"\(n(bar.outlineWidth * cellWidth / 8))\""
            }
            if bar.rounded {
                let r = min(w / 2, h, cellWidth / 2)
                out.line(
                    "<path d=\"\(roundedBar(x: x, y: y0, w: w, h: h, r: r, up: bar.top < bar.base))\"\(stroke)/>"
                )
            } else {
                out.line(
                    "<rect x=\"\(n(x))\" y=\"\(n(y0))\" width=\"\(n(w))\" height=\"\(n(h))\"\(stroke)/>"
                )
            }
        }
        out.line("</g>")
    }

    /// A bar with its free end's corners rounded (the end away from the baseline).
    func roundedBar(x: Double, y: Double, w: Double, h: Double, r: Double, up: Bool) -> String {
        if up {
            return
                "M\(n(x)) \(n(y + h))V\(n(y + r))Q\(n(x)) \(n(y)) \(n(x + r)) \(n(y))H\(n(x + w - r))Q\(n(x + w)) \(n(y)) \(n(x + w)) \(n(y + r))V\(n(y + h))Z"
        }
        return
            "M\(n(x)) \(n(y))V\(n(y + h - r))Q\(n(x)) \(n(y + h)) \(n(x + r)) \(n(y + h))H\(n(x + w - r))Q\(n(x + w)) \(n(y + h)) \(n(x + w)) \(n(y + h - r))V\(n(y))Z"
    }

    /// Above this many markers a circle layer is written compactly (`denseCircles`).
    static let denseMarkers = 2000

    /// Many circles as one path of zero-length strokes with round caps (a disc each, about
    /// eight bytes instead of forty), dropping a circle whose centre falls in a grid square
    /// of three quarters of its radius that already holds one: the union of discs moves by
    /// about a pixel at its edge. A 10⁶-point scatter at 800×400 is 180 KB.
    func denseCircles(
        _ points: [DotPoint], layer: Scene.Layer, color: String, alpha: String, _ scene: Scene,
        _ out: inout SVGWriter
    ) {
        let r = max(layer.markerSize * cellWidth / 16, 0.75)
        let cell = max(r * 0.75, 1)
        var taken = Set<Int>()
        var d = ""
        var last: (Double, Double)?
        for p in points {
            let x = px(Double(p.x), scene), y = py(Double(p.y), scene)
            let key =
                Int(saturating: (x / cell).rounded(.down)) &* 1_000_003
                &+ Int(saturating: (y / cell).rounded(.down))
            guard taken.insert(key).inserted else { continue }
            if let (lx, ly) = last {
                d += "m\(n(x - lx)) \(n(y - ly))h0"
            } else {
                d += "M\(n(x)) \(n(y))h0"
            }
            last = (x, y)
        }
        let id = out.uniqueID("plot-" + SVGWriter.escapeAttribute(layer.plotID))
        out.line(
            "<path id=\"\(id)\" d=\"\(d)\" fill=\"none\" stroke=\"\(color)\"\(alpha) stroke-width=\"\(n(2 * r))\" stroke-linecap=\"round\"/>"
        )
    }
}
