import Foundation

/// `jitter=W` on a dot plot: each point moved along x by a share of its slot (the space
/// between neighbouring categories, or the smallest step between the plot's distinct x
/// values), so points that share an x stand apart (a strip plot; gnuplot's `set jitter`,
/// ggplot2's `geom_jitter`). The offsets are not random: row r (its dataset row, from 0)
/// moves by (frac((r + 1)·φ⁻¹) − ½)·W slots — the golden ratio's sequence, spread evenly
/// over the slot — the same in the terminal, SVG and Vega-Lite (the same double operations
/// in Swift and JavaScript), so a script replays to the same bytes and every surface puts a
/// point at the same place.
public enum Jitter {
    /// φ⁻¹ = (√5 − 1)/2, whose multiples' fractional parts spread most evenly.
    public static let step = 0.6180339887498949

    /// Row `row`'s offset in slots: in (−W/2, W/2) for `width` W.
    public static func offset(row: Int, width: Double) -> Double {
        let t = Double(row + 1) * step
        return (t - t.rounded(.down) - 0.5) * width
    }

    /// `offset` as a Vega expression over the row field `rowField`.
    public static func vegaExpression(rowField: String, width: Double) -> String {
        let t = "(datum.\(rowField) + 1) * \(step)"
        return "(\(t) - floor(\(t)) - 0.5) * \(NumberText.shortest(width))"
    }
}

extension Plot {
    /// Whether it stands in slots around each x rather than at points (bars, candles, boxes,
    /// error bars — and jittered dots, spread across theirs): the x axis then reaches half a
    /// slot beyond the first and last x, so nothing is cut off at the ends.
    public var standsInSlots: Bool {
        kind.spec.standsInSlots || (kind == .dot && (style.marker.jitter ?? 0) > 0)
    }
}

extension Session {
    /// A plot's slot in x units over a numeric or time x (seconds): the smallest step
    /// between the distinct x values of the rows it keeps, all its groups' — what a jittered
    /// dot spreads across and a group of side-by-side bars shares; nil over categories (a
    /// category's slot is one) or without two distinct values.
    public func slot(of plot: Plot) -> Double? {
        guard let column = xColumn(of: plot), column.kind != .text, var xs = column.numbers
        else { return nil }
        if let kept = rowsKept(by: plot) {
            xs = xs.indices.filter { $0 < kept.count && kept[$0] }.map { xs[$0] }
        }
        let step = Statistics.smallestStep(xs)
        return step.isFinite ? step : nil
    }
}
