import Foundation

/// A statistic of a column's distribution that a composite mark draws as a line (issue 50):
/// the plot's values go in, a curve over them comes out (`TransformPipeline.distribution`),
/// per `by=` group. The values become x; what the curve measures becomes y.
public enum Distribution: Equatable, Sendable {
    /// The empirical cumulative distribution: at each distinct value, the share of the
    /// group's values at or below it (0 < F ≤ 1), drawn as steps.
    case ecdf
    /// A Gaussian kernel density estimate (a probability density: its area is 1) at
    /// `Distribution.densitySteps` + 1 evenly spaced points from the group's lowest value
    /// to its highest; `bandwidth` the kernel's standard deviation, nil: Scott's rule
    /// (`scottBandwidth`).
    case density(bandwidth: Double?)

    /// The name of the values it computes (the drawn table's y column).
    public var field: String {
        switch self {
        case .ecdf: "ecdf"
        case .density: "density"
        }
    }

    /// Intervals a density is sampled in (Vega-Lite's `maxsteps` default: the same points).
    public static let densitySteps = 200

    /// Scott's rule as Vega computes it (vega-statistics `bandwidth`): 1.06 · min(s, IQR /
    /// 1.34) · n^(−1/5), with s the sample standard deviation; where that is 0, s, else
    /// |Q1|, else 1 stand in. `values`: present values only.
    public static func scottBandwidth(_ values: [Double]) -> Double {
        let n = values.count
        guard n > 0 else { return 1 }
        let s = Aggregation.sampleDeviation(values)
        let q1 = Statistics.quantile(0.25, of: values), q3 = Statistics.quantile(0.75, of: values)
        let spread = (q3 - q1) / 1.34
        var v = min(s.isNaN ? spread : s, spread)
        if v == 0 || v.isNaN { v = s.isNaN || s == 0 ? (q1 != 0 ? abs(q1) : 1) : s }
        return 1.06 * v * pow(Double(n), -0.2)
    }
}
