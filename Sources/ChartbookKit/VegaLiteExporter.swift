import ChartbookModel
import ChartbookScene
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
        // The panels (and facets) a row the chart itself has.
        let across = { (panels: [Scene.Panel]) in Set(panels.map(\.column)).count }
        if session.panels.count > 1 {
            let page = ChartRenderer.scene(for: session, on: target).panels
            spec.panelColumns = across(page)
            for (index, panel) in page.enumerated() where !panel.scene.panels.isEmpty {
                spec.panelFacetColumns[index] = across(panel.scene.panels)
            }
        } else if session.facet != nil {
            spec.facetColumns = across(ChartRenderer.scene(for: session, on: target).panels)
        } else if [.cartesian, .histogram, .box].contains(session.chartType) {
            // One chart: its y range as the SVG of the same session draws it.
            spec.yDomain =
                SVGExporter.layout(for: session, on: target, size: nil).0
                .scene(for: session).yRange
        }
        return spec.text
    }
}
