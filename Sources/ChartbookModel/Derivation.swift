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
