import ChartbookModel

/// Accumulates SVG text; escapes text and attributes; formats numbers with bounded precision.
public struct SVGWriter {
    private(set) var text = ""
    /// How many times each element id was given out.
    private var ids: [String: Int] = [:]

    /// `base`, the first time it is asked for; then `base-2`, `base-3` … (issue 30: the
    /// groups of a `by=` plot, and a plot's line and its dots, shared one id). Every id in a
    /// document is unique.
    mutating func uniqueID(_ base: String) -> String {
        var count = ids[base, default: 0] + 1
        var id = count == 1 ? base : "\(base)-\(count)"
        while count > 1, ids[id] != nil {
            count += 1
            id = "\(base)-\(count)"
        }
        ids[base] = count
        if id != base { ids[id] = 1 }
        return id
    }

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
