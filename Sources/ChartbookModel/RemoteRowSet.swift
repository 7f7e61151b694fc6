/// A set of a remote dataset's rows that a plot draws (issue 28): those every filter keeps —
/// a plot's `where=`, a `by=` group's value — and every row with no filter. A remote
/// dataset's engine takes the M4 rows of each set a drawing shows, and learns what the axes
/// need of each (`RemoteTable.Kept`).
public struct RemoteRowSet: Hashable, Sendable {
    /// Each must keep a row for the set to hold it.
    public var filters: [RowFilter]

    public init(_ filters: [RowFilter] = []) {
        self.filters = filters
    }

    /// Every row.
    public static let every = RemoteRowSet()

    /// The rows `filter` keeps (every row for nil).
    public init(_ filter: RowFilter?) {
        self.init(filter.map { [$0] } ?? [])
    }

    /// The rows of this set whose `column` reads `key` (a cell's text, as `by=` groups
    /// rows: "" for a missing value).
    public func group(_ column: String, _ key: String) -> RemoteRowSet {
        RemoteRowSet(filters + [RowFilter(column: column, op: .equal, values: [key])])
    }

    /// How a `by=` splits a set: the column, over the rows of `rows`.
    public struct Grouping: Hashable, Sendable {
        public var column: String
        public var rows: RemoteRowSet

        public init(column: String, rows: RemoteRowSet) {
            self.column = column
            self.rows = rows
        }
    }
}
