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
    /// (Concrete, not generic: a generic version is not specialised across modules and
    /// costs an allocation per element.)
    public init(of values: [Double]) {
        self = values.withUnsafeBufferPointer { Statistics(of: $0) }
    }

    public init(of values: ArraySlice<Double>) {
        self = values.withUnsafeBufferPointer { Statistics(of: $0) }
    }

    public init(of values: UnsafeBufferPointer<Double>) {
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

    /// The smallest and largest finite values, nil when there are none. One tight pass
    /// (comparisons with NaN are false, so missing values fall out without a test).
    public static func extent(of values: UnsafeBufferPointer<Double>) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for v in values {
            lo = v < lo ? v : lo
            hi = v > hi ? v : hi
        }
        if lo == -.infinity || hi == .infinity {
            // Infinities are not drawable: the careful pass leaves them out.
            let s = Statistics(of: values)
            return s.count > 0 ? (s.minimum, s.maximum) : nil
        }
        return lo <= hi ? (lo, hi) : nil
    }

    public static func extent(of values: ArraySlice<Double>) -> (Double, Double)? {
        values.withUnsafeBufferPointer { extent(of: $0) }
    }

    /// The q-quantile (0...1) with linear interpolation between closest ranks (numpy's
    /// default); NaN when there are no finite values.
    public static func quantile(_ q: Double, of values: [Double]) -> Double {
        let sorted = values.filter(\.isFinite).sorted()
        guard let first = sorted.first else { return .nan }
        guard sorted.count > 1 else { return first }
        let position = min(max(q, 0), 1) * Double(sorted.count - 1)
        let lower = Int(saturating: position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }
}
