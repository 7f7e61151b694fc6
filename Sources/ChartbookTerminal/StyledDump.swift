import Foundation
import ChartbookModel

/// A readable dump of a grid's text and style runs, for golden files: each row's text, then
/// one line per run of non-default style, `columns start-end: attributes`. Blanks belong to the
/// run they stand in (they show no foreground), as in the ANSI writer.
public enum StyledDump {
    public static func describe(_ grid: CellGrid) -> String {
        var out = ""
        for row in 0..<grid.height {
            let line = grid.lines[row]
            out += String(format: "%3d|", row) + line + "|\n"
            var runStart = 0
            var runStyle: CellStyle? = nil
            func flush(_ end: Int) {
                if let style = runStyle, style != .plain {
                    out += "   | \(runStart)-\(end - 1): \(attributes(style))\n"
                }
            }
            for column in 0..<grid.width {
                let cell = grid[column, row]
                if cell.isContinuation { continue }
                // A blank shows no foreground or weight: it continues the run it is in.
                if cell.character == " " && !cell.style.inverse && cell.style.background == nil,
                    runStyle != nil
                {
                    continue
                }
                if cell.style != runStyle {
                    flush(column); runStart = column; runStyle = cell.style
                }
            }
            flush(grid.width)
        }
        return out
    }

    static func attributes(_ style: CellStyle) -> String {
        var parts = [String]()
        if let fg = style.foreground { parts.append("fg=\(fg.hexString)") }
        if let bg = style.background { parts.append("bg=\(bg.hexString)") }
        if style.bold { parts.append("bold") }
        if style.dim { parts.append("dim") }
        if style.inverse { parts.append("inverse") }
        return parts.joined(separator: " ")
    }
}
