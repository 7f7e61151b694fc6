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
        return VegaLiteSpec(session: session, urls: urls, width: width, height: height).text
    }
}
