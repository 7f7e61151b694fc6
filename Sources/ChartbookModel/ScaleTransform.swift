import Foundation

/// How a continuous scale turns data values into the units positions are measured in, and
/// back: the only place a value is transformed on its way to a position (issue 51). The
/// layout, the readouts, the exporters and the engines' queries all go through it; a lint
/// (`Scripts/lint`) refuses `log10(` and `pow(10` anywhere else but `DecimalMagnitude`.
///
/// `log`: decades, base 10 — `forward` is log₁₀ (−∞ at 0, NaN below it: callers leave out
/// what `admits` refuses), `inverse` is 10ᵘ.
public enum ScaleTransform: Equatable, Sendable {
    case identity
    case log

    /// The transform of an x scale: log for `log`, identity for every other.
    public init(_ kind: XScaleKind) { self = kind == .log ? .log : .identity }

    /// The transform of a y scale.
    public init(_ kind: YScaleKind) { self = kind == .log ? .log : .identity }

    /// The transform of a scale that is log or not (`log`: a Boolean the layout carries).
    public static func of(log: Bool) -> ScaleTransform { log ? .log : .identity }

    /// `value` in the scale's units.
    @inline(__always)
    public func forward(_ value: Double) -> Double {
        switch self {
        case .identity: value
        case .log: Foundation.log10(value)
        }
    }

    /// A value in the scale's units back in data units.
    @inline(__always)
    public func inverse(_ units: Double) -> Double {
        switch self {
        case .identity: units
        case .log: Foundation.pow(10, units)
        }
    }

    /// Whether the scale places `value` (a log scale: only values above zero).
    @inline(__always)
    public func admits(_ value: Double) -> Bool {
        switch self {
        case .identity: true
        case .log: value > 0
        }
    }

    /// `value` in the scale's units, NaN where the scale does not place it.
    @inline(__always)
    public func placed(_ value: Double) -> Double { admits(value) ? forward(value) : .nan }

    /// The SQL of `expression` in the scale's units, given the engine's name for the
    /// base-10 logarithm (ClickHouse `log10`, PostgreSQL `log`).
    public func sql(_ expression: String, log10Function: String) -> String {
        switch self {
        case .identity: expression
        case .log: "\(log10Function)(\(expression))"
        }
    }
}
