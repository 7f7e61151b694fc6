/// A named table of columns of equal length, plus optional x labels.
///
/// Invariant: every column and `labels` (when present) have `count` entries.
public struct Dataset: Equatable, Sendable {
    public var name: String
    public var columns: [Column]
    /// x-axis labels, one per row (from `data NAME = Jan:1 ...` or `load ... labels=COL`).
    public var labels: [String]?
    public var source: DataSource

    public init(name: String, columns: [Column], labels: [String]? = nil, source: DataSource) {
        self.name = name
        self.columns = columns
        self.labels = labels
        self.source = source
    }

    /// Rows (the length of the columns).
    public var count: Int { columns.first?.count ?? labels?.count ?? 0 }

    public func column(named name: String) -> Column? {
        columns.first { $0.name == name }
    }

    public var numericColumns: [Column] { columns.filter(\.isNumeric) }
}
