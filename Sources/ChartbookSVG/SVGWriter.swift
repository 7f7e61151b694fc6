import ChartbookModel

/// Accumulates SVG text; escapes text and attributes; formats numbers with bounded precision.
public struct SVGWriter {
    private(set) var text = ""

    mutating func line(_ s: String) {
        text += s
        text += "\n"
    }

    /// Character data: sanitised (no control characters), with `& < >` escaped.
    ///
    /// Escapes by Unicode scalar, never by `Character`: a grapheme cluster can glue `<` or `>`
    /// to a neighbouring scalar (U+0600 before it, a combining accent after it), and an
    /// escaper comparing clusters would let that `<` through as live markup.
    public static func escape(_ s: String) -> String {
        escaping(TextMetrics.sanitized(s), quotes: false)
    }

    /// Attribute values (double- or single-quoted): also `"` and `'`.
    public static func escapeAttribute(_ s: String) -> String {
        escaping(TextMetrics.sanitized(s), quotes: true)
    }

    private static func escaping(_ s: String, quotes: Bool) -> String {
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quotes: out.append(contentsOf: "&quot;".unicodeScalars)
            case "'" where quotes: out.append(contentsOf: "&apos;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// At most two decimals, no trailing zeros, never "-0".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var scaled = (value * 100).rounded()
        if scaled == 0 { scaled = 0 }
        let negative = scaled < 0
        let magnitude = Int64(saturating: abs(scaled))
        let whole = magnitude / 100, fraction = magnitude % 100
        var s = String(whole)
        if fraction != 0 {
            s += "." + (fraction < 10 ? "0" : "") + String(fraction)
            while s.hasSuffix("0") { s.removeLast() }
        }
        return negative ? "-" + s : s
    }
}
