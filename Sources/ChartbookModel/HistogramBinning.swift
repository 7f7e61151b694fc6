import Foundation

/// Bins for histograms: edges at multiples of a round width (1, 2 or 5 × 10^k) that cover
/// every value, chosen once for all the histograms of a chart so they share their bins.
///
/// Bins are half-open `[edge, edge + width)` except the last, which also holds its upper
/// edge, so every finite value is counted exactly once.
public struct HistogramBinning: Equatable, Sendable {
    /// The first edge, the bin width and the number of bins (≥ 1).
    public var first: Double
    public var width: Double
    public var count: Int

    /// The most bins a histogram draws.
    public static let maxBins = 1000

    /// The edges, `count + 1` of them.
    public var edges: [Double] { (0...count).map { edge($0) } }

    public func edge(_ i: Int) -> Double { first + Double(i) * width }

    /// The binning for `series` by `rule`: the rule gives a raw width from the data (all
    /// series together), which is rounded to a 1-2-5 width no wider than it (so rules never
    /// lose resolution); nil when no value is finite.
    public static func make(_ series: [[Double]], rule: HistogramStyle.Bins) -> Self? {
        var lo = Double.infinity, hi = -Double.infinity, n = 0
        for values in series {
            let summary = Statistics(of: values)
            guard summary.count > 0 else { continue }
            lo = min(lo, summary.minimum)
            hi = max(hi, summary.maximum)
            n += summary.count
        }
        // A span too wide for a Double has no bins (the values are said, not counted).
        guard n > 0, (hi - lo).isFinite else { return nil }
        guard hi > lo else {
            // One value: one bin around it, a round width of its magnitude.
            let width = NiceTicks.step(for: 0...max(abs(lo), 1), maxCount: 2)?.value ?? 1
            return HistogramBinning(first: lo - width / 2, width: width, count: 1)
        }
        let target = targetCount(series, n: n, span: hi - lo, rule: rule)
        guard let step = NiceTicks.step(for: lo...hi, maxCount: max(2, target + 1)) else {
            return nil
        }
        let width = step.value
        let first = step.times((lo / width).rounded(.down))
        var count = max(1, Int(saturating: ((hi - first) / width).rounded(.up)))
        // The last edge must reach the largest value (division can land a hair short).
        for _ in 0..<4 where first + Double(count) * width < hi { count += 1 }
        return HistogramBinning(first: first, width: width, count: min(count, maxBins + 2))
    }

    /// How many bins the rule asks for over `span`.
    static func targetCount(
        _ series: [[Double]], n: Int, span: Double, rule: HistogramStyle.Bins
    ) -> Int {
        let sturges = Int(saturating: log2(Double(n)).rounded(.up)) + 1
        switch rule {
        case .count(let k): return min(max(k, 1), maxBins)
        case .sturges: return sturges
        case .fd, .auto:
            var all = Statistics.finiteValues(of: series)
            let q = Statistics.quantiles([0.25, 0.75], ofFinite: &all)
            let iqr = q[1] - q[0]
            guard iqr > 0 else { return sturges }
            let width = 2 * iqr * pow(Double(n), -1.0 / 3)
            let fd = min(Int(saturating: (span / width).rounded(.up)), maxBins)
            // numpy's `auto`: the finer of Freedman–Diaconis and Sturges.
            return rule == .fd ? max(fd, 1) : max(fd, sturges)
        }
    }

    /// Counts per bin of `values` (missing values are not counted). One pass.
    public func counts(_ values: [Double]) -> [Double] {
        var counts = [Double](repeating: 0, count: count)
        let last = count - 1
        values.withUnsafeBufferPointer { v in
            for value in v where value.isFinite {
                var i = min(max(Int(saturating: ((value - first) / width).rounded(.down)), 0), last)
                // Division can land a hair off an edge: settle on the edges themselves.
                if i < last && value >= edge(i + 1) { i += 1 }
                if i > 0 && value < edge(i) { i -= 1 }
                counts[i] += 1
            }
        }
        return counts
    }
}
