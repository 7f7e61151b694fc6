/// What `describe` says of one column: its kind, extremes, mean and counts — computed from
/// the values in memory (`init(of:)`), or by a remote dataset's engine, which answers the
/// same numbers without sending a row (issue 28).
public struct ColumnSummary: Equatable, Sendable {
    public var name: String
    public var kind: Column.Kind
    /// The smallest and largest finite value and their mean; NaN when there is none (a
    /// time column's in seconds since the epoch).
    public var minimum: Double
    public var maximum: Double
    public var mean: Double
    /// Cells without a value, and cells whose text was not a value of the column's kind.
    public var missing: Int
    public var unreadable: Int
    /// The decimals the column's numbers are written with (`NumberText.decimals(of:)`).
    public var decimals: Int

    public init(
        name: String, kind: Column.Kind, minimum: Double, maximum: Double, mean: Double,
        missing: Int, unreadable: Int, decimals: Int
    ) {
        self.name = name
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
        self.missing = missing
        self.unreadable = unreadable
        self.decimals = decimals
    }

    /// The summary of a column in memory.
    public init(of column: Column) {
        name = column.name
        kind = column.kind
        unreadable = column.unparseable
        guard let numbers = column.numbers else {
            minimum = .nan; maximum = .nan; mean = .nan; decimals = 0
            missing = (0..<column.count).lazy.filter { column.text(at: $0).isEmpty }.count
            return
        }
        let statistics = Statistics(of: numbers)
        minimum = statistics.minimum
        maximum = statistics.maximum
        mean = statistics.mean
        missing = statistics.missing
        decimals = column.isTime ? 0 : NumberText.decimals(of: numbers)
    }
}
