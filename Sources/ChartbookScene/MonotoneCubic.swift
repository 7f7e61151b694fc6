/// Monotone cubic Hermite interpolation (Fritsch–Carlson): a smooth curve through the points
/// that never overshoots its neighbouring values, so a smoothed line stays within the data's
/// local range. Used for `style=smooth` by both renderers.
public enum MonotoneCubic {
    /// Tangents (dy/dx) at each point of a run with strictly increasing `xs`.
    public static func tangents(xs: [Double], ys: [Double]) -> [Double] {
        let n = xs.count
        guard n > 1 else { return Array(repeating: 0, count: n) }
        var slopes = [Double](repeating: 0, count: n - 1)
        for i in 0..<(n - 1) { slopes[i] = (ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]) }
        var m = [Double](repeating: 0, count: n)
        m[0] = slopes[0]
        m[n - 1] = slopes[n - 2]
        for i in 1..<(n - 1) {
            m[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2
        }
        for i in 0..<(n - 1) {
            if slopes[i] == 0 { m[i] = 0; m[i + 1] = 0; continue }
            let a = m[i] / slopes[i], b = m[i + 1] / slopes[i]
            let s = a * a + b * b
            if s > 9 {
                let t = 3 / s.squareRoot()
                m[i] = t * a * slopes[i]
                m[i + 1] = t * b * slopes[i]
            }
        }
        return m
    }

    /// The curve's value at `x` between points `i` and `i + 1`.
    public static func value(at x: Double, i: Int, xs: [Double], ys: [Double], tangents m: [Double])
        -> Double
    {
        let h = xs[i + 1] - xs[i]
        let t = (x - xs[i]) / h
        let t2 = t * t, t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * ys[i] + (t3 - 2 * t2 + t) * h * m[i]
            + (-2 * t3 + 3 * t2) * ys[i + 1] + (t3 - t2) * h * m[i + 1]
    }
}
