import ChartbookModel
import ChartbookScene

/// Lines across and down the plot area: the grid and marked lines across, the x grid, marked
/// lines and bands at x values (under the data, or over it for statistics of x), and the
/// clip marks where data lies beyond a fixed range.
extension TerminalRenderer {
    func drawRules(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        for rule in scene.rules {
            let row = area.row + rule.dotY / scene.dotsPerCell.y
            let style = CellStyle(foreground: rule.color)
            for column in area.column..<(area.column + area.width) {
                // Marked lines go over the grid; the grid never covers a marked line.
                if rule.kind != .marked && grid[column, row].character != " " { continue }
                grid.set(
                    column, row,
                    raster.rule(
                        rule.style, column: column - area.column, heavy: (rule.width ?? 1) >= 2),
                    style: style)
            }
        }
    }

    /// The x grid (`set grid x`): dotted lines down the plot at the x ticks, in cells nothing
    /// else holds (a rule across keeps its cell).
    func drawGridDown(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        let style = CellStyle(foreground: scene.theme.grid)
        for dotX in scene.xGridDots {
            let column = area.column + dotX / scene.dotsPerCell.x
            for row in area.row..<(area.row + area.height) where grid[column, row].character == " "
            {
                grid.set(
                    column, row, raster.verticalRule(.dotted, row: row - area.row), style: style)
            }
        }
    }

    /// Marked lines at x values, over the grid and under the data (`add refline x=`); and,
    /// without colour, a band's edges as dotted lines (with colour its cells are tinted).
    func drawVerticalRules(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        func rule(at dotX: Int, _ color: Color, _ style: RuleStyle, heavy: Bool = false) {
            let column = area.column + dotX / scene.dotsPerCell.x
            for row in area.row..<(area.row + area.height) {
                grid.set(
                    column, row, raster.verticalRule(style, row: row - area.row, heavy: heavy),
                    style: CellStyle(foreground: color))
            }
        }
        for band in scene.xBands where monochrome {
            for dotX in Set([band.dots.lowerBound, band.dots.upperBound]) {
                rule(at: dotX, band.color, .dotted)
            }
        }
        for line in scene.verticalRules where !line.overData {
            rule(at: line.dotX, line.color, line.style, heavy: (line.width ?? 1) >= 2)
        }
    }

    /// Statistics down the chart (`Scene.VerticalRule.overData`: a histogram's mean), over
    /// the marks: through a bar's cells the rule keeps the bar's colour behind it, so the
    /// line shows and the bar stays whole.
    func drawRulesOverData(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        for line in scene.verticalRules where line.overData {
            let column = area.column + line.dotX / scene.dotsPerCell.x
            for row in area.row..<(area.row + area.height) {
                let held = grid[column, row]
                let full = held.character == "█"
                // Without colour, a cell part filled keeps its glyph (the rule would hide it).
                guard !monochrome || full || held.character == " " else { continue }
                var style = CellStyle(foreground: line.color)
                if full, !monochrome { style.background = held.style.foreground }
                grid.set(
                    column, row, raster.verticalRule(line.style, row: row - area.row), style: style)
            }
        }
    }

    /// The cells of each band (`add refline x=A..B`), tinted with its colour over the
    /// background, under whatever they hold — marks and labels alike (a text with a
    /// background of its own keeps it); not without colour (`drawVerticalRules` marks its
    /// edges then).
    func tintBands(_ scene: Scene, into grid: inout CellGrid) {
        guard !monochrome else { return }
        let area = scene.plotArea, perCell = scene.dotsPerCell.x
        for band in scene.xBands {
            var tint = band.color
            tint.alpha = 0.22
            let background = tint.flattened(over: scene.theme.background)
            for column in (band.dots.lowerBound / perCell)...(band.dots.upperBound / perCell) {
                for row in area.row..<(area.row + area.height) {
                    grid.restyle(area.column + column, row) {
                        if $0.background == nil { $0.background = background }
                    }
                }
            }
        }
    }

    /// ▴ on the top row / ▾ on the bottom row where visible data lies beyond a fixed range.
    func drawClipMarks(_ scene: Scene, into grid: inout CellGrid) {
        let area = scene.plotArea
        let ascii = raster.canvas == .ascii
        for mark in scene.clipMarks {
            let row = mark.above ? area.row : area.row + area.height - 1
            grid.set(
                area.column + mark.column, row,
                mark.above ? (ascii ? "^" : "▴") : (ascii ? "v" : "▾"),
                style: CellStyle(foreground: mark.color, bold: true))
        }
    }
}
