/// How a histogram bins its values.
public struct HistogramStyle: Equatable, Sendable {
    /// Default: `.auto`.
    public var bins: Bins?
    /// Density (count / (N × bin width)) instead of counts.
    public var density: Bool?

    public init(bins: Bins? = nil, density: Bool? = nil) {
        self.bins = bins
        self.density = density
    }

    /// Histogram bins: a count, or a rule that picks one from the data.
    public enum Bins: Equatable, Sendable {
        /// Freedman–Diaconis (2·IQR·n^(-1/3) wide), Sturges when the IQR is 0.
        case auto
        /// Sturges: log2(n) + 1 bins.
        case sturges
        /// Freedman–Diaconis only.
        case fd
        /// About this many bins (edges at round numbers, so the count may differ by a few).
        case count(Int)

        public static let names = ["auto", "sturges", "fd"]
    }
}
