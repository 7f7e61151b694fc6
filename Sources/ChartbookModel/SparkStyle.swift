/// How a sparkline strip draws its series.
public struct SparkStyle: Equatable, Sendable {
    /// Default: a line.
    public var kind: Kind?
    /// A fixed range (values beyond are clipped); default: the data's.
    public var range: ClosedRange<Double>?
    /// A dotted line at zero when zero is in the range.
    public var zero: Bool?
    /// Rows tall (default 1).
    public var height: Int?
    /// Where it stands (default under the chart): a layer in a region of the chart, not
    /// only a strip (seed 001's layers in any region).
    public var place: Place?

    public init(kind: Kind? = nil, range: ClosedRange<Double>? = nil) {
        self.kind = kind
        self.range = range
    }

    public var resolvedHeight: Int { height ?? 1 }

    public enum Kind: String, Equatable, Sendable, CaseIterable { case line, bar, dot }

    /// A sparkline's region: a strip under the chart or above the plot, or a margin
    /// beside the plot (as tall as the plot, its name at the top and last value at the foot).
    public enum Place: String, Equatable, Sendable, CaseIterable {
        case below, above, right, left

        /// Whether it stands in a margin beside the plot.
        public var isMargin: Bool { self == .right || self == .left }
    }

    public var resolvedPlace: Place { place ?? .below }
}
