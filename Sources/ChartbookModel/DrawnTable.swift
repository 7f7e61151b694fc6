import Foundation

/// What a plot with transforms (`agg=`, `bin=`, `rolling=` …) draws: the table its pipeline
/// made from its dataset, and what it was made from, so it is made again only when those
/// change (a `view`, `scroll` or `select` reuses it).
///
/// The table's x column has the name of the plot's x, its `by=` column the name of the
/// group column, and `y` names the drawn values; it is sorted by x within each group, and
/// its `where=` has been applied.
public struct DrawnTable: Equatable, Sendable {
    public var table: Dataset
    /// The column of `table` holding the values drawn.
    public var y: String
    /// The column of `table` holding how many rows each value covers (aggregates), if any.
    public var rows: String?
    /// What computing it left out, and why (rows without an x …).
    public var notes: [String]
    /// What the chart says under it: the categories `top=` left out.
    public var chartNotes: [String] = []
    /// A trend's fit in words, by group name ("" without `by=`): `y = 0.81x + 12.3, R² 0.93`.
    public var fits: [String: String] = [:]
    /// A faceted trend's fits in words, by panel, then by group name as `fits` (issue 50:
    /// a trend per panel; each panel's title says its own).
    public var panelFits: [Facet.Key: [String: String]] = [:]
    /// An error bar's whiskers computed by `extent=`: the columns of their low and high ends.
    public var low: String?
    public var high: String?
    /// What it was made from.
    public var inputs: Inputs

    /// The names the low and high ends of computed whiskers (`extent=`) and bands (`band=`)
    /// take in a drawn table (a clash with another column adds underscores).
    public static let lowColumn = "_low", highColumn = "_high"

    /// Everything the table depends on: the columns read (as they were), the plot's series
    /// and binding, and the time zone calendar units are counted in.
    public struct Inputs: Equatable, Sendable {
        public var series: SeriesReference
        public var binding: PlotBinding
        public var columns: [Column]
        public var timeZone: TimeZoneSetting

        public init(
            series: SeriesReference, binding: PlotBinding, columns: [Column],
            timeZone: TimeZoneSetting
        ) {
            self.series = series
            self.binding = binding
            self.columns = columns
            self.timeZone = timeZone
        }
    }

    public init(table: Dataset, y: String, rows: String?, notes: [String], inputs: Inputs) {
        self.table = table
        self.y = y
        self.rows = rows
        self.notes = notes
        self.inputs = inputs
    }
}

extension DrawnTable {
    /// The decimals its values are written with (labels, readouts): those that give three
    /// significant digits at its largest magnitude (`21.0`, `3.3`, `108`), at most 6.
    public var labelDecimals: Int {
        let largest =
            table.column(named: y)?.numbers?.lazy.map(abs).filter(\.isFinite).max() ?? 0
        let magnitude = largest > 0 ? Int(saturating: DecimalMagnitude.exponent(of: largest)) : 0
        return min(6, max(0, 2 - magnitude))
    }
}
