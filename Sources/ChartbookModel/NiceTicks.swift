import Foundation

/// Round tick values inside a numeric range: steps of 1, 2 or 5 times a power of ten, as
/// many as the room allows. Every tick is a multiple of the step and lies inside the range,
/// so a fixed range `10..38` is ticked `10 15 20 25 30 35`, never `15.6 21.2 …`.
///
/// Values are computed as (integer × mantissa) scaled by an exact power of ten (multiplied
/// for positive exponents, divided for negative ones), so `0.3` is 0.3, not
/// 0.30000000000000004.
public enum NiceTicks {
    static let mantissas = [1, 2, 5]

    /// A step: `mantissa × 10^exponent`.
    public struct Step: Equatable, Sendable {
        public var mantissa: Int
        public var exponent: Int
        public var value: Double { scaled(Double(mantissa), by: exponent) }

        public init(mantissa: Int, exponent: Int) {
            self.mantissa = mantissa
            self.exponent = exponent
        }

        /// The value of `k` steps, exactly rounded.
        public func times(_ k: Double) -> Double {
            NiceTicks.scaled(k * Double(mantissa), by: exponent)
        }
    }

    /// The ticks of the densest 1-2-5 step that gives at most `maxCount` ticks in `range`.
    /// Empty when the range is not finite or `maxCount` < 1; one tick for a flat range.
    public static func ticks(in range: ClosedRange<Double>, maxCount: Int) -> [Double] {
        guard let step = step(for: range, maxCount: maxCount) else {
            return range.lowerBound.isFinite && range.lowerBound == range.upperBound
                && maxCount >= 1
                ? [range.lowerBound] : []
        }
        return ticks(in: range, step: step)
    }

    /// The multiples of `step` inside `range`.
    public static func ticks(in range: ClosedRange<Double>, step: Step) -> [Double] {
        let (first, last) = bounds(range, step)
        guard last >= first else { return [] }
        return stride(from: first, through: last, by: 1).map { step.times($0) }
    }

    /// The densest step with at most `maxCount` ticks inside `range`; nil when none fits
    /// (a flat or infinite range, or no room).
    public static func step(for range: ClosedRange<Double>, maxCount: Int) -> Step? {
        let span = range.upperBound / 2 - range.lowerBound / 2
        guard maxCount >= 1, span > 0, span.isFinite else { return nil }
        // Start an order of magnitude below the step that would give maxCount ticks.
        // (Logarithms added: the span of ±1.8e308 is only representable halved.)
        let raw =
            DecimalMagnitude.logarithm(span) + DecimalMagnitude.logarithm(2 / Double(maxCount))
        var exponent = Int(saturating: raw.rounded(.down)) - 1
        for _ in 0..<8 {
            for mantissa in mantissas {
                let step = Step(mantissa: mantissa, exponent: exponent)
                guard step.value.isFinite else { return nil }
                let (first, last) = bounds(range, step)
                if last - first + 1 <= Double(maxCount) { return step }
            }
            exponent += 1
        }
        return nil
    }

    /// The first and last multiple (as step counts) inside the range.
    static func bounds(_ range: ClosedRange<Double>, _ step: Step) -> (Double, Double) {
        let size = step.value
        var first = (range.lowerBound / size).rounded(.up)
        var last = (range.upperBound / size).rounded(.down)
        // Division can land a hair off a multiple: keep only ticks truly inside.
        if step.times(first) < range.lowerBound { first += 1 }
        if step.times(last) > range.upperBound { last -= 1 }
        return (first, last)
    }

    /// `value × 10^exponent`, exactly rounded where both are exact (|exponent| ≤ 22).
    static func scaled(_ value: Double, by exponent: Int) -> Double {
        let power = DecimalMagnitude.power(Double(abs(exponent)))
        return exponent >= 0 ? value * power : value / power
    }
}
