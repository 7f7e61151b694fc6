import ChartbookModel
import ChartbookScene

/// Scene → SVG text. Cells become boxes of `cellWidth × cellHeight` pixels; marks are drawn
/// as vectors at their dot positions (a dot is one pixel when the scene was laid out with
/// one dot per pixel). Deterministic: the same scene gives the same bytes. Everything that
/// came from data is escaped; no scripts, no external references.
public struct SVGRenderer: Sendable {
    public var cellWidth: Double
    public var cellHeight: Double
    /// Font size of text, in pixels.
    public var fontSize: Double

    public static let fontFamily =
        "'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', monospace"

    /// Space around the chart, in pixels.
    public var margin: Double
    /// Put before the ids of clip paths and gradients: each panel of a faceted page has its
    /// own ("panel1-" …), so every id in the document is unique.
    var idPrefix = ""

    public init(cellWidth: Double = 8, cellHeight: Double = 16, margin: Double = 8) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.margin = margin
        fontSize = (cellHeight * 0.8).rounded()
    }

    /// The document. `title` and `description` go into `<title>` and `<desc>`.
    public func render(_ scene: Scene, title: String? = nil, description: String? = nil) -> String {
        var out = SVGWriter()
        // An outer margin all round, so text never touches the image's edges.
        let names = slantedNames(scene)
        let extra = slantExtra(names, scene)
        let width = Double(scene.columns) * cellWidth + 2 * margin
        let height = Double(scene.rows) * cellHeight + 2 * margin + extra
        let theme = scene.theme
        out.line("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        out.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"\(Self.fontFamily)\" font-size=\"\(n(fontSize))\">"
        )
        if let title { out.line("<title>\(SVGWriter.escape(title))</title>") }
        if let description { out.line("<desc>\(SVGWriter.escape(description))</desc>") }
        allGradients(scene, &out)
        out.line("<rect width=\"100%\" height=\"100%\" fill=\"\(theme.background.hexOpaque)\"/>")
        out.line("<g transform=\"translate(\(n(margin)) \(n(margin)))\">")
        chart(scene, names: names, extra: extra, &out)
        out.line("</g>")
        out.line("</svg>")
        return out.text
    }

    /// A renderer for panel `number` of a page (of panels or facets): ids of its own.
    func panelRenderer(_ number: Int) -> SVGRenderer {
        var renderer = self
        renderer.idPrefix = idPrefix + "panel\(number + 1)-"
        return renderer
    }

    /// The renderer of sparkline `number`: its gradients' ids its own.
    func stripRenderer(_ number: Int) -> SVGRenderer {
        var renderer = self
        renderer.idPrefix = idPrefix + "sparkline\(number + 1)-"
        return renderer
    }

    /// The gradients of `scene`, of its sparklines and of its panels, each with its ids.
    func allGradients(_ scene: Scene, _ out: inout SVGWriter) {
        gradients(scene, &out)
        for (number, strip) in scene.sparklines.enumerated() {
            stripRenderer(number).gradients(strip, &out)
        }
        for (number, panel) in scene.panels.enumerated() {
            panelRenderer(number).allGradients(panel.scene, &out)
        }
    }

    /// A page's panels, each its chart in a group moved to its place.
    func panels(_ scene: Scene, _ out: inout SVGWriter) {
        for (number, panel) in scene.panels.enumerated() {
            let names = slantedNames(panel.scene)
            out.line(
                "<g transform=\"translate(\(n(Double(panel.column) * cellWidth)) \(n(Double(panel.row) * cellHeight)))\">"
            )
            panelRenderer(number).chart(
                panel.scene, names: names, extra: slantExtra(names, panel.scene), &out)
            out.line("</g>")
        }
    }

    /// One chart's marks and texts (a page's panels each draw theirs), in the chart's cells.
    func chart(
        _ scene: Scene, names: [SlantedName], extra: Double, _ out: inout SVGWriter
    ) {
        if !scene.plotArea.isEmpty {
            // Each line's path once: the fill and the stroke both use it.
            let paths = scene.layers.map { linePath($0, scene) }
            bands(scene, &out)
            rules(scene, kind: [.grid, .zero], &out)
            gridDown(scene, &out)
            // Lines and fills stay inside the plot area, as in the terminal: a fixed range clips
            // them. (Markers and bars are only drawn for points inside it.)
            clipPath(idPrefix + "plot-area", scene, &out)
            bandAreas(scene, clip: idPrefix + "plot-area", &out)
            fills(scene, paths, clip: idPrefix + "plot-area", &out)
            verticalRules(scene, overData: false, &out)
            frame(scene, &out)
            selectionColumn(scene, &out)
            for (index, layer) in scene.layers.enumerated() {
                marks(layer, path: paths[index], clip: idPrefix + "plot-area", scene, &out)
            }
            rules(scene, kind: [.marked], &out)
            verticalRules(scene, overData: true, &out)
            arrows(scene, &out)
            clipMarks(scene, &out)
            selectionPoints(scene, &out)
        }
        if extra > 0 { out.line("<g transform=\"translate(0 \(n(extra)))\">") }
        for (number, strip) in scene.sparklines.enumerated() where !strip.plotArea.isEmpty {
            let paths = strip.layers.map { linePath($0, strip) }
            rules(strip, kind: [.zero], &out)
            clipPath(idPrefix + "sparkline-\(number)", strip, &out)
            stripRenderer(number).fills(strip, paths, clip: idPrefix + "sparkline-\(number)", &out)
            for (index, layer) in strip.layers.enumerated() {
                marks(
                    layer, path: paths[index], clip: idPrefix + "sparkline-\(number)", strip,
                    &out)
            }
        }
        if extra > 0 { out.line("</g>") }
        slantedNameTexts(names, scene, &out)
        let slanted = slantRow(scene).flatMap { names.isEmpty ? nil : (row: $0, extra: extra) }
        if let box = scene.legendBox {
            // An inside legend on the background's colour, over the data.
            out.line(
                "<rect x=\"\(n(Double(box.column) * cellWidth))\" y=\"\(n(Double(box.row) * cellHeight))\" width=\"\(n(Double(box.width) * cellWidth))\" height=\"\(n(Double(box.height) * cellHeight))\" fill=\"\(scene.theme.background.hexOpaque)\" fill-opacity=\"0.85\"/>"
            )
        }
        texts(scene, slanted: slanted, &out)
        panels(scene, &out)
    }

    // MARK: - Coordinates

    /// Pixel x of a dot column's centre.
    func px(_ dotX: Double, _ scene: Scene) -> Double {
        Double(scene.plotArea.column) * cellWidth + (dotX + 0.5) * cellWidth
            / Double(scene.dotsPerCell.x)
    }

    func py(_ dotY: Double, _ scene: Scene) -> Double {
        Double(scene.plotArea.row) * cellHeight + (dotY + 0.5) * cellHeight
            / Double(scene.dotsPerCell.y)
    }

    /// The plot area in pixels.
    func area(_ s: Scene) -> (x: Double, y: Double, w: Double, h: Double) {
        (
            Double(s.plotArea.column) * cellWidth, Double(s.plotArea.row) * cellHeight,
            Double(s.plotArea.width) * cellWidth, Double(s.plotArea.height) * cellHeight
        )
    }

    // MARK: - Parts

    func gradients(_ scene: Scene, _ out: inout SVGWriter) {
        var defs = [String]()
        for (index, layer) in scene.layers.enumerated() {
            guard let fill = layer.fill, case .gradient(let start, let end, let radial) = fill.paint
            else { continue }
            let stops =
                "<stop offset=\"0\" stop-color=\"\(start.hexOpaque)\" stop-opacity=\"\(n(start.alpha))\"/>"
                + "<stop offset=\"1\" stop-color=\"\(end.hexOpaque)\" stop-opacity=\"\(n(end.alpha))\"/>"
            let a = area(scene)
            if radial {
                defs.append(
                    "<radialGradient id=\"\(idPrefix)fill\(index)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(n(a.x + a.w / 2))\" cy=\"\(n(a.y))\" r=\"\(n(max(a.w, a.h)))\">\(stops)</radialGradient>"
                )
            } else {
                defs.append(
                    "<linearGradient id=\"\(idPrefix)fill\(index)\" gradientUnits=\"userSpaceOnUse\" x1=\"0\" y1=\"\(n(a.y))\" x2=\"0\" y2=\"\(n(a.y + a.h))\">\(stops)</linearGradient>"
                )
            }
        }
        guard !defs.isEmpty else { return }
        out.line("<defs>")
        for d in defs { out.line(d) }
        out.line("</defs>")
    }

    /// A clip path around `scene`'s plot area: half a pixel of room at the sides (the first
    /// and last points sit on the edge dots), two above and below for strokes at the extremes.
    func clipPath(_ id: String, _ scene: Scene, _ out: inout SVGWriter) {
        let a = area(scene), side = 0.5, top = 2.0
        out.line(
            "<clipPath id=\"\(id)\"><rect x=\"\(n(a.x - side))\" y=\"\(n(a.y - top))\" width=\"\(n(a.w + 2 * side))\" height=\"\(n(a.h + 2 * top))\"/></clipPath>"
        )
    }

    func frame(_ scene: Scene, _ out: inout SVGWriter) {
        let a = area(scene), f = scene.frame
        var d = ""
        let tick = cellWidth / 2
        if let c = f.leftColumn {
            let x = (Double(c) + 1) * cellWidth - 0.5
            d += "M\(n(x)) \(n(a.y))V\(n(a.y + a.h))"
            // Ticks from the same dot positions as the grid lines and the data.
            for dot in f.yTickDots {
                let y = py(Double(dot), scene); d += "M\(n(x - tick)) \(n(y))H\(n(x))"
            }
        }
        if let c = f.rightColumn {
            let x = Double(c) * cellWidth + 0.5
            d += "M\(n(x)) \(n(a.y))V\(n(a.y + a.h))"
            for dot in f.rightTickDots.isEmpty ? f.yTickDots : f.rightTickDots {
                let y = py(Double(dot), scene); d += "M\(n(x)) \(n(y))H\(n(x + tick))"
            }
        }
        // Second axes outside the first (`axis=left2|right2`): a line and its own ticks.
        for axis in f.outer {
            let x =
                axis.right
                ? Double(axis.column) * cellWidth + 0.5
                : (Double(axis.column) + 1) * cellWidth - 0.5
            d += "M\(n(x)) \(n(a.y))V\(n(a.y + a.h))"
            for dot in axis.tickDots {
                let y = py(Double(dot), scene)
                d +=
                    axis.right
                    ? "M\(n(x)) \(n(y))H\(n(x + tick))" : "M\(n(x - tick)) \(n(y))H\(n(x))"
            }
        }
        if f.bottomRow != nil {
            // Under the plot, ticks down; or over it (`position=top`), ticks up.
            let y = f.xAxisOnTop ? a.y - 0.5 : a.y + a.h + 0.5
            let end = f.xAxisOnTop ? y - tick : y + tick
            d += "M\(n(a.x - (f.leftColumn == nil ? 0 : 0.5))) \(n(y))H\(n(a.x + a.w))"
            for dot in f.xTickDots {
                let x = px(Double(dot), scene); d += "M\(n(x)) \(n(y))V\(n(end))"
            }
        }
        guard !d.isEmpty else { return }
        out.line(
            "<path class=\"frame\" d=\"\(d)\" fill=\"none\" stroke=\"\(scene.theme.frame.hexOpaque)\" stroke-width=\"1\"/>"
        )
    }

    /// The path of a line layer: true cubic Béziers for smooth lines, else the polyline.
    /// One line layer's path: parts (runs) with their first and last points, for closing fills.
    typealias LinePath = [(d: String, first: (Double, Double), last: (Double, Double))]

    func linePath(_ layer: Scene.Layer, _ scene: Scene) -> LinePath {
        if let curve = layer.curve {
            return curve.compactMap { run in
                guard let p0 = run.first, let pl = run.last else { return nil }
                var d = "M\(n(px(p0.x, scene))) \(n(py(p0.y, scene)))"
                for (a, b) in zip(run, run.dropFirst()) {
                    let h = b.x - a.x
                    let c1 = (a.x + h / 3, a.y + a.slope * h / 3),
                        c2 = (b.x - h / 3, b.y - b.slope * h / 3)
                    d +=
                        "C\(n(px(c1.0, scene))) \(n(py(c1.1, scene))) \(n(px(c2.0, scene))) \(n(py(c2.1, scene))) \(n(px(b.x, scene))) \(n(py(b.y, scene)))"
                }
                return (d, (px(p0.x, scene), py(p0.y, scene)), (px(pl.x, scene), py(pl.y, scene)))
            }
        }
        guard case .polyline(let runs) = layer.marks else { return [] }
        return runs.compactMap { run in
            guard let p0 = run.first, let pl = run.last else { return nil }
            var d = "M\(n(px(Double(p0.x), scene))) \(n(py(Double(p0.y), scene)))"
            for p in run.dropFirst() {
                d += "L\(n(px(Double(p.x), scene))) \(n(py(Double(p.y), scene)))"
            }
            if run.count == 1 { d += "h0.01" }
            return (
                d, (px(Double(p0.x), scene), py(Double(p0.y), scene)),
                (px(Double(pl.x), scene), py(Double(pl.y), scene))
            )
        }
    }

    func fills(_ scene: Scene, _ paths: [LinePath], clip: String, _ out: inout SVGWriter) {
        for (index, layer) in scene.layers.enumerated() {
            guard let fill = layer.fill else { continue }
            let base = py(Double(fill.baselineDotY), scene)
            let paint: String
            switch fill.paint {
            case .solid(let c): paint = "fill=\"\(c.hexOpaque)\"\(opacity(c, "fill-opacity"))"
            case .gradient: paint = "fill=\"url(#\(idPrefix)fill\(index))\""
            }
            for part in paths[index] {
                out.line(
                    "<path d=\"\(part.d)L\(n(part.last.0)) \(n(base))L\(n(part.first.0)) \(n(base))Z\" \(paint) stroke=\"none\" clip-path=\"url(#\(clip))\"/>"
                )
            }
        }
    }

    /// The scene's texts; with `slanted` names (their row, the pixels they add) the x labels
    /// they replace are left out and the rows under them move down.
    func texts(_ scene: Scene, slanted: (row: Int, extra: Double)?, _ out: inout SVGWriter) {
        for text in scene.texts {
            if slanted != nil, text.role == .xLabel { continue }
            let cells = TextMetrics.width(of: text.text)
            var x = Double(text.column) * cellWidth
            if let center = text.centerColumn {
                let width = Double(cells) * cellWidth
                x = min(
                    max((Double(scene.plotArea.column) + center) * cellWidth - width / 2, 0),
                    Double(scene.columns) * cellWidth - width)
            }
            // Labels of lines are centred on their line; other text sits on its row's baseline.
            var y = Double(text.row) * cellHeight + cellHeight * 0.75
            if let slanted, text.row > slanted.row { y += slanted.extra }
            // The y title sits over the axis: raised clear of the top label, which is centred
            // on its line and reaches into the row above.
            if text.role == .axisTitle && text.row == scene.plotArea.row - 1 {
                y -= cellHeight * 0.25
            }
            if let dotY = text.anchorDotY {
                let lineY = py(Double(dotY), scene)
                // Centred on its line, but never cut by the image's edge.
                y = min(
                    max(lineY + fontSize * 0.35, fontSize * 0.8),
                    Double(scene.rows) * cellHeight - fontSize * 0.2)
                if text.role == .markLabel {
                    out.line(
                        "<rect x=\"\(n(x))\" y=\"\(n(lineY - cellHeight / 2))\" width=\"\(n(Double(cells) * cellWidth))\" height=\"\(n(cellHeight))\" fill=\"\(scene.theme.background.hexOpaque)\" fill-opacity=\"0.85\"/>"
                    )
                }
            }
            let color = text.color ?? scene.theme.text
            var attributes =
                "class=\"\(className(text, scene))\" x=\"\(n(x))\" y=\"\(n(y))\" fill=\"\(color.hexOpaque)\"\(opacity(color, "fill-opacity"))"
            if text.bold { attributes += " font-weight=\"bold\"" }
            // Cell-aligned like the terminal: the text spans exactly its cells.
            if cells > 1 {
                attributes +=
                    " textLength=\"\(n(Double(cells) * cellWidth))\" lengthAdjust=\"spacingAndGlyphs\""
            }
            out.line(
                "<text \(attributes) xml:space=\"preserve\">\(SVGWriter.escape(text.text))</text>")
        }
    }

    /// What a text is, as its `class`: which axis a label or title belongs to (`y-label
    /// right` on the right of the plot area, `y-title` above it), so that a reader of the
    /// SVG — a stylesheet, a check comparing two renderings — can tell them apart.
    func className(_ text: Scene.Text, _ scene: Scene) -> String {
        switch text.role {
        case .title: "title"
        case .legend: "legend"
        case .yLabel:
            text.column >= scene.plotArea.column + scene.plotArea.width
                ? "y-label right" : "y-label"
        case .xLabel: "x-label"
        case .markLabel: "line-label"
        case .readout: "readout"
        case .position: "position"
        case .sparkline: "sparkline"
        case .axisTitle: text.row < scene.plotArea.row ? "y-title" : "x-title"
        case .note: "note"
        case .valueLabel: "value-label"
        case .category: "category"
        case .colorKey: "color-key"
        case .annotation: "annotation"
        case .outerYLabel:
            text.column >= scene.plotArea.column + scene.plotArea.width
                ? "y-label right2" : "y-label left2"
        }
    }

    func opacity(_ color: Color, _ attribute: String) -> String {
        color.alpha < 1 ? " \(attribute)=\"\(n(color.alpha))\"" : ""
    }

    /// A number with at most two decimals, no trailing zeros, never "-0".
    func n(_ value: Double) -> String { SVGWriter.number(value) }
}
