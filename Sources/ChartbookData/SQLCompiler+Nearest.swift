import ChartbookModel

/// The rows nearest an x (issue 52: one statement for every engine) — the readout's rows on
/// either side of a selected x, the neighbours just outside a drawing's interval: per side,
/// the row with the greatest x below a bound (or the least above it), found by ordering by x
/// and keeping one, as the engine's index on x orders the rows (`RemoteRelation.orderedX`).
extension SQLCompiler {
    /// A row looked for: the one with the greatest x below `bound` (the least above it when
    /// `below` is false), `bound` itself included unless `strict`; `bound` is of log10(x)
    /// when `log` (a log x scale's positions).
    public struct NearestSide: Equatable, Sendable {
        public var bound: Double
        public var below: Bool
        public var strict: Bool
        public var log: Bool

        public init(bound: Double, below: Bool, strict: Bool, log: Bool = false) {
            self.bound = bound
            self.below = below
            self.strict = strict
            self.log = log
        }
    }

    /// One statement answering each of `sides` with its row, if it has one: the side's place
    /// in `sides`, then the values of `columns` (as `RemoteRelation.values` reads them) —
    /// x being column `x` — within `window` of the side's bound when given. Each side is a
    /// subquery of its own ordered by x and limited to one row, the sides one after another
    /// (`UNION ALL`): the form every engine reads. The row is found among the relation's own
    /// columns and its values computed after (`RemoteRelation.columns`): PostgreSQL cannot
    /// read backwards a query that orders its rows itself, and sorted them with every row's
    /// values computed first — the row before the last x of 10⁶, 1.5 s, not 0.3 s.
    public func nearest(
        _ columns: [String], of source: RemoteRelation, x: String, sides: [NearestSide],
        within window: Double? = nil
    ) -> String {
        let values = columns.map { source.values[$0] ?? dialect.quoting.identifier($0) }
        let xValue = source.values[x] ?? dialect.quoting.identifier(x)
        let order = source.orderedX?.column ?? xValue
        return sides.enumerated().map { k, side in
            let conditions = nearestConditions(side, xValue, source.orderedX, within: window)
            let row = (["\(k) AS chartbook_side"] + values).joined(separator: ", ")
            let found =
                "SELECT \(source.columns) FROM \(source.rows(where: conditions)) "
                + "ORDER BY \(order)\(side.below ? " DESC" : "") LIMIT 1"
            return "SELECT \(row) FROM (\(found)) AS chartbook_n\(k)"
        }.joined(separator: " UNION ALL ")
    }

    /// Where `side` looks: x's value beyond its bound (and within `window` of it), finite,
    /// and — where x's column is reached through its index by a bound of its own type — the
    /// column too, widened so that it keeps every row the exact test keeps.
    private func nearestConditions(
        _ side: NearestSide, _ xValue: String, _ ordered: RemoteRelation.OrderedX?,
        within window: Double?
    ) -> [String] {
        let placed = ScaleTransform.sql(xValue, log: side.log, log10Function: dialect.log10Function)
        let op = (side.below ? "<" : ">") + (side.strict ? "" : "=")
        // x itself finite: a number x may hold ±∞ as loaded, which no drawing places.
        let far = dialect.real(side.below ? -.infinity : .infinity)
        var conditions = [
            "\(placed) \(op) \(dialect.real(side.bound))",
            "\(xValue) \(side.below ? ">" : "<") \(far)",
        ]
        if let window {
            let end = side.bound + (side.below ? -window : window)
            conditions.append("\(placed) \(side.below ? ">=" : "<=") \(dialect.real(end))")
        }
        if !side.log, let ordered, let bound = ordered.bound {
            let literal = "\(bound.prefix)\(dialect.real(side.bound))\(bound.suffix)"
            let widened = side.below ? "\(literal) + \(bound.slack)" : "\(literal) - \(bound.slack)"
            conditions.append("\(ordered.column) \(side.below ? "<=" : ">=") \(widened)")
        }
        return conditions
    }
}
