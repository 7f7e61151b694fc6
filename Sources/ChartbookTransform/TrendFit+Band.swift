import ChartbookModel
import Foundation

extension TrendFit {
    /// The confidence band of a least-squares fit's mean at each x (ggplot2's
    /// `geom_smooth(se = TRUE)`): ŷ(x) ± t · s · √(x₀ᵀ (XᵀX)⁻¹ x₀), where s² is the residual
    /// variance SSE/(n − p), t the Student t quantile (1 + level)/2 at n − p degrees of
    /// freedom, and x₀ the row of the design matrix at x (1, x for a line — where the root is
    /// √(1/n + (x − x̄)²/Sxx) — ln x for `log`, powers of the centred x for `poly:K`).
    public struct Band: Equatable, Sendable {
        /// The confidence level, 0 < level < 1 (0.95 for `band=on`).
        public let level: Double
        /// t · s: the half-width where the leverage's root is 1.
        let margin: Double
        let leverage: Leverage

        enum Leverage: Equatable, Sendable {
            /// A line in t(x) (x, or ln x): 1/n + (t − mean)²/sxx.
            case line(n: Double, mean: Double, sxx: Double, log: Bool)
            /// A polynomial in u = (x − centre)/scale: uᵀ M⁻¹ u with M = UᵀU.
            case poly(inverse: [[Double]])
        }
    }

    /// The fit with its band at `level` over the same points (the finite pairs the fit used);
    /// unchanged when the band is undefined (fewer points than coefficients + 1, one x).
    public func withBand(_ level: Double, x: [Double], y: [Double]) -> TrendFit {
        var us = [Double](), residuals = [Double]()
        for (a, b) in zip(x, y) where a.isFinite && b.isFinite && !(method == .log && a <= 0) {
            residuals.append(b - predict(a))
            switch method {
            case .log: us.append(Foundation.log(a))
            case .poly: us.append((a - centre) / scale)
            default: us.append(a)
            }
        }
        let n = Double(us.count)
        let leverage: Band.Leverage
        let parameters: Double
        switch method {
        case .linear, .log:
            let mean = us.reduce(0, +) / n
            let sxx = us.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
            guard sxx > 0 else { return self }
            leverage = .line(n: n, mean: mean, sxx: sxx, log: method == .log)
            parameters = 2
        case .poly(let k):
            guard let inverse = Self.inverseGram(us, order: k) else { return self }
            leverage = .poly(inverse: inverse)
            parameters = Double(k + 1)
        case .exp, .loess: return self
        }
        let df = n - parameters
        let sse = residuals.reduce(0) { $0 + $1 * $1 }
        guard df >= 1, sse.isFinite else { return self }
        let t = StudentT.quantile((1 + level) / 2, df: df)
        var fit = self
        fit.band = Band(level: level, margin: t * (sse / df).squareRoot(), leverage: leverage)
        return fit
    }

    /// The band's low and high ends at `x` (NaN without a band or outside the fit's domain).
    public func interval(at x: Double) -> (low: Double, high: Double) {
        guard let band else { return (.nan, .nan) }
        let root: Double
        switch band.leverage {
        case .line(let n, let mean, let sxx, let log):
            let t = log ? Foundation.log(x) : x
            root = (1 / n + (t - mean) * (t - mean) / sxx).squareRoot()
        case .poly(let inverse):
            let u = (x - centre) / scale
            var powers = [Double](repeating: 1, count: inverse.count)
            for i in powers.indices.dropFirst() { powers[i] = powers[i - 1] * u }
            var v = 0.0
            for i in powers.indices {
                for j in powers.indices { v += powers[i] * inverse[i][j] * powers[j] }
            }
            root = max(v, 0).squareRoot()
        }
        let centre = predict(x), half = band.margin * root
        return (centre - half, centre + half)
    }

    /// (UᵀU)⁻¹ for the powers 0…k of `us`, column by column; nil when singular.
    static func inverseGram(_ us: [Double], order k: Int) -> [[Double]]? {
        var gram = [[Double]](repeating: [Double](repeating: 0, count: k + 1), count: k + 1)
        for u in us {
            var powers = [Double](repeating: 1, count: 2 * k + 1)
            for p in 1..<powers.count { powers[p] = powers[p - 1] * u }
            for i in 0...k { for j in 0...k { gram[i][j] += powers[i + j] } }
        }
        var inverse = gram
        for column in 0...k {
            let augmented = gram.enumerated().map { i, row in row + [i == column ? 1 : 0] }
            guard let solved = Elimination.solve(augmented) else { return nil }
            for i in 0...k { inverse[i][column] = solved[i] }
        }
        return inverse
    }
}
