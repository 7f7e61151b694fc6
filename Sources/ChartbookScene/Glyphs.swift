import ChartbookModel

/// Symbols the layout writes as text (legend keys, readout marker) and the glyphs markers are
/// drawn with, in Unicode or in plain ASCII for the ascii canvas.
public struct Glyphs: Equatable, Sendable {
    public var asciiOnly: Bool

    public init(asciiOnly: Bool) { self.asciiOnly = asciiOnly }

    /// The glyph a dot plot's marker is drawn with (one cell wide).
    /// The glyph of size level `level` (0 smallest … 3: `SizeScale.glyphs`; ASCII `.oO@`).
    public func sizeGlyph(_ level: Int) -> Character {
        let glyphs: [Character] = asciiOnly ? [".", "o", "O", "@"] : SizeScale.glyphs
        return glyphs[min(max(level, 0), glyphs.count - 1)]
    }

    public func marker(_ marker: MarkerStyle.Shape) -> Character {
        switch marker {
        case .circle: return asciiOnly ? "o" : "●"
        case .square: return asciiOnly ? "#" : "■"
        case .diamond: return asciiOnly ? "*" : "◆"
        case .cross: return asciiOnly ? "x" : "✕"
        case .glyph(let c):
            let safe = TextMetrics.sanitized(String(c))
            guard let first = safe.first, TextMetrics.width(of: first) == 1,
                !(asciiOnly && !first.isASCII)
            else {
                return asciiOnly ? "*" : "●"
            }
            return first
        }
    }

    /// The legend key for a plot.
    public func legendKey(_ plot: Plot) -> String {
        switch plot.kind.spec.legendKey {
        case .line:
            switch plot.style.stroke.dash {
            case .dashed?: return asciiOnly ? "~" : "╍"
            case .dotted?: return asciiOnly ? "." : "┅"
            default: return asciiOnly ? "-" : "━"
            }
        case .area: return asciiOnly ? "=" : "▒"
        case .marker:
            if plot.kind.spec.mark == .dots, plot.style.marker.isPoint {
                return asciiOnly ? "." : "·"
            }
            return String(marker(plot.style.marker.resolvedShape))
        case .block: return asciiOnly ? "#" : "█"
        case .rangeBar: return asciiOnly ? "|" : "┃"
        case .box: return asciiOnly ? "[" : "▯"
        case .spark: return asciiOnly ? "~" : "⠉"
        }
    }

    public var readoutMarker: String { asciiOnly ? ">" : "▶" }
    /// What fills the area under a line in the terminal.
    public var fill: Character { asciiOnly ? "~" : "░" }
    public var missingValue: String { asciiOnly ? "-" : "–" }
}
