import ChartbookModel
import ChartbookScene
import ChartbookSVG

/// Session → SVG document: the same layout as the terminal, laid out with one dot per pixel
/// so lines are reduced per pixel column (output bounded by the width, spikes kept).
public enum SVGExporter {
    /// - Parameters:
    ///   - size: pixels; nil uses the chart's cell size times the cell box.
    ///   - textRows: only the texts in these rows are drawn (a terminal picture of these rows
    ///     writes the others as text around it); nil: every text.
    public static func svg(
        for session: Session, on target: TerminalTarget, size: PixelSize? = nil,
        title: String? = nil, description: String? = nil, textRows: Range<Int>? = nil
    ) -> String {
        let (layout, cellSize) = self.layout(for: session, on: target, size: size)
        var scene = layout.scene(for: session)
        if let textRows { scene.texts.removeAll { !textRows.contains($0.row) } }
        return SVGRenderer(
            cellWidth: cellSize.width, cellHeight: cellSize.height,
            margin: Double(session.output.pixelCell.width)
        ).render(scene, title: title ?? session.output.title, description: description)
    }

    /// The layout an SVG of `session` uses (one dot per pixel), and its cell box in pixels:
    /// the text size's (`OutputSettings.pixelCell`), or a size's share of `size`.
    public static func layout(for session: Session, on target: TerminalTarget, size: PixelSize?)
        -> (ChartLayout, (width: Double, height: Double))
    {
        var columns: Int, rows: Int
        // The picture is the chart plus a margin of one cell's width all round (SVGRenderer);
        // a size in pixels is the whole picture's.
        let cell = session.output.pixelCell
        let margin = cell.width
        let inner = size.map {
            PixelSize(width: max(1, $0.width - 2 * margin), height: max(1, $0.height - 2 * margin))
        }
        if let inner {
            columns = max(1, inner.width / cell.width)
            rows = max(1, inner.height / cell.height)
        } else {
            (columns, rows) = ChartRenderer.size(of: session, on: target)
            columns = max(columns, 1)
            rows = max(rows, 1)
        }
        let cw = inner.map { Double($0.width) / Double(columns) } ?? Double(cell.width)
        let ch = inner.map { Double($0.height) / Double(rows) } ?? Double(cell.height)
        var layout = ChartLayout(
            columns: columns, rows: rows, dots: DotDensity(x: cell.width, y: cell.height))
        layout.vectorBars = true
        return (layout, (cw, ch))
    }
}
