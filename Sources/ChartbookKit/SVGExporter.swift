import ChartbookModel
import ChartbookScene
import ChartbookSVG

/// Session → SVG document: the same layout as the terminal, laid out with one dot per pixel
/// so lines are reduced per pixel column (output bounded by the width, spikes kept).
public enum SVGExporter {
    /// Pixels per cell.
    public static let cellWidth = 8, cellHeight = 16

    /// - Parameters:
    ///   - size: pixels; nil uses the chart's cell size times the cell box.
    public static func svg(
        for session: Session, on target: TerminalTarget, size: PixelSize? = nil,
        title: String? = nil, description: String? = nil
    ) -> String {
        var columns: Int, rows: Int
        if let size {
            columns = max(1, size.width / cellWidth)
            rows = max(1, size.height / cellHeight)
        } else {
            (columns, rows) = ChartRenderer.size(of: session, on: target)
            columns = max(columns, 1)
            rows = max(rows, 1)
        }
        let cw = size.map { Double($0.width) / Double(columns) } ?? Double(cellWidth)
        let ch = size.map { Double($0.height) / Double(rows) } ?? Double(cellHeight)
        let layout = ChartLayout(
            columns: columns, rows: rows, dots: DotDensity(x: cellWidth, y: cellHeight))
        return SVGRenderer(cellWidth: cw, cellHeight: ch).render(
            layout.scene(for: session), title: title ?? session.output.title,
            description: description)
    }
}
