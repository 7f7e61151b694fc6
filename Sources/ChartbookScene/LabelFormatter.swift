import Foundation
import ChartbookModel

/// Turns y values into reference-line labels: plain, K/M/G suffixes, or percent, with a
/// shared number of decimals so a column of labels lines up.
public struct LabelFormatter: Equatable, Sendable {
    public var format: ReferenceLines.Format
    /// nil: the fewest decimals (0...6) that show every value of the set exactly enough.
    public var decimals: Int?
    public var units: String

    public init(format: ReferenceLines.Format = .auto, decimals: Int? = nil, units: String = "") {
        self.format = format
        self.decimals = decimals
        self.units = units
    }

    /// Labels for `values`, in order, formatted consistently.
    public func labels(for values: [Double]) -> [String] {
        let (scale, suffix) = scaleAndSuffix(for: values)
        let scaled = values.map { $0 * scale }
        let places = decimals ?? Self.decimalsNeeded(scaled)
        // Values too small for six decimals read in exponent form.
        let largest = scaled.filter(\.isFinite).map(abs).max() ?? 0
        let scientific = decimals == nil && largest > 0 && largest < 1e-6
        return zip(scaled, values).map { value, original in
            guard original.isFinite else { return NumberText.shortest(original) }
            guard value.isFinite else { return NumberText.shortest(original) + units }
            if scientific { return (value == 0 ? "0" : Self.exponentForm(value)) + suffix + units }
            // Past a quadrillion no suffix helps: exponent form of the value itself.
            if abs(original) >= 1e15 && suffix != "%" { return Self.exponentForm(original) + units }
            if abs(value) >= 1e15 { return Self.exponentForm(value) + suffix + units }
            // Zero needs no suffix: "0", not "0K".
            if original == 0 && !suffix.isEmpty && suffix != "%" { return "0" + units }
            let text = Self.fixed(value, places)
            return (format == .grouped ? Self.grouped(text) : text) + suffix + units
        }
    }

    /// One value on its own (marked lines, readouts). Without fixed decimals the value is
    /// rounded to `significantDigits` first, so a mean of 11.6333… reads 11.63.
    public func label(for value: Double, significantDigits: Int = 15) -> String {
        guard decimals == nil, value.isFinite, value != 0, (value * 1e6).isFinite else {
            return labels(for: [value])[0]
        }
        let (scale, _) = scaleAndSuffix(for: [value])
        let magnitude = Int(saturating: DecimalMagnitude.exponent(of: value * scale))
        let places = min(max(significantDigits - 1 - magnitude, 0), 6)
        let factor = DecimalMagnitude.power(Double(places))
        let rounded = ((value * scale * factor).rounded() / factor) / scale
        return labels(for: [rounded])[0]
    }

    private func scaleAndSuffix(for values: [Double]) -> (Double, String) {
        let largest = values.filter(\.isFinite).map(abs).max() ?? 0
        switch format {
        case .plain, .grouped: return (1, "")
        case .auto where largest < 10_000: return (1, "")
        case .percent: return (100, "%")
        case .suffix, .auto:
            for (threshold, suffix) in [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "K")]
            where largest >= threshold {
                return (1 / threshold, suffix)
            }
            return (1, "")
        }
    }

    /// The fewest decimals (0...6) at which every value is within a millionth of its
    /// relative magnitude of its rounded form.
    static func decimalsNeeded(_ values: [Double]) -> Int {
        for places in 0...6 where exact(values, places: places) { return places }
        return 6
    }

    /// Whether every finite value is within a billionth (relative, at least absolute) of its
    /// form with `places` decimals.
    static func exact(_ values: [Double], places: Int) -> Bool {
        let factor = DecimalMagnitude.power(Double(places))
        return values.filter(\.isFinite).allSatisfy { value in
            let rounded = (value * factor).rounded() / factor
            return abs(rounded - value) <= max(abs(value), 1) * 1e-9
        }
    }

    /// `value` with three significant digits in exponent form: `2.5e-7`, `1e-320`.
    static func exponentForm(_ value: Double) -> String {
        var exponent = Int(saturating: DecimalMagnitude.exponent(of: value))
        var mantissa = value / DecimalMagnitude.power(Double(exponent))
        guard mantissa.isFinite else { return NumberText.shortest(value) }
        // 9.996 rounds up to 10.00: one more power of ten.
        if abs((mantissa * 100).rounded()) >= 1000 { mantissa /= 10; exponent += 1 }
        var digits = fixed(mantissa, 2)
        while digits.hasSuffix("0") { digits.removeLast() }
        if digits.hasSuffix(".") { digits.removeLast() }
        return digits + "e" + String(exponent)
    }

    /// `value` with exactly `places` decimals, no locale, never "-0".
    public static func fixed(_ value: Double, _ places: Int) -> String {
        let factor = DecimalMagnitude.power(Double(places))
        var rounded = (value * factor).rounded() / factor
        if rounded == 0 { rounded = 0 }
        if abs(rounded) >= 1e15 { return NumberText.shortest(rounded) }
        let negative = rounded < 0
        let scaledInt = Int64(saturating: (abs(rounded) * factor).rounded())
        let intPart = scaledInt / Int64(saturating: factor)
        var text = String(intPart)
        if places > 0 {
            let frac = String(scaledInt % Int64(saturating: factor))
            text += "." + String(repeating: "0", count: places - frac.count) + frac
        }
        return negative ? "-" + text : text
    }

    /// `1250000.5` → `1,250,000.5`: commas between thousands of the integer part.
    static func grouped(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let parts = body.split(separator: ".", maxSplits: 1)
        guard let integer = parts.first, integer.allSatisfy(\.isNumber) else { return text }
        var digits = Array(integer)
        var out = ""
        while digits.count > 3 {
            out = "," + String(digits.suffix(3)) + out
            digits.removeLast(3)
        }
        out = String(digits) + out
        if parts.count > 1 { out += "." + parts[1] }
        return (negative ? "-" : "") + out
    }
}
