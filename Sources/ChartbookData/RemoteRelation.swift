/// A remote query's rows as the transform compiler reads them (`RemoteEngine.transformSource`):
/// a parenthesised query naming each column as the session does — or, where the query only
/// reads one table's columns (`ClickHouseTableQuery`), that table itself, each column's value
/// written over the table's own columns and the query's condition kept apart, so that an
/// aggregate of it runs where the rows are (over a `Distributed` table, each shard over its
/// own rows; over a subquery, every shard sends all its rows to the one server asked).
public struct RemoteRelation: Equatable, Sendable {
    /// A parenthesised query, or a table's name as the query writes it.
    public var relation: String
    /// Per column (by its session name), the SQL of its value over `relation`; a column not
    /// named here is `relation`'s own column of that name.
    public var values: [String: String]
    /// Per number column (by its session name) that may hold ±∞, the SQL of its value with
    /// ±∞ kept — what `values` reads as missing, as a chart does — so that `describe` counts
    /// them in its one scan (`SQLCompiler.summary`); absent where `values` holds none.
    public var infinite: [String: String] = [:]
    /// The rows of `relation` kept (SQL over its own columns); nil: every row.
    public var condition: String?
    /// The column numbering the rows in the query's order (`RemoteEngines.rowOrderName`);
    /// nil when the relation was asked without one.
    public var rowOrder: String?
    /// x as the engine's index on it orders and reaches it (`SQLCompiler.nearest`); nil: by
    /// its value.
    public var orderedX: OrderedX?
    /// What a question reads of `relation`'s own columns before it computes `values` of the
    /// few rows it keeps (`SQLCompiler.nearest`): all of them (`*`), or — a table read
    /// directly (`ClickHouseTableQuery`) — the query's own list (a table's `*` leaves out
    /// the ALIAS and MATERIALIZED columns a query may name).
    public var columns = "*"

    /// x's own column, which an index on it (PostgreSQL's btree, ClickHouse's sorting key)
    /// orders: what a question of the rows nearest an x orders by, and — where a condition on
    /// x's value does not reach the index (PostgreSQL's `timestamptz`: the btree is on the
    /// column, not on its seconds) — how a bound on x is written on the column too.
    public struct OrderedX: Equatable, Sendable {
        /// The column, quoted.
        public var column: String
        /// How a bound on x is written on the column (nil: the column is not compared).
        public var bound: Bound?

        public init(column: String, bound: Bound? = nil) {
            self.column = column
            self.bound = bound
        }

        /// A bound (seconds since the epoch) as a value of the column's type — the text
        /// before and after the bound's literal — and what widens it (added to an upper
        /// bound, taken from a lower one) so that the column's condition keeps every row the
        /// exact test of x's value keeps.
        public struct Bound: Equatable, Sendable {
            public var prefix: String
            public var suffix: String
            public var slack: String

            public init(prefix: String, suffix: String, slack: String) {
                self.prefix = prefix
                self.suffix = suffix
                self.slack = slack
            }
        }
    }

    public init(
        relation: String, values: [String: String] = [:], condition: String? = nil,
        rowOrder: String? = nil
    ) {
        self.relation = relation
        self.values = values
        self.condition = condition
        self.rowOrder = rowOrder
    }

    /// `relation` and the rows of it kept by `condition` and `conditions`: what a question
    /// reads after `FROM`.
    public func rows(where conditions: [String] = []) -> String {
        let all = [condition].compactMap { $0 } + conditions
        guard !all.isEmpty else { return relation }
        return "\(relation) WHERE " + all.map { "(\($0))" }.joined(separator: " AND ")
    }
}
