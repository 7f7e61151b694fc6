import Foundation

/// Student's t distribution: its CDF through the regularised incomplete beta function
/// (a continued fraction, Lentz's method), and its quantiles by bisection on the CDF —
/// what a trend's confidence band (`band=`) multiplies the standard error by.
enum StudentT {
    /// The value t with P(T ≤ t) = `p` for `df` degrees of freedom (df > 0, 0 < p < 1),
    /// to about 1e-12 relative; NaN outside those ranges.
    static func quantile(_ p: Double, df: Double) -> Double {
        guard df > 0, p > 0, p < 1, df.isFinite, p.isFinite else { return .nan }
        if p == 0.5 { return 0 }
        if p < 0.5 { return -quantile(1 - p, df: df) }
        // Bracket: the CDF rises to 1; double the upper end until it is past p.
        var low = 0.0, high = 1.0
        while cdf(high, df: df) < p {
            low = high
            high *= 2
            if high > 1e300 { return .infinity }
        }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if mid == low || mid == high { break }
            if cdf(mid, df: df) < p { low = mid } else { high = mid }
            if high - low <= 1e-13 * high { break }
        }
        return (low + high) / 2
    }

    /// P(T ≤ t) for `df` degrees of freedom.
    static func cdf(_ t: Double, df: Double) -> Double {
        guard t.isFinite else { return t > 0 ? 1 : 0 }
        let x = df / (df + t * t)
        let tail = 0.5 * regularizedBeta(x, a: df / 2, b: 0.5)
        return t >= 0 ? 1 - tail : tail
    }

    /// I_x(a, b), the regularised incomplete beta function (Numerical Recipes §6.4).
    static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let front = exp(
            lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x))
        // The continued fraction converges fast for x < (a + 1)/(a + b + 2); else use the
        // symmetry I_x(a, b) = 1 − I_(1−x)(b, a).
        if x < (a + 1) / (a + b + 2) { return front * fraction(x, a: a, b: b) / a }
        return 1 - front * fraction(1 - x, a: b, b: a) / b
    }

    /// The continued fraction of the incomplete beta function, by Lentz's method.
    private static func fraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...300 {
            let m = Double(m), m2 = 2 * m
            var aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return h
    }
}
