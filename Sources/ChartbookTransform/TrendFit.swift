import ChartbookModel
import Foundation

/// A curve fitted to points (`add plot trend … method=`): its coefficients, R², and the
/// curve itself. Least squares are computed on centred x (stable for years and for times in
/// seconds since the epoch, where sums of raw squares lose every digit); the formulas are
/// those of Vega's `regression` otherwise, so an export draws the same curve.
public struct TrendFit: Equatable, Sendable {
    public let method: TrendMethod
    /// linear, log: [a, b]; exp: [a, b] of a·e^(b·x); poly: c₀ … cₖ in powers of x.
    public let coefficients: [Double]
    /// 1 − SSE/SST over the points fitted; nil for loess.
    public let rSquared: Double?
    /// Points left out (y ≤ 0 for exp, x ≤ 0 for log).
    public let leftOut: Int
    /// Poly: the centre and scale the polynomial was fitted in (x' = (x − centre)/scale).
    let centre: Double, scale: Double
    let centred: [Double]
    /// Loess: the smoothed points (distinct x, ascending).
    public let smoothed: [(x: Double, y: Double)]
    /// The confidence band of the mean (`band=`), for a least-squares fit; nil without.
    public var band: Band? = nil

    public static func == (a: TrendFit, b: TrendFit) -> Bool {
        a.method == b.method && a.coefficients == b.coefficients && a.rSquared == b.rSquared
            && a.smoothed.map(\.x) == b.smoothed.map(\.x)
            && a.smoothed.map(\.y) == b.smoothed.map(\.y) && a.band == b.band
    }

    /// The fitted value at `x`.
    public func predict(_ x: Double) -> Double {
        switch method {
        case .linear: return coefficients[0] + coefficients[1] * x
        case .log: return coefficients[0] + coefficients[1] * Foundation.log(x)
        case .exp: return coefficients[0] * Foundation.exp(coefficients[1] * x)
        case .poly:
            let u = (x - centre) / scale
            return centred.reversed().reduce(0) { $0 * u + $1 }
        case .loess: return .nan
        }
    }

    /// The curve to draw over `extent`: `count` evenly spaced points (loess: its points).
    /// A straight line is two points, unless its band (curved) is drawn along it.
    public func curve(over extent: ClosedRange<Double>, count: Int = 200)
        -> [(x: Double, y: Double)]
    {
        if case .loess = method { return smoothed }
        if extent.lowerBound == extent.upperBound {
            return [(extent.lowerBound, predict(extent.lowerBound))]
        }
        let n = method == .linear && band == nil ? 2 : count
        return (0..<n).map { i in
            let x =
                i == n - 1
                ? extent.upperBound
                : extent.lowerBound + Double(i) / Double(n - 1)
                    * (extent.upperBound - extent.lowerBound)
            return (x, predict(x))
        }
    }
}

extension TrendFit {
    /// Fits `method` to the points (finite x and y); nil below two usable points.
    public static func fit(_ method: TrendMethod, x: [Double], y: [Double]) -> TrendFit? {
        if method == .linear { return streamedLine(x, y) }
        var xs = [Double](), ys = [Double](), leftOut = 0
        for (a, b) in zip(x, y) where a.isFinite && b.isFinite {
            if (method == .exp && b <= 0) || (method == .log && a <= 0) {
                leftOut += 1
                continue
            }
            xs.append(a)
            ys.append(b)
        }
        guard xs.count >= 2 else { return nil }
        switch method {
        case .linear: return line(method, xs, ys, leftOut: leftOut, transform: { $0 })
        case .log: return line(method, xs, ys, leftOut: leftOut, transform: Foundation.log)
        case .exp: return exponential(xs, ys, leftOut: leftOut)
        case .poly(let k): return polynomial(k, xs, ys, leftOut: leftOut)
        case .loess(let bandwidth):
            return TrendFit(
                method: method, coefficients: [], rSquared: nil, leftOut: leftOut, centre: 0,
                scale: 1, centred: [], smoothed: Loess.smooth(xs, ys, bandwidth: bandwidth))
        }
    }

    /// y = a + b·t(x) by least squares on centred t(x).
    static func line(
        _ method: TrendMethod, _ xs: [Double], _ ys: [Double], leftOut: Int,
        transform: (Double) -> Double
    ) -> TrendFit {
        let ts = xs.map(transform)
        let n = Double(ts.count)
        let tMean = ts.reduce(0, +) / n, yMean = ys.reduce(0, +) / n
        var sxy = 0.0, sxx = 0.0
        for (t, y) in zip(ts, ys) {
            sxy += (t - tMean) * (y - yMean)
            sxx += (t - tMean) * (t - tMean)
        }
        let b = sxx == 0 ? 0 : sxy / sxx
        let a = yMean - b * tMean
        let fit = TrendFit(
            method: method, coefficients: [a, b], rSquared: nil, leftOut: leftOut, centre: 0,
            scale: 1, centred: [], smoothed: [])
        return fit.with(rSquared: rSquared(fit, xs, ys))
    }

