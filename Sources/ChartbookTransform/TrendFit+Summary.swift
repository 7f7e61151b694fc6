import ChartbookModel
import Foundation

extension TrendFit {
    /// The fit in words for the legend: the equation (4 significant digits) and R²; over a
    /// time x, where x is seconds since 1970, the change per year (or day) instead; and the
    /// band's level (`95% band`) when it has one.
    public func summary(timeX: Bool) -> String {
        let level = band.map { ", " + NumberText.shortest($0.level * 100) + "% band" } ?? ""
        let r2 = (rSquared.map { ", R² " + Self.digits($0, 3) } ?? "") + level
        if timeX, method == .linear {
            let perYear = coefficients[1] * 31_556_952
            let perDay = coefficients[1] * 86_400
            let rate =
                abs(perYear) >= 0.01 ? Self.signed(perYear) + "/yr" : Self.signed(perDay) + "/day"
            return rate + r2
        }
        switch method {
        case .linear: return "y = " + Self.polynomialText([coefficients[0], coefficients[1]]) + r2
        case .poly: return "y = " + Self.polynomialText(coefficients) + r2
        case .exp:
            return "y = \(Self.digits(coefficients[0]))·e^(\(Self.digits(coefficients[1]))x)" + r2
        case .log:
            return
                "y = \(Self.digits(coefficients[0])) \(coefficients[1] < 0 ? "−" : "+") \(Self.digits(abs(coefficients[1])))·ln x"
                + r2
        case .loess(let b): return "loess, bandwidth \(NumberText.shortest(b))"
        }
    }

    /// c₀ + c₁x + … written highest power first: `0.012x² − 1.2x + 40`.
    static func polynomialText(_ c: [Double]) -> String {
        var terms = [String]()
        for (power, value) in c.enumerated().reversed() where value != 0 || power == 0 {
            let magnitude = digits(abs(value))
            let variable = power == 0 ? "" : power == 1 ? "x" : "x" + superscript(power)
            let body = power > 0 && magnitude == "1" ? variable : magnitude + variable
            if terms.isEmpty {
                terms.append((value < 0 ? "−" : "") + body)
            } else {
                terms.append((value < 0 ? "− " : "+ ") + body)
            }
        }
        return terms.joined(separator: " ")
    }

    static func superscript(_ n: Int) -> String {
        let digits = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return String(n).compactMap { $0.wholeNumberValue.map { digits[$0] } }.joined()
    }

    /// `value` to `significant` digits, without noise (`0.8123`, `1540`, `3.2e-08`).
    static func digits(_ value: Double, _ significant: Int = 4) -> String {
        guard value.isFinite, value != 0 else { return value.isFinite ? "0" : "nan" }
        let magnitude = Int(DecimalMagnitude.exponent(of: value))
        if magnitude < -4 || magnitude >= 9 {
            return String(format: "%.\(significant - 1)e", value)
        }
        let decimals = max(0, significant - 1 - magnitude)
        let scale = DecimalMagnitude.power(Double(decimals))
        return NumberText.written((value * scale).rounded() / scale)
    }

    static func signed(_ value: Double) -> String {
        (value < 0 ? "−" : "+") + digits(abs(value), 3)
    }
}
