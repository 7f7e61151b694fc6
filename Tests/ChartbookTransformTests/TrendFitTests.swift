import ChartbookModel
import Foundation
import Testing

@testable import ChartbookTransform

/// Trend fits (issue 27): exact on points that lie on the curve, stable where sums of raw
/// squares are not, and equal to Vega's formulas.
@Suite struct TrendFitTests {
    @Test func linesThroughExactPoints() throws {
        let x: [Double] = [1, 2, 3, 4, 5]
        let fit = try #require(TrendFit.fit(.linear, x: x, y: x.map { 3 + 2 * $0 }))
        #expect(abs(fit.coefficients[0] - 3) < 1e-12 && abs(fit.coefficients[1] - 2) < 1e-12)
        #expect(fit.rSquared == 1)
        #expect(fit.summary(timeX: false) == "y = 2x + 3, R² 1")
    }

    @Test func polynomialsAreExpandedToPowersOfX() throws {
        let x = (0..<12).map { 1990.0 + Double($0) }
        let y = x.map { 0.5 * $0 * $0 - 3 * $0 + 7 }
        let fit = try #require(TrendFit.fit(.poly(2), x: x, y: y))
        for (a, b) in zip(x, y) { #expect(abs(fit.predict(a) - b) <= 1e-6 * abs(b)) }
        #expect(abs(fit.coefficients[2] - 0.5) < 1e-6)
        #expect(fit.rSquared.map { $0 > 0.999999 } == true)
    }

    @Test func timesInSecondsKeepTheirDigits() throws {
        // Sums of raw squares of 1.7e9 lose every digit of the slope; centred sums do not.
        let x = (0..<100).map { 1.7e9 + Double($0) * 86_400 }
        let y = x.map { 5 + ($0 - 1.7e9) / 86_400 * 0.25 }
        let fit = try #require(TrendFit.fit(.linear, x: x, y: y))
        #expect(abs(fit.coefficients[1] * 86_400 - 0.25) < 1e-9)
        #expect(fit.summary(timeX: true).hasPrefix("+91.3/yr"))
    }

    @Test func exponentialAndLogarithmLeaveOutWhatTheyCannotFit() throws {
        let x: [Double] = [0, 1, 2, 3, 4]
        let exp = try #require(
            TrendFit.fit(.exp, x: x + [5], y: x.map { 2 * Foundation.exp(0.5 * $0) } + [-1]))
        #expect(abs(exp.coefficients[0] - 2) < 1e-9 && abs(exp.coefficients[1] - 0.5) < 1e-9)
        #expect(exp.leftOut == 1)
        let log = try #require(
            TrendFit.fit(
                .log, x: [0] + x.dropFirst(),
                y: [9] + x.dropFirst().map { 1 + 3 * Foundation.log($0) }))
        #expect(abs(log.coefficients[1] - 3) < 1e-9)
        #expect(log.leftOut == 1)
    }

    @Test func loessFollowsAStraightLineAndAveragesRepeats() {
        let x: [Double] = [1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        let smoothed = Loess.smooth(x, x.map { 2 * $0 }, bandwidth: 0.5)
        #expect(smoothed.map(\.x) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        for point in smoothed { #expect(abs(point.y - 2 * point.x) < 1e-9) }
    }

    @Test func tooFewPointsFitNothing() {
        #expect(TrendFit.fit(.linear, x: [1], y: [2]) == nil)
        #expect(TrendFit.fit(.linear, x: [1, .nan], y: [2, 3]) == nil)
    }
}
