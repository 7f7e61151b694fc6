import Foundation

/// How a continuous scale turns data values into the units positions are measured in, and
/// back: the only place a value is transformed on its way to a position (issue 51). The
/// layout, the readouts, the exporters and the engines' queries all go through it; a lint
/// (`Scripts/lint`) refuses `log10(` and `pow(10` anywhere else but `DecimalMagnitude`.
///
/// `log`: decades, base 10 — `forward` is log₁₀ (−∞ at 0, NaN below it: callers leave out
/// what `admits` refuses), `inverse` is 10ᵘ. `sqrt`: √v for v ≥ 0. `symlog`:
/// sign(v)·log₁₀(1 + |v|), every value (Vega-Lite's symlog with constant 1, in base 10 so
/// its ticks are decades).
public enum ScaleTransform: Equatable, Sendable {
    case identity
    case log
    case sqrt
    case symlog

    /// The transform of an x scale (`XScaleKind.transform`).
    public init(_ kind: XScaleKind) { self = kind.transform }

    /// The transform of a y scale.
    public init(_ kind: YScaleKind) {
        switch kind {
        case .linear: self = .identity
        case .log: self = .log
        case .sqrt: self = .sqrt
        case .symlog: self = .symlog
        }
    }

    /// The transform of a scale that is log or not (`log`: a Boolean the layout carries).
    public static func of(log: Bool) -> ScaleTransform { log ? .log : .identity }

    /// `value` in the scale's units.
    @inline(__always)
    public func forward(_ value: Double) -> Double {
        switch self {
        case .identity: value
        case .log: Foundation.log10(value)
        case .sqrt: value.squareRoot()
        case .symlog: value < 0 ? -Foundation.log10(1 - value) : Foundation.log10(1 + value)
        }
    }

    /// A value in the scale's units back in data units.
    @inline(__always)
    public func inverse(_ units: Double) -> Double {
        switch self {
        case .identity: units
        case .log: Foundation.pow(10, units)
        case .sqrt: units * units
        case .symlog: units < 0 ? 1 - Foundation.pow(10, -units) : Foundation.pow(10, units) - 1
        }
    }

    /// Whether the scale places `value` (a log scale: only values above zero).
    @inline(__always)
    public func admits(_ value: Double) -> Bool {
        switch self {
        case .identity, .symlog: true
        case .log: value > 0
        case .sqrt: value >= 0
        }
    }

    /// `value` in the scale's units, NaN where the scale does not place it.
    @inline(__always)
    public func placed(_ value: Double) -> Double { admits(value) ? forward(value) : .nan }

    /// The SQL of `expression` in the scale's units, given the engine's name for the
    /// base-10 logarithm (ClickHouse `log10`, PostgreSQL `log`); nil for the scales no
    /// engine is asked to place (sqrt, symlog: a remote dataset needs `mode=local` there).
    public func sql(_ expression: String, log10Function: String) -> String? {
        switch self {
        case .identity: expression
        case .log: "\(log10Function)(\(expression))"
        case .sqrt, .symlog: nil
        }
    }

    /// The SQL of `expression` on a linear (`log` false) or log scale — the two an engine
    /// is asked to place.
    public static func sql(_ expression: String, log: Bool, log10Function: String) -> String {
        // Identity and log always have SQL.
        of(log: log).sql(expression, log10Function: log10Function) ?? expression
    }

    /// What the scale leaves out, as a note says it (`≤ 0` on a log scale, `< 0` on a sqrt
    /// one); nil when it places every value.
    public var leavesOut: String? {
        switch self {
        case .identity, .symlog: nil
        case .log: "≤ 0"
        case .sqrt: "< 0"
        }
    }

    /// Whether it is the logarithm (ticks at decades).
    public var isLog: Bool { self == .log }
}
