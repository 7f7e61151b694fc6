import ChartbookModel
import Foundation

/// The y range and the rounding of it to numbers people read easily.
public enum YRange {
    /// Steps tried by `nice`, times a power of ten. The fixed number of intervals (from the
    /// relative reference lines) makes 3, 4, 6 and 8 worth having: 0..20 in steps of 4 beats
    /// 0..25 in steps of 5 for data up to 17; 1.2 and 1.5 make 0..60 rather than 0..100 for
    /// data up to 60.
    static let mantissas: [Double] = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8]

    /// The smallest range `lower ≤ lo, upper ≥ hi` made of `intervals` equal steps of a nice
    /// size, starting at a multiple of the step: every step boundary is a round number.
    public static func nice(_ lo: Double, _ hi: Double, intervals: Int) -> ClosedRange<Double> {
        guard lo.isFinite, hi.isFinite else { return 0...1 }
        let (lo, hi) = widenedIfFlat(lo, hi)
        let k = Double(max(intervals, 1))
        // Halves first: the span of ±1.8e308 would overflow.
        let raw = (hi / 2 - lo / 2) / k * 2
        var exponent = DecimalMagnitude.exponent(of: raw)
        var guardCount = 0
        while guardCount < 8 {
            let scale = DecimalMagnitude.power(exponent)
            for m in mantissas {
                let step = m * scale
                let lower = (lo / step).rounded(.down) * step
                let upper = lower + k * step
                guard upper.isFinite, lower.isFinite else { return lo...hi }
                if upper >= hi - step * 1e-9 {
                    return clean(lower)...clean(upper)
                }
            }
            exponent += 1
            guardCount += 1
        }
        return lo...hi
    }

    /// A zero-height range widened so it can be drawn: ±10 % of the value, at least ±1.
    public static func widenedIfFlat(_ lo: Double, _ hi: Double) -> (Double, Double) {
        guard hi / 2 - lo / 2 <= max(abs(hi), abs(lo)) * 0.5e-12 else { return (lo, hi) }
        let pad = max(abs(lo) * 0.1, 1)
        return (max(lo - pad, -.greatestFiniteMagnitude), min(hi + pad, .greatestFiniteMagnitude))
    }

    /// Removes binary noise such as 0.30000000000000004 from a computed bound: rounded to 13
    /// significant digits. The power of ten it scales by is exact (up to 10²²), and a value
    /// below 10¹³ is multiplied by it and divided back — never multiplied by an inexact
    /// 10⁻ⁿ, which would add noise of its own (1000 read 1000.0000000000001).
    public static func clean(_ value: Double) -> Double {
        guard value != 0, value.isFinite else { return value == 0 ? 0 : value }
        let digits = 12 - DecimalMagnitude.exponent(of: value)
        let scale = DecimalMagnitude.power(abs(digits))
        // Beyond 10²² a power of ten is no longer exact; there the value is kept.
        guard abs(digits) <= 22, scale.isFinite else { return value }
        let cleaned =
            digits >= 0 ? (value * scale).rounded() / scale : (value / scale).rounded() * scale
        guard cleaned.isFinite else { return value }
        return cleaned == 0 ? 0 : cleaned
    }

    /// The number of equal intervals a list of relative positions describes (5 for the default
    /// 0 .2 .4 .6 .8 1; 4 for 0 .25 .5 .75 1), or 5 when they are not evenly spaced.
    public static func intervals(forRelative positions: [Double]) -> Int {
        let sorted = positions.sorted()
        guard sorted.count >= 2, let first = sorted.first, let last = sorted.last, last > first
        else { return 5 }
        let step = (last - first) / Double(sorted.count - 1)
        let even = sorted.enumerated().allSatisfy {
            abs($0.element - (first + Double($0.offset) * step)) < 1e-9
        }
        guard even else { return 5 }
        // Intervals across the whole 0...1 range.
        let total = (1 / step).rounded()
        return abs(total * step - 1) < 1e-9 && total >= 1 && total <= 20
            ? Int(saturating: total) : 5
    }
}
