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

    public init(kind: Kind? = nil, range: ClosedRange<Double>? = nil) {
        self.kind = kind
        self.range = range
    }

    public var resolvedHeight: Int { height ?? 1 }

    public enum Kind: String, Equatable, Sendable, CaseIterable { case line, bar, dot }
}
