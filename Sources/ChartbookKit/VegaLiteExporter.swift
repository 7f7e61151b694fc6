import ChartbookModel
import ChartbookVegaLite

/// Session → Vega-Lite v5 specification text, sized like the SVG of the same session.
public enum VegaLiteExporter {
    /// - Parameters:
    ///   - urls: loaded files by reference instead of inline rows.
    public static func spec(for session: Session, on target: TerminalTarget, urls: Bool) -> String {
        let (columns, rows) = ChartRenderer.size(of: session, on: target)
        // The plot area of the SVG: the chart's cells less about the axes' room.
        let width = max(columns * SVGExporter.cellWidth - 80, 160)
        let height = max(rows * SVGExporter.cellHeight - 96, 120)
        var spec = VegaLiteSpec(session: session, urls: urls, width: width, height: height)
        if session.facet != nil {
            // The panels a row the chart itself has.
            let panels = ChartRenderer.scene(for: session, on: target).panels
            spec.facetColumns = Set(panels.map(\.column)).count
        }
        return spec.text
    }
}
