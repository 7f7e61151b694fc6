/// What a box plot shows of a set of values: the quartiles (linear interpolation between
/// closest ranks, numpy's and R's default), whiskers at the furthest values within 1.5 IQR
/// of the box (Tukey), and the values beyond them. Missing values are left out.
public struct BoxStatistics: Equatable, Sendable {
    public var count: Int
    public var lowerQuartile: Double
    public var median: Double
    public var upperQuartile: Double
    /// The smallest value ≥ Q1 − 1.5 IQR, and the largest ≤ Q3 + 1.5 IQR.
    public var lowerWhisker: Double
    public var upperWhisker: Double
    /// The values beyond the whiskers, in data order.
    public var outliers: [Double]

    public var interquartileRange: Double { upperQuartile - lowerQuartile }

    /// The statistics of `values`; nil when none is finite. O(n): quantiles by selection,
    /// not by sorting (a box of 10⁷ values takes one copy and a few passes). Concrete, not
    /// generic: a generic version is not specialised across modules (as `Statistics`).
    public init?(_ values: [Double]) {
        var finite = Statistics.finiteValues(of: [values])
        guard !finite.isEmpty else { return nil }
        count = finite.count
        let quartiles = Statistics.quantiles([0.25, 0.5, 0.75], ofFinite: &finite)
        lowerQuartile = quartiles[0]
        median = quartiles[1]
        upperQuartile = quartiles[2]
        let reach = 1.5 * (quartiles[2] - quartiles[0])
        let (low, high) = (quartiles[0] - reach, quartiles[2] + reach)
        var lowest = Double.infinity, highest = -Double.infinity
        var outliers = [Double]()
        values.withUnsafeBufferPointer { v in
            for x in v where x.isFinite {
                if x < low || x > high {
                    outliers.append(x)
                } else {
                    lowest = Swift.min(lowest, x)
                    highest = Swift.max(highest, x)
                }
            }
        }
        // Whiskers never reach inside the box (possible when Q1 and Q3 are interpolated).
        lowerWhisker = Swift.min(lowest, quartiles[0])
        upperWhisker = Swift.max(highest, quartiles[2])
        self.outliers = outliers
    }
}

extension Statistics {
    /// The smallest step between distinct finite values of `xs` (infinity with fewer than
    /// two): the slot of bars and jittered dots over a numeric x. `sorted`: `xs` ascend
    /// already, without missing values (lines and bars, `SeriesResolver.order`).
    public static func smallestStep(_ xs: [Double], sorted isSorted: Bool = false) -> Double {
        let sorted = isSorted ? xs : xs.filter(\.isFinite).sorted()
        var step = Double.infinity
        for (a, b) in zip(sorted, sorted.dropFirst()) where b > a { step = min(step, b - a) }
        return step
    }

    /// The finite values of `arrays`, in order, in one array (a copy to reorder for
    /// quantiles). One tight pass each.
    public static func finiteValues(of arrays: [[Double]]) -> [Double] {
        var finite = [Double]()
        finite.reserveCapacity(arrays.reduce(0) { $0 + $1.count })
        for values in arrays {
            values.withUnsafeBufferPointer { v in
                for x in v where x.isFinite { finite.append(x) }
            }
        }
        return finite
    }

    /// The `qs`-quantiles (each 0...1, ascending) of `values`, which must all be finite, with
    /// linear interpolation between closest ranks (as `quantile`). Reorders `values`: each
    /// rank is found by selection in the part not yet partitioned, O(n) expected in all.
    public static func quantiles(_ qs: [Double], ofFinite values: inout [Double]) -> [Double] {
        let n = values.count
        guard n > 1 else { return qs.map { _ in values.first ?? .nan } }
        var lowerBound = 0
        return qs.map { q in
            let position = Swift.min(Swift.max(q, 0), 1) * Double(n - 1)
            let lower = Int(saturating: position.rounded(.down))
            select(lower, in: &values, from: lowerBound)
            lowerBound = lower
            let a = values[lower]
            guard lower + 1 < n, position > Double(lower) else { return a }
            // The next rank is the smallest value right of `lower` (all of them are ≥ a).
            var b = Double.infinity
            for i in (lower + 1)..<n where values[i] < b { b = values[i] }
            return a + (b - a) * (position - Double(lower))
        }
    }

    /// Reorders `values[from...]` so that `values[k]` is the value of rank `k` with smaller
    /// values before it and larger ones after (quickselect, median-of-three pivots).
    public static func select(_ k: Int, in values: inout [Double], from: Int = 0) {
        var low = from, high = values.count - 1
        guard k >= low, k <= high else { return }
        values.withUnsafeMutableBufferPointer { v in
            while high > low {
                let mid = low + (high - low) / 2
                // Median of three as the pivot, so sorted input stays linear.
                if v[mid] < v[low] { v.swapAt(mid, low) }
                if v[high] < v[low] { v.swapAt(high, low) }
                if v[high] < v[mid] { v.swapAt(high, mid) }
                let pivot = v[mid]
                var i = low, j = high
                while i <= j {
                    while v[i] < pivot { i += 1 }
                    while v[j] > pivot { j -= 1 }
                    if i <= j {
                        v.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j {
                    high = j
                } else if k >= i {
                    low = i
                } else {
                    return
                }
            }
        }
    }
}
