/// `where=COLUMN=A,B`, `where=COLUMN!=A`, `where=COLUMN>10` …: the rows a plot keeps.
///
/// Text and `=`/`!=` compare cells as they read (`Column.text(at:)`, so numbers in their
/// shortest form and times as ISO 8601); `<`, `<=`, `>`, `>=` compare numbers and times by
/// value, the bound given as a number or a date. A missing cell is never kept by a comparison.
public struct RowFilter: Hashable, Sendable {
    public enum Operator: String, Hashable, Sendable, CaseIterable {
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">"
        case greaterOrEqual = ">="
    }

    public var column: String
    public var op: Operator
    /// For `=` and `!=`: the cells to match (any of them). For comparisons: one entry.
    public var values: [String]
    /// For comparisons: the bound as a number (a time in seconds since the epoch).
    public var bound: Double?

    public init(column: String, op: Operator, values: [String], bound: Double? = nil) {
        self.column = column
        self.op = op
        self.values = values
        self.bound = bound
    }

    /// How it is written in a script (the value of `where=`).
    public var description: String {
        column + op.rawValue + values.joined(separator: ",")
    }

    /// Which rows of `column` pass (an array of `column.count` flags).
    public func keeps(_ column: Column) -> [Bool] {
        let count = column.count
        switch op {
        case .equal, .notEqual:
            let wanted = Set(values)
            return (0..<count).map { wanted.contains(column.text(at: $0)) == (op == .equal) }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let bound, let numbers = column.numbers else {
                return Array(repeating: false, count: count)
            }
            return numbers.map { v in
                switch op {
                case .less: v < bound
                case .lessOrEqual: v <= bound
                case .greater: v > bound
                default: v >= bound
                }
            }
        }
    }
}
