import ChartbookModel
import Foundation
import Testing

@testable import ChartbookTransform

/// A trend's confidence band (`band=`, issue 50): Student t quantiles equal to scipy's
/// `stats.t.ppf`, and the band equal to the textbook formulas written out here — for a
/// line √(1/n + (x − x̄)²/Sxx), for a polynomial x₀ᵀ(XᵀX)⁻¹x₀ in raw powers of x (the fit
/// works in centred, scaled powers: a different path to the same number).
@Suite struct TrendBandTests {
    /// (p, df, scipy's t.ppf(p, df)).
    static let quantiles: [(Double, Double, Double)] = [
        (0.975, 1, 12.706204736174694), (0.975, 2, 4.302652729749462),
        (0.975, 5, 2.5705818356363146), (0.975, 8, 2.306004135204166),
        (0.975, 10, 2.228138851986274), (0.975, 30, 2.0422724563012378),
        (0.975, 1000, 1.9623390808264083), (0.95, 10, 1.8124611228116756),
        (0.995, 10, 3.16927267261695), (0.9995, 3, 12.923978636687961),
    ]

    @Test func studentQuantilesEqualScipy() {
        for (p, df, expected) in Self.quantiles {
            let t = StudentT.quantile(p, df: df)
            #expect(abs(t - expected) <= 1e-9 * expected, "t(\(p), \(df)) = \(t)")
            #expect(abs(StudentT.quantile(1 - p, df: df) + expected) <= 1e-9 * expected)
        }
        #expect(StudentT.quantile(0.5, df: 4) == 0)
        #expect(StudentT.quantile(1, df: 4).isNaN && StudentT.quantile(0.9, df: 0).isNaN)
    }

    static let x: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    static let y: [Double] = [2.1, 3.9, 6.2, 7.8, 10.1, 12.2, 13.8, 16.1, 18.3, 19.7]

    @Test func aLinesBandIsTheTextbookFormula() throws {
        let fit = try #require(TrendFit.fit(.linear, x: Self.x, y: Self.y))
            .withBand(0.95, x: Self.x, y: Self.y)
        let n = Double(Self.x.count)
        let mean = Self.x.reduce(0, +) / n
        let sxx = Self.x.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let sse = zip(Self.x, Self.y).reduce(0) { $0 + pow($1.1 - fit.predict($1.0), 2) }
        let s = (sse / (n - 2)).squareRoot()
        for x0 in [0.5, 1, 5.5, 7.25, 10, 12] {
            let half =
                2.306004135204166 * s * (1 / n + (x0 - mean) * (x0 - mean) / sxx).squareRoot()
            let (low, high) = fit.interval(at: x0)
            #expect(abs(low - (fit.predict(x0) - half)) < 1e-10)
            #expect(abs(high - (fit.predict(x0) + half)) < 1e-10)
        }
        #expect(fit.summary(timeX: false).hasSuffix(", 95% band"))
    }

    @Test func aPolynomialsBandIsTheTextbookFormula() throws {
        let fit = try #require(TrendFit.fit(.poly(2), x: Self.x, y: Self.y))
            .withBand(0.9, x: Self.x, y: Self.y)
        // XᵀX in raw powers 0…2, inverted by cofactors.
        var m = [[Double]](repeating: [0, 0, 0], count: 3)
        for x in Self.x { for i in 0..<3 { for j in 0..<3 { m[i][j] += pow(x, Double(i + j)) } } }
        let det =
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        func cofactor(_ i: Int, _ j: Int) -> Double {
            let rows = (0..<3).filter { $0 != i }, cols = (0..<3).filter { $0 != j }
            let minor =
                m[rows[0]][cols[0]] * m[rows[1]][cols[1]] - m[rows[0]][cols[1]]
                * m[rows[1]][cols[0]]
            return ((i + j) % 2 == 0 ? 1 : -1) * minor
        }
        let n = Double(Self.x.count)
        let sse = zip(Self.x, Self.y).reduce(0) { $0 + pow($1.1 - fit.predict($1.0), 2) }
        let s = (sse / (n - 3)).squareRoot()
        let t = 1.8945786050900062  // scipy: t.ppf(0.95, 7)
        for x0 in [1.0, 3.3, 8, 11] {
            let v0 = [1, x0, x0 * x0]
            var leverage = 0.0
            for i in 0..<3 { for j in 0..<3 { leverage += v0[i] * cofactor(j, i) / det * v0[j] } }
            let half = t * s * leverage.squareRoot()
            let (low, high) = fit.interval(at: x0)
            #expect(abs(high - low - 2 * half) < 1e-8 * max(half, 1), "at \(x0)")
            #expect(abs((high + low) / 2 - fit.predict(x0)) < 1e-9)
        }
    }

    @Test func noBandWhereItIsUndefined() throws {
        // Two points on a line leave no degrees of freedom; one x has no slope's error.
        let two = try #require(TrendFit.fit(.linear, x: [1, 2], y: [3, 5]))
        #expect(two.withBand(0.95, x: [1, 2], y: [3, 5]).band == nil)
        let exp = try #require(TrendFit.fit(.exp, x: Self.x, y: Self.y))
        #expect(exp.withBand(0.95, x: Self.x, y: Self.y).band == nil)
        #expect(exp.interval(at: 3).low.isNaN)
    }

    @Test func aTrendTableCarriesItsBand() throws {
        let dataset = Dataset(
            name: "d",
            columns: [Column(name: "x", numbers: Self.x), Column(name: "y", numbers: Self.y)],
            source: .inline)
        var pipeline = TransformPipeline(x: "x", y: "y", fit: .linear)
        pipeline.band = 0.95
        let result = try TableExecutor.run(pipeline, on: dataset)
        let low = try #require(result.low.flatMap { result.table.column(named: $0)?.numbers })
        let high = try #require(result.high.flatMap { result.table.column(named: $0)?.numbers })
        let y = try #require(result.table.column(named: result.y)?.numbers)
        // A band is curved: the line is sampled along it, not drawn from its two ends.
        #expect(y.count == 200 && low.count == 200)
        #expect(zip(zip(low, y), high).allSatisfy { $0.0 < $0.1 && $0.1 < $1 })
        pipeline.band = nil
        #expect(try TableExecutor.run(pipeline, on: dataset).low == nil)
    }
}
