/// How the rows that share an x (and a `by=` group) become one value (`agg=`).
///
/// Missing values (NaN) are left out of every aggregate and never read as zero: `count`
/// counts present values (rows, when the plot has no y column), and an aggregate of no
/// present values is missing — but `count` and `distinct`, which are 0. Quantiles
/// (`median`, `q1`, `q3`, and the percentiles `p90`, `p95`, `p99` of latencies) interpolate
/// linearly between the closest ranks (R-7: numpy, d3, PostgreSQL's `percentile_cont`);
/// `stdev` is the sample standard deviation (n − 1), missing below two values.
public enum Aggregation: String, Hashable, Sendable, CaseIterable {
    case sum, count, mean, median, min, max, q1, q3, p90, p95, p99, stdev, distinct

    /// The quantile of a quantile's aggregation (0…1); nil for the others.
    public var quantile: Double? {
        switch self {
        case .median: 0.5
        case .q1: 0.25
        case .q3: 0.75
        case .p90: 0.9
        case .p95: 0.95
        case .p99: 0.99
        default: nil
        }
    }

    /// What a group with no present value aggregates to.
    public var ofNothing: Double { self == .count || self == .distinct ? 0 : .nan }

    /// `op` of `values` (present ones only; NaN are left out): the one definition the
    /// executor, the tests' references and the readouts share.
    public func apply(to values: [Double]) -> Double {
        let present = values.filter { !$0.isNaN }
        guard !present.isEmpty else { return ofNothing }
        switch self {
        case .count: return Double(present.count)
        case .distinct: return Double(Set(present).count)
        case .sum: return present.reduce(0, +)
        case .mean: return present.reduce(0, +) / Double(present.count)
        case .min: return present.min() ?? .nan
        case .max: return present.max() ?? .nan
        case .median, .q1, .q3, .p90, .p95, .p99:
            return Statistics.quantile(quantile ?? 0.5, of: present)
        case .stdev: return Self.sampleDeviation(present)
        }
    }

    /// The sample standard deviation (n − 1) by Welford's update; NaN below two values.
    public static func sampleDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return .nan }
        var mean = 0.0, squares = 0.0
        for (i, v) in values.enumerated() {
            let delta = v - mean
            mean += delta / Double(i + 1)
            squares += delta * (v - mean)
        }
        return (squares / Double(values.count - 1)).squareRoot()
    }
}
