import ChartbookModel
import ChartbookScene

/// The sub-cell dot patterns a canvas draws with, and the glyph for each pattern.
///
/// A cell's dots are a bit mask; bit `x + y * dots.x` is the dot at column `x`, row `y`
/// inside the cell (0,0 = top-left).
public struct DotRaster: Sendable {
    public let canvas: Canvas

    /// `canvas`'s cells (`auto` draws braille where it draws cells).
    public init(canvas: Canvas) { self.canvas = canvas.cells }

    public var density: DotDensity {
        switch canvas {
        case .braille, .auto: DotDensity(x: 2, y: 4)
        case .block: DotDensity(x: 2, y: 2)
        case .ascii: DotDensity(x: 1, y: 2)
        }
    }

    /// Braille dot numbering: bits for (x, y) in row-major order of the 2×4 cell.
    private static let brailleBits: [UInt32] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]
    private static let quadrants: [Character] = [
        " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
    ]

    /// The glyph for a cell whose dots are `mask` (row-major bits, see type doc).
    public func glyph(_ mask: UInt8) -> Character {
        switch canvas {
        case .braille, .auto:
            var code: UInt32 = 0
            for bit in 0..<8 where mask & (1 << bit) != 0 { code |= Self.brailleBits[bit] }
            return Character(Unicode.Scalar(0x2800 + code) ?? " ")
        case .block:
            return Self.quadrants[Int(mask & 0x0f)]
        case .ascii:
            switch mask & 0x3 {
            case 1: return "'"
            case 2: return "."
            case 3: return ":"
            default: return " "
            }
        }
    }

    /// Glyph for a whole-cell marker.
    public func marker(_ marker: MarkerStyle.Shape) -> Character {
        Glyphs(asciiOnly: canvas == .ascii).marker(marker)
    }

    /// Glyph for a marker of size level `level` (`Glyphs.sizeGlyph`).
    public func sizeGlyph(_ level: Int) -> Character {
        Glyphs(asciiOnly: canvas == .ascii).sizeGlyph(level)
    }

    public struct FrameGlyphs: Sendable {
        public var vertical, horizontal, leftTick, rightTick, bottomTick, bottomLeft,
            bottomRight: Character
        /// An x axis above the plot: its ticks point up, its corners turn down.
        public var topTick: Character = "+", topLeft: Character = "+", topRight: Character = "+"
    }

    public var frame: FrameGlyphs {
        canvas == .ascii
            ? FrameGlyphs(
                vertical: "|", horizontal: "-", leftTick: "+", rightTick: "+", bottomTick: "+",
                bottomLeft: "+", bottomRight: "+")
            : FrameGlyphs(
                vertical: "│", horizontal: "─", leftTick: "┤", rightTick: "├", bottomTick: "┬",
                bottomLeft: "└", bottomRight: "┘", topTick: "┴", topLeft: "┌", topRight: "┐")
    }

    /// Glyph of a horizontal rule of `style` at `column` (ASCII rules are patterns of `-` and
    /// blanks, so they never look like the `.` and `'` dots of data).
    /// `heavy` (a stroke of 2 pixels or more: `width=`) draws `━ ╍ ┅`, `=` in ASCII.
    public func rule(_ style: RuleStyle, column: Int, heavy: Bool = false) -> Character {
        if heavy {
            switch (style, canvas == .ascii) {
            case (.solid, false): return "━"
            case (.dashed, false): return "╍"
            case (.dotted, false): return "┅"
            case (.solid, true): return "="
            case (.dashed, true): return column % 3 == 2 ? " " : "="
            case (.dotted, true): return column % 2 == 1 ? " " : "="
            }
        }
        switch (style, canvas == .ascii) {
        case (.solid, false): return "─"
        case (.dashed, false): return "╌"
        case (.dotted, false): return "┈"
        case (.solid, true): return "-"
        case (.dashed, true): return column % 3 == 2 ? " " : "-"
        case (.dotted, true): return column % 2 == 1 ? " " : "-"
        }
    }

    /// The glyph of a vertical rule's cell at `row` (dashes and dots leave gaps on the ascii
    /// canvas, as `rule` does across).
    public func verticalRule(_ style: RuleStyle, row: Int, heavy: Bool = false) -> Character {
        if heavy {
            switch (style, canvas == .ascii) {
            case (.solid, false): return "┃"
            case (.dashed, false): return "╏"
            case (.dotted, false): return "┇"
            case (.solid, true): return "#"
            case (.dashed, true): return row % 3 == 2 ? " " : "#"
            case (.dotted, true): return row % 2 == 1 ? " " : "#"
            }
        }
        switch (style, canvas == .ascii) {
        case (.solid, false): return "│"
        case (.dashed, false): return "╎"
        case (.dotted, false): return "┊"
        case (.solid, true): return "|"
        case (.dashed, true): return row % 3 == 2 ? " " : "|"
        case (.dotted, true): return row % 2 == 1 ? " " : "|"
        }
    }

    /// A whole cell of a bar's body (`#` on the ascii canvas, which stays pure ASCII).
    public var fullBlock: Character { canvas == .ascii ? "#" : "█" }

    /// Lower-eighth blocks, index = eighths filled − 1.
    public var lowerBlocks: [Character] {
        canvas == .ascii
            ? Array(repeating: "#", count: 8) : ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    }

    /// The glyph for the partial cell at the lower end of a negative bar, `eighths` 1...8 filled from the top.
    public func upperBlock(eighths: Int) -> Character? {
        if canvas == .ascii { return eighths >= 4 ? "#" : nil }
        switch eighths {
        case ...0: return nil
        case 1...2: return "▔"
        case 3...5: return "▀"
        default: return "█"
        }
    }

    /// Left-eighth blocks (horizontal bars), index = eighths filled − 1.
    public var leftBlocks: [Character] {
        canvas == .ascii
            ? Array(repeating: "#", count: 8) : ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]
    }

    /// Fill patterns that tell areas apart without colour (pie slices, stacked parts,
    /// heatmap levels from light to dense come from `shades`).
    public var patterns: [Character] {
        canvas == .ascii
            ? ["#", "o", "+", ":", "=", "%", "x", "*", "@", "~"]
            : ["█", "▓", "▒", "░", "▚", "▞", "▖", "▘", "▙", "▟"]
    }

    /// Pattern `index` (any number: they repeat).
    public func pattern(_ index: Int) -> Character {
        patterns[((index % patterns.count) + patterns.count) % patterns.count]
    }

    /// Shades from light to full, for heatmap levels.
    public var shades: [Character] {
        canvas == .ascii ? [".", ":", "+", "*", "#"] : ["░", "▒", "▓", "█"]
    }

    /// The shade of `level` (0...1; outside is clamped).
    public func shade(level: Double) -> Character {
        let shades = self.shades
        let clamped = min(max(level.isNaN ? 0 : level, 0), 1)
        return shades[min(Int(saturating: clamped * Double(shades.count)), shades.count - 1)]
    }

    /// Whether `glyph` fills part of a cell from its top or bottom (a bar's end).
    public func isPartialBlock(_ glyph: Character) -> Bool {
        canvas != .ascii && (lowerBlocks.dropLast().contains(glyph) || glyph == "▔" || glyph == "▀")
    }

    /// The body of a hollow box (a rising candle) too small to outline.
    public var hollowBlock: Character { canvas == .ascii ? "=" : "░" }
}
