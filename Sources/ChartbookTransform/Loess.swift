import ChartbookModel

/// Locally weighted linear regression (Cleveland's loess), as Vega's `loess` computes it:
/// for each point, a least-squares line through its ⌊bandwidth·n⌋ nearest neighbours (two
/// at least) with tricube weights, then two robustness iterations that weigh points down by
/// their residuals (bisquare, 6 median residuals); points sharing an x are averaged.
enum Loess {
    static let iterations = 2
    static let epsilon = 1e-12

    static func smooth(_ x: [Double], _ y: [Double], bandwidth: Double) -> [(x: Double, y: Double)]
    {
        let order = x.indices.sorted { x[$0] < x[$1] || (x[$0] == x[$1] && $0 < $1) }
        let xv = order.map { x[$0] }, yv = order.map { y[$0] }
        let n = xv.count
        let width = max(2, Int(bandwidth * Double(n)))
        var fitted = [Double](repeating: 0, count: n)
        var residuals = [Double](repeating: 0, count: n)
        var robust = [Double](repeating: 1, count: n)
        for iteration in 0...iterations {
            var interval = (0, min(width, n) - 1)
            for i in 0..<n {
                fitted[i] = local(i, xv, yv, robust, interval)
                residuals[i] = abs(yv[i] - fitted[i])
                interval = advanced(interval, to: i + 1, xv)
            }
            if iteration == iterations { break }
            let median = Statistics.quantile(0.5, of: residuals)
            if abs(median) < epsilon { break }
            for i in 0..<n {
                let arg = residuals[i] / (6 * median)
                robust[i] = arg >= 1 ? epsilon : (1 - arg * arg) * (1 - arg * arg)
            }
        }
        var out = [(x: Double, y: Double)]()
        var count = 0
        for i in 0..<n {
            if let last = out.last, last.x == xv[i] {
                count += 1
                out[out.count - 1].y += (fitted[i] - last.y) / Double(count)
            } else {
                count = 1
                out.append((xv[i], fitted[i]))
            }
        }
        return out
    }

    /// The local line's value at point i over the neighbours in `interval`.
    static func local(
        _ i: Int, _ xv: [Double], _ yv: [Double], _ robust: [Double], _ interval: (Int, Int)
    ) -> Double {
        let dx = xv[i]
        let (i0, i1) = interval
        let edge = dx - xv[i0] > xv[i1] - dx ? i0 : i1
        let span = abs(xv[edge] - dx)
        let denominator = 1 / (span == 0 ? 1 : span)
        var w = 0.0, sx = 0.0, sy = 0.0, sxy = 0.0, sxx = 0.0
        for k in i0...i1 {
            let d = abs(dx - xv[k]) * denominator
            let t = 1 - d * d * d
            let weight = (d >= 1 ? 0 : t * t * t) * robust[k]
            w += weight
            sx += xv[k] * weight
            sy += yv[k] * weight
            sxy += yv[k] * xv[k] * weight
            sxx += xv[k] * xv[k] * weight
        }
        guard w > 0 else { return yv[i] }
        let (mx, my) = (sx / w, sy / w)
        let delta = sxx / w - mx * mx
        let slope = abs(delta) < 1e-24 ? 0 : (sxy / w - mx * my) / delta
        return my - slope * mx + slope * dx
    }

    /// Moves the window of nearest neighbours along to point `i`.
    static func advanced(_ interval: (Int, Int), to i: Int, _ xv: [Double]) -> (Int, Int) {
        guard i < xv.count else { return interval }
        var (left, right) = interval
        let value = xv[i]
        while right + 1 < xv.count, i > left, xv[right + 1] - value <= value - xv[left] {
            left += 1
            right += 1
        }
        return (left, right)
    }
}
