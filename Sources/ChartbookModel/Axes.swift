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

    public init() {
        labelSource = nil
        labelSparsity = 1
        range = .auto
        includeZero = false
    }
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
