/// Summary statistics over a column of values; NaN (missing) and infinite values are skipped.
public struct Statistics: Equatable, Sendable {
    /// Values counted (finite ones).
    public var count: Int
    /// Values that were NaN (missing or unparseable).
    public var missing: Int
    public var minimum: Double
    public var maximum: Double
    public var mean: Double

    /// One pass over `values`. For an empty or all-missing column min/max/mean are NaN.
    public init<C: Collection>(of values: C) where C.Element == Double {
        var count = 0, missing = 0
        var lo = Double.infinity, hi = -Double.infinity, sum = 0.0
        for v in values {
            if v.isNaN { missing += 1; continue }
            guard v.isFinite else { continue }
            count += 1
            if v < lo { lo = v }
            if v > hi { hi = v }
            sum += v
        }
        self.count = count
        self.missing = missing
        minimum = count > 0 ? lo : .nan
        maximum = count > 0 ? hi : .nan
        mean = count > 0 ? sum / Double(count) : .nan
    }

    /// The q-quantile (0...1) with linear interpolation between closest ranks (numpy's
    /// default); NaN when there are no finite values.
    public static func quantile<C: Collection>(_ q: Double, of values: C) -> Double where C.Element == Double {
        let sorted = values.filter(\.isFinite).sorted()
        guard let first = sorted.first else { return .nan }
        guard sorted.count > 1 else { return first }
        let position = min(max(q, 0), 1) * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
