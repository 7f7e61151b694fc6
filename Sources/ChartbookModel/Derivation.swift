/// A column computed from the others by an expression (`let w.t = year + (quarter - 1) / 4`):
/// kept with its dataset, computed again whenever the dataset is read again (`reload`), and
/// written back by `save script`.
public struct Derivation: Equatable, Sendable {
    /// The new column's name.
    public var name: String
    /// The expression, as typed.
    public var expression: String

    public init(name: String, expression: String) {
        self.name = name
        self.expression = expression
    }
}

/// `fold DATASET COLUMNS as KEY VALUE`: a wide table made long — each row becomes one row per
/// folded column, holding the other columns, the column's name (`KEY`) and its value
/// (`VALUE`).
public struct Fold: Equatable, Sendable {
    /// The folded columns, in the dataset's order.
    public var columns: [String]
    public var key: String
    public var value: String
    /// The columns as typed (`JAN..DEC`, `a,b,c`), what `save script` writes.
    public var written: String

    public init(columns: [String], key: String, value: String, written: String) {
        self.columns = columns
        self.key = key
        self.value = value
        self.written = written
    }
}

/// What is done to a dataset after it is read, in order, again whenever it is read again.
public enum DatasetStep: Equatable, Sendable {
    case derive(Derivation)
    case fold(Fold)
}
