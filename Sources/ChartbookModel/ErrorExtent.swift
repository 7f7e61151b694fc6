/// `extent=` of an error bar plot: its whiskers computed from the rows sharing an x (and a
/// `by=` group), around their centre — as Vega-Lite's `errorbar` extents.
public enum ErrorExtent: String, Hashable, Sendable, CaseIterable {
    /// The mean ± the sample standard deviation.
    case stdev
    /// The mean ± the standard error of the mean (stdev / √n).
    case stderr
    /// The median, whiskers at the first and third quartiles.
    case iqr

    /// The centre the dot stands at.
    public var center: Aggregation { self == .iqr ? .median : .mean }
}
