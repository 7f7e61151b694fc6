/// How a `trend` plot fits its points (`method=`): least squares of a line, a polynomial, an
/// exponential or a logarithm, or a local regression (loess) — the methods of gnuplot's
/// `fit` and Vega-Lite's `regression` and `loess`.
public enum TrendMethod: Hashable, Sendable {
    /// y = a + b·x.
    case linear
    /// y = c₀ + c₁·x + … + cₖ·xᵏ, k from 2 to 6.
    case poly(Int)
    /// y = a·e^(b·x), fitted to ln y weighted by y (as Vega's `exp`); y ≤ 0 left out.
    case exp
    /// y = a + b·ln x; x ≤ 0 left out.
    case log
    /// Local linear regression over the nearest `bandwidth` share of the points (tricube
    /// weights, two robustness iterations, as Vega's `loess`).
    case loess(bandwidth: Double)

    public static let polyOrders = 2...6

    /// Whether the fit has a confidence band (`band=`): the least-squares fits of y itself
    /// (not `exp`, fitted to ln y with weights, nor loess).
    public var hasBand: Bool {
        switch self {
        case .linear, .log, .poly: true
        case .exp, .loess: false
        }
    }
    public static let defaultBandwidth = 0.3

    /// As `method=` writes it: `linear`, `poly:2`, `exp`, `log`, `loess`, `loess:0.5`.
    public var description: String {
        switch self {
        case .linear: "linear"
        case .poly(let k): "poly:\(k)"
        case .exp: "exp"
        case .log: "log"
        case .loess(let b):
            b == Self.defaultBandwidth ? "loess" : "loess:" + NumberText.shortest(b)
        }
    }

    /// The method `method=` names, or nil.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
        switch parts.first {
        case "linear" where parts.count == 1: self = .linear
        case "exp" where parts.count == 1: self = .exp
        case "log" where parts.count == 1: self = .log
        case "poly" where parts.count == 2:
            guard let k = Int(parts[1]), Self.polyOrders.contains(k) else { return nil }
            self = .poly(k)
        case "loess":
            guard parts.count == 2 else {
                self = .loess(bandwidth: Self.defaultBandwidth)
                return
            }
            guard let b = Double(parts[1]), b > 0, b <= 1 else { return nil }
            self = .loess(bandwidth: b)
        default: return nil
        }
    }

    /// The words `method=` takes, for completion and help.
    public static let words = ["linear", "poly:2", "poly:3", "exp", "log", "loess"]
}
