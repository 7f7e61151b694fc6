import Foundation

/// Powers of ten as magnitudes of numbers — how many digits, which round step, how many
/// decimals a label needs — never as positions (those are `ScaleTransform`'s). With
/// `ScaleTransform`, the only code that calls `log10` or `pow(10, …)` (`Scripts/lint`).
public enum DecimalMagnitude {
    /// log₁₀ of `value` (> 0): its decimal magnitude as a real number.
    @inline(__always)
    public static func logarithm(_ value: Double) -> Double { log10(value) }

    /// ⌊log₁₀ |value|⌋: the power of ten of the leading digit (−∞ for 0).
    @inline(__always)
    public static func exponent(of value: Double) -> Double { log10(abs(value)).rounded(.down) }

    /// 10ⁿ (exact for whole n up to 22).
    @inline(__always)
    public static func power(_ n: Double) -> Double { pow(10, n) }
}
