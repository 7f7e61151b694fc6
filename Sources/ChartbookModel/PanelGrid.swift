import Foundation

/// The panels of a faceted page laid out: `columns × rows` panels of `width × height` cells
/// each, a `gap` of cells between neighbours.
public struct PanelGrid: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public var width: Int
    public var height: Int
    public static let gap = 2
    /// The smallest panel drawn: room for y labels, some dots, a title and x labels.
    public static let minimumWidth = 24
    public static let minimumHeight = 8

    public init(columns: Int, rows: Int, width: Int, height: Int) {
        self.columns = columns
        self.rows = rows
        self.width = width
        self.height = height
    }

    /// The grid for `count` panels in `width × height` cells: `across` panels a row when
    /// given (a facet grid), else the number a row that gives panels nearest 2.5 times as
    /// wide as tall in cells (a cell is about twice as tall as wide: a little wider than
    /// square on screen) among those whose panels hold what they draw (`holds`: a page's
    /// faceted chart its own panels), else among all; nil when a panel would be under the
    /// minimum.
    public static func fitting(
        count: Int, across: Int?, width: Int, height: Int,
        holds: (PanelGrid) -> Bool = { _ in true }
    ) -> PanelGrid? {
        guard count > 0 else { return nil }
        let choices = across.map { [$0] } ?? Array(1...count)
        var best: (grid: PanelGrid, holds: Bool, score: Double)?
        for columns in choices {
            let rows = (count + columns - 1) / columns
            let grid = PanelGrid(
                columns: columns, rows: rows, width: (width - gap * (columns - 1)) / columns,
                height: height / rows)
            guard grid.width >= minimumWidth, grid.height >= minimumHeight else { continue }
            let score = abs(log(Double(grid.width) / Double(grid.height) / 2.5))
            let fits = holds(grid)
            let better = best.map { fits != $0.holds ? fits : score < $0.score } ?? true
            if better { best = (grid, fits, score) }
        }
        return best?.grid
    }

    /// The least page that holds `count` panels (a facet grid: `across` a row) at the
    /// minimum size, in cells, for a refusal to name.
    public static func needed(count: Int, across: Int?) -> (columns: Int, rows: Int) {
        let columns = across ?? Int(Double(count).squareRoot().rounded(.up))
        let rows = (count + max(columns, 1) - 1) / max(columns, 1)
        return (columns * minimumWidth + gap * (columns - 1), rows * minimumHeight)
    }

    /// What a page of `columns × rows` cells, `top` of them above the panels (title,
    /// legend), lacks for `count` panels: nil when they fit, else the least size, in cells.
    public static func shortfall(
        count: Int, across: Int?, top: Int, columns: Int, rows: Int
    ) -> (columns: Int, rows: Int)? {
        guard count > 0,
            fitting(count: count, across: across, width: columns, height: rows - top) == nil
        else { return nil }
        let least = needed(count: count, across: across)
        return (least.columns, least.rows + top)
    }
}