    /// y = a + b·x over the finite pairs in three passes without copying them (means; centred
    /// sums; R²), for the long columns a trend is often drawn over.
    static func streamedLine(_ x: [Double], _ y: [Double]) -> TrendFit? {
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys -> TrendFit? in
                let n = min(xs.count, ys.count)
                var count = 0.0, sx = 0.0, sy = 0.0
                for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
                    count += 1
                    sx += xs[i]
                    sy += ys[i]
                }
                guard count >= 2 else { return nil }
                let (mx, my) = (sx / count, sy / count)
                var sxy = 0.0, sxx = 0.0
                for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
                    sxy += (xs[i] - mx) * (ys[i] - my)
                    sxx += (xs[i] - mx) * (xs[i] - mx)
                }
                let b = sxx == 0 ? 0 : sxy / sxx
                let a = my - b * mx
                var sse = 0.0, sst = 0.0
                for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
                    let e = ys[i] - (a + b * xs[i]), d = ys[i] - my
                    sse += e * e
                    sst += d * d
                }
                return TrendFit(
                    method: .linear, coefficients: [a, b], rSquared: sst == 0 ? 1 : 1 - sse / sst,
                    leftOut: 0, centre: 0, scale: 1, centred: [], smoothed: [])
            }
        }
    }

    /// y = a·e^(b·x): least squares of ln y weighted by y (Vega's `exp`), on centred x.
    static func exponential(_ xs: [Double], _ ys: [Double], leftOut: Int) -> TrendFit {
        let w = ys.reduce(0, +)
        let xMean = zip(xs, ys).reduce(0) { $0 + $1.0 * $1.1 } / w
        let lMean = ys.reduce(0) { $0 + $1 * Foundation.log($1) } / w
        var sxl = 0.0, sxx = 0.0
        for (x, y) in zip(xs, ys) {
            sxl += y * (x - xMean) * (Foundation.log(y) - lMean)
            sxx += y * (x - xMean) * (x - xMean)
        }
        let b = sxx == 0 ? 0 : sxl / sxx
        let a = Foundation.exp(lMean - b * xMean)
        let fit = TrendFit(
            method: .exp, coefficients: [a, b], rSquared: nil, leftOut: leftOut, centre: 0,
            scale: 1, centred: [], smoothed: [])
        return fit.with(rSquared: rSquared(fit, xs, ys))
    }

    /// A polynomial of order k by least squares in x' = (x − mean)/sd (normal equations,
    /// Gaussian elimination with partial pivoting), its coefficients then expanded to powers
    /// of x for the equation.
    static func polynomial(_ k: Int, _ xs: [Double], _ ys: [Double], leftOut: Int) -> TrendFit? {
        let n = Double(xs.count)
        let centre = xs.reduce(0, +) / n
        let spread = (xs.reduce(0) { $0 + ($1 - centre) * ($1 - centre) } / n).squareRoot()
        let scale = spread > 0 ? spread : 1
        let us = xs.map { ($0 - centre) / scale }
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: k + 2), count: k + 1)
        for (u, y) in zip(us, ys) {
            var powers = [Double](repeating: 1, count: 2 * k + 1)
            for p in 1..<powers.count { powers[p] = powers[p - 1] * u }
            for i in 0...k {
                for j in 0...k { matrix[i][j] += powers[i + j] }
                matrix[i][k + 1] += powers[i] * y
            }
        }
        guard let centred = Elimination.solve(matrix) else { return nil }
        let fit = TrendFit(
            method: .poly(k), coefficients: expanded(centred, centre: centre, scale: scale),
            rSquared: nil, leftOut: leftOut, centre: centre, scale: scale, centred: centred,
            smoothed: [])
        return fit.with(rSquared: rSquared(fit, xs, ys))
    }

    /// Σ cᵢ·((x − m)/s)ⁱ as powers of x (binomial expansion).
    static func expanded(_ c: [Double], centre m: Double, scale s: Double) -> [Double] {
        var out = [Double](repeating: 0, count: c.count)
        for (i, ci) in c.enumerated() {
            // ((x − m)/s)ⁱ = Σⱼ C(i, j) xʲ (−m)^(i−j) / sⁱ
            var binomial = 1.0
            for j in 0...i {
                if j > 0 { binomial = binomial * Double(i - j + 1) / Double(j) }
                out[j] += ci * binomial * pow(-m, Double(i - j)) / pow(s, Double(i))
            }
        }
        return out
    }

    static func rSquared(_ fit: TrendFit, _ xs: [Double], _ ys: [Double]) -> Double {
        let mean = ys.reduce(0, +) / Double(ys.count)
        var sse = 0.0, sst = 0.0
        for (x, y) in zip(xs, ys) {
            let e = y - fit.predict(x), d = y - mean
            sse += e * e
            sst += d * d
        }
        return sst == 0 ? 1 : 1 - sse / sst
    }

    func with(rSquared: Double) -> TrendFit {
        TrendFit(
            method: method, coefficients: coefficients, rSquared: rSquared, leftOut: leftOut,
            centre: centre, scale: scale, centred: centred, smoothed: smoothed)
    }
}
