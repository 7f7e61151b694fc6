/// x labels and the y range.
public struct Axes: Equatable, Sendable {
    public enum RangeMode: Equatable, Sendable {
        /// Fit all data, widened to round numbers.
        case auto
        /// Fit the visible points only (recomputed on every scroll), widened to round numbers.
        case adapt
        /// Fixed bounds in data units; either may be open (fitted to data).
        case fixed(lower: Double?, upper: Double?)
    }

    /// Where x labels come from; nil: the first plot's dataset labels, else point indices.
    public var labelSource: LabelSource?
    /// Only every Nth point may carry a label (1 = every point may).
    public var labelSparsity: Int
    public var range: RangeMode
    /// Force the y range to include zero.
    public var includeZero: Bool
    /// `set xscale`; nil: from the plots' x columns (none: index; numbers: linear; times:
    /// time; text: category).
    public var xScale: XScaleKind?
    /// `set yscale`: both y axes.
    public var yScale: YScaleKind
    /// Axis titles (`set xlabel`, `set ylabel`); nil: none.
    public var xTitle: String?
    public var yTitle: String?
    /// `set facetscales`: which ranges a faceted chart's panels share.
    public var facetScales: FacetScales = .shared
    /// How each axis is drawn: its parts, tick step and label format (`set xaxis`, `set
    /// yaxis`, `set grid`, `set xticks`, `set yformat` …).
    public var xGuide = AxisGuide.x
    public var yGuide = AxisGuide.y

    public init() {
        labelSource = nil
        labelSparsity = 1
        range = .auto
        includeZero = false
        xScale = nil
        yScale = .linear
        xTitle = nil
        yTitle = nil
    }
}

/// How x positions are made from the data.
public enum XScaleKind: String, Equatable, Sendable, CaseIterable {
    /// Points evenly spaced in row order (x columns ignored).
    case index
    /// Numbers, to scale.
    case linear
    /// log10 of positive numbers.
    case log
    /// Seconds since the epoch, with calendar ticks.
    case time
    /// One slot per distinct value, in order of first appearance.
    case category
    /// √ of numbers at zero or above (areas, counts), as `set yscale sqrt`.
    case sqrt
    /// sign·log₁₀(1 + |v|): linear near zero, decades beyond, numbers of both signs.
    case symlog

    /// The transform its numbers take on their way to a position (`ScaleTransform`).
    public var transform: ScaleTransform {
        switch self {
        case .log: .log
        case .sqrt: .sqrt
        case .symlog: .symlog
        case .index, .linear, .time, .category: .identity
        }
    }

    /// Whether numbers are placed through a transform other than the identity.
    public var isTransformed: Bool { transform != .identity }

    /// What an x value must be to stand on this axis, as an error says it; nil: any.
    public var admitted: String? {
        switch self {
        case .log: "a value above 0 on a log axis"
        case .sqrt: "a value of 0 or more on a sqrt axis"
        default: nil
        }
    }
}

/// How y values are placed: to scale, in decades, by their square root (areas: counts,
/// sizes), or symlog — linear near zero and logarithmic beyond, for values of both signs
/// spanning decades (Vega-Lite's `symlog`, constant 1).
public enum YScaleKind: String, Equatable, Sendable, CaseIterable {
    case linear, log, sqrt, symlog
}

/// The x labels binding of `set labels`.
public enum LabelSource: Equatable, Sendable {
    /// A dataset's own labels (`set labels NAME`).
    case datasetLabels(String)
    /// A column's cells as text (`set labels NAME.COLUMN`).
    case column(SeriesReference)
    /// Point indices 0, 1, 2, ...
    case index
}
