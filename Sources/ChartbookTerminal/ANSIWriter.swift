import ChartbookModel

/// The only code that writes terminal escape sequences. Turns a cell grid into text with the
/// fewest SGR changes: one sequence per style change, blank cells never break a run of
/// foreground colour, and every line ends in the default style.
public struct ANSIWriter: Sendable {
    public var mode: ColorMode
    /// What translucent colours are blended over (terminals are assumed dark).
    public var background: Color

    public init(mode: ColorMode, background: Color = Color(hex: 0x000000)) {
        self.mode = mode
        self.background = background
    }

    /// The grid as lines joined by "\n", with a trailing newline when not empty.
    public func write(_ grid: CellGrid) -> String {
        guard grid.height > 0 else { return "" }
        var out = ""
        for row in 0..<grid.height {
            out += line(grid, row: row)
            out += "\n"
        }
        return out
    }

    public func line(_ grid: CellGrid, row: Int) -> String {
        var out = ""
        var current = CellStyle.plain
        for column in 0..<grid.width {
            let cell = grid[column, row]
            if cell.isContinuation { continue }
            if mode != .none {
                var wanted = cell.style
                // A blank cell shows no foreground: keep the current one to avoid an escape.
                if cell.character == " " && !wanted.inverse {
                    wanted.foreground = current.foreground; wanted.bold = current.bold
                }
                if wanted != current {
                    out += transition(from: current, to: wanted)
                    current = wanted
                }
            }
            out.append(Self.safe(cell.character))
        }
        if current != .plain { out += "\u{1B}[0m" }
        return out
    }

    /// Back to column 1 and erase the line (a progress line on stderr).
    public static let clearLine = "\r" + clearToLineEnd
    /// Erases from the cursor to the end of the line (a shorter line drawn in place over a
    /// longer one).
    public static let clearToLineEnd = "\u{1B}[K"
    /// The cursor to the top-left corner (a chart redrawn in place starts there).
    public static let home = "\u{1B}[H"
    /// Erases from the cursor to the end of the screen (what an older, taller chart left).
    public static let clearBelow = "\u{1B}[J"
    /// Home, then an empty screen (Ctrl-L, a resize).
    public static let clearScreen = "\u{1B}[H\u{1B}[2J"
    /// Hides and shows the cursor (a lesson's screens have nothing to type).
    public static let hideCursor = "\u{1B}[?25l"
    public static let showCursor = "\u{1B}[?25h"
    /// The cursor to column 1 of `row` (1-based): a footer on the last row.
    public static func moveTo(row: Int) -> String { "\u{1B}[\(max(row, 1));1H" }

    /// Moves the cursor up `rows` lines to column 1: redrawing a chart in place.
    public static func cursorUp(_ rows: Int) -> String {
        rows > 0 ? "\u{1B}[\(rows)A\r" : "\r"
    }

    /// Control characters never reach the terminal, even if a caller forgot to sanitise.
    static func safe(_ character: Character) -> Character {
        character.unicodeScalars.contains(where: TextMetrics.isUnsafe)
            ? TextMetrics.replacement : character
    }

    /// The shorter of: changing only what differs, or resetting and setting everything.
    func transition(from old: CellStyle, to new: CellStyle) -> String {
        var incremental = [String]()
        if (old.bold && !new.bold) || (old.dim && !new.dim) {
            incremental.append("22")
            if new.bold { incremental.append("1") }
            if new.dim { incremental.append("2") }
        } else {
            if new.bold && !old.bold { incremental.append("1") }
            if new.dim && !old.dim { incremental.append("2") }
        }
        if old.inverse != new.inverse { incremental.append(new.inverse ? "7" : "27") }
        if old.foreground != new.foreground {
            incremental.append(color(new.foreground, foreground: true) ?? "39")
        }
        if old.background != new.background {
            incremental.append(color(new.background, foreground: false) ?? "49")
        }
        var full = ["0"]
        if new.bold { full.append("1") }
        if new.dim { full.append("2") }
        if new.inverse { full.append("7") }
        if let fg = color(new.foreground, foreground: true) { full.append(fg) }
        if let bg = color(new.background, foreground: false) { full.append(bg) }
        let a = incremental.joined(separator: ";"), b = full.joined(separator: ";")
        let chosen = (new == .plain) ? "0" : (a.count <= b.count ? a : b)
        return "\u{1B}[" + (chosen == "0" ? "" : chosen) + "m"
    }

    /// The SGR parameters for a colour in this mode, nil for the default colour.
    func color(_ color: Color?, foreground: Bool) -> String? {
        guard let color else { return nil }
        let c = color.alpha < 1 ? color.flattened(over: background) : color
        switch mode {
        case .none: return nil
        case .truecolor: return "\(foreground ? 38 : 48);2;\(c.red);\(c.green);\(c.blue)"
        case .ansi256: return "\(foreground ? 38 : 48);5;\(ColorQuantizer.index256(c))"
        case .ansi16:
            let index = ColorQuantizer.index16(c)
            let base = index < 8 ? (foreground ? 30 : 40) : (foreground ? 90 : 100)
            return String(base + index % 8)
        }
    }
}
