import ChartbookModel
import ChartbookScene

extension SVGRenderer {
    /// Each layer's band (a trend's confidence band): one closed path per run, along the
    /// upper edge and back along the lower one, translucent, under the lines.
    func bandAreas(_ scene: Scene, clip: String, _ out: inout SVGWriter) {
        for layer in scene.layers {
            guard let band = layer.band else { continue }
            func point(_ at: Double, _ edge: Double) -> String {
                band.alongY
                    ? "\(n(px(edge, scene))) \(n(py(at, scene)))"
                    : "\(n(px(at, scene))) \(n(py(edge, scene)))"
            }
            for run in band.runs where !run.isEmpty {
                var d = ""
                for (i, p) in run.enumerated() { d += (i == 0 ? "M" : "L") + point(p.at, p.from) }
                for p in run.reversed() { d += "L" + point(p.at, p.to) }
                out.line(
                    "<path d=\"\(d)Z\" fill=\"\(band.color.hexOpaque)\"\(opacity(band.color, "fill-opacity")) stroke=\"none\" clip-path=\"url(#\(clip))\"/>"
                )
            }
        }
    }
}
