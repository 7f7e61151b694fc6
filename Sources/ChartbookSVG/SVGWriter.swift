import ChartbookModel

/// Accumulates SVG text; escapes text and attributes; formats numbers with bounded precision.
public struct SVGWriter {
    private(set) var text = ""

    mutating func line(_ s: String) {
        text += s
        text += "\n"
    }

    /// Character data: sanitised (no control characters), with `& < >` escaped.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in TextMetrics.sanitized(s) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Attribute values (double-quoted): also `"` and `'`.
    public static func escapeAttribute(_ s: String) -> String {
        escape(s).replacingQuotes()
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

private extension String {
    func replacingQuotes() -> String {
        var out = ""
        for c in self {
            switch c {
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
