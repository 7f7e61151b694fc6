import Foundation
import ChartbookModel

/// Turns y values into reference-line labels: plain, K/M/G suffixes, or percent, with a
/// shared number of decimals so a column of labels lines up.
public struct LabelFormatter: Equatable, Sendable {
    public var format: ReferenceLines.Format
    /// nil: the fewest decimals (0...6) that show every value of the set exactly enough.
    public var decimals: Int?
    public var units: String

    public init(format: ReferenceLines.Format = .plain, decimals: Int? = nil, units: String = "") {
        self.format = format
        self.decimals = decimals
        self.units = units
    }

    /// Labels for `values`, in order, formatted consistently.
    public func labels(for values: [Double]) -> [String] {
        let (scale, suffix) = scaleAndSuffix(for: values)
        let scaled = values.map { $0 * scale }
        let places = decimals ?? Self.decimalsNeeded(scaled)
        return zip(scaled, values).map { value, original in
            guard original.isFinite else { return NumberText.shortest(original) }
            // Zero needs no suffix: "0", not "0K".
            if original == 0 && !suffix.isEmpty && suffix != "%" { return "0" + units }
            return Self.fixed(value, places) + suffix + units
        }
    }

    /// One value on its own (marked lines, readouts). Without fixed decimals the value is
    /// rounded to `significantDigits` first, so a mean of 11.6333… reads 11.63.
    public func label(for value: Double, significantDigits: Int = 15) -> String {
        guard decimals == nil, value.isFinite, value != 0 else { return labels(for: [value])[0] }
        let (scale, _) = scaleAndSuffix(for: [value])
        let magnitude = Int(log10(abs(value * scale)).rounded(.down))
        let places = min(max(significantDigits - 1 - magnitude, 0), 6)
        let factor = pow(10, Double(places))
        let rounded = ((value * scale * factor).rounded() / factor) / scale
        return labels(for: [rounded])[0]
    }

    private func scaleAndSuffix(for values: [Double]) -> (Double, String) {
        switch format {
        case .plain: return (1, "")
        case .percent: return (100, "%")
        case .suffix:
            let largest = values.filter(\.isFinite).map(abs).max() ?? 0
            for (threshold, suffix) in [(1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "K")] where largest >= threshold {
                return (1 / threshold, suffix)
            }
            return (1, "")
        }
    }

    /// The fewest decimals (0...6) at which every value is within a millionth of its
    /// relative magnitude of its rounded form.
    static func decimalsNeeded(_ values: [Double]) -> Int {
        let finite = values.filter(\.isFinite)
        for places in 0...6 {
            let factor = pow(10, Double(places))
            let exact = finite.allSatisfy { value in
                let rounded = (value * factor).rounded() / factor
                return abs(rounded - value) <= max(abs(value), 1) * 1e-9
            }
            if exact { return places }
        }
        return 6
    }

    /// `value` with exactly `places` decimals, no locale, never "-0".
    public static func fixed(_ value: Double, _ places: Int) -> String {
        let factor = pow(10, Double(places))
        var rounded = (value * factor).rounded() / factor
        if rounded == 0 { rounded = 0 }
        if abs(rounded) >= 1e15 { return NumberText.shortest(rounded) }
        let negative = rounded < 0
        let scaledInt = Int64((abs(rounded) * factor).rounded())
        let intPart = scaledInt / Int64(factor)
        var text = String(intPart)
        if places > 0 {
            let frac = String(scaledInt % Int64(factor))
            text += "." + String(repeating: "0", count: places - frac.count) + frac
        }
        return negative ? "-" + text : text
    }
}
