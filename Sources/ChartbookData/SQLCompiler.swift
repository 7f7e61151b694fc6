import ChartbookModel

/// The one SQL compiler (issue 52): every statement a question of a remote dataset asks, for
/// every engine, written from its dialect value (`SQLDialect`) — here, in ChartbookData, what
/// the engines' own questions need (the rows themselves, a text column's values); in
/// ChartbookTransform (`SQLCompiler+Pipeline` and the rest) a `TransformPipeline` as one SQL
/// query, so an engine computes what the local executor computes (the property tests hold
/// SQLite and PostgreSQL to it) and sends only the result: one row per group for an
/// aggregate. Every name is quoted by `SQLQuoting`, every value is a number or a quoted
/// literal: nothing typed becomes SQL.
public struct SQLCompiler: Sendable {
    public var dialect: SQLDialect

    public init(_ dialect: SQLDialect) { self.dialect = dialect }

    /// The relation a query reads.
    public struct Source: Sendable {
        /// A quoted table name or a parenthesised query, the column giving the rows' order
        /// (nil where it has none: what needs no order, `readsRowOrder`), and — a table read
        /// directly — its columns' values and condition; `relation.rows(where:)` is what a
        /// question reads after `FROM`.
        public var relation: RemoteRelation
        /// What each column holds.
        public var kinds: [String: Column.Kind]

        public init(relation: String, kinds: [String: Column.Kind], rowOrder: String?) {
            self.init(RemoteRelation(relation: relation, rowOrder: rowOrder), kinds: kinds)
        }

        /// A remote query's rows (`RemoteEngine.transformSource`), each column of `kinds`.
        public init(_ relation: RemoteRelation, kinds: [String: Column.Kind]) {
            self.relation = relation
            self.kinds = kinds
        }

        /// Column `name`'s value as SQL, a name quoted as `dialect` quotes one.
        package func column(in dialect: SQLDialect, _ name: String) -> String {
            relation.values[name] ?? dialect.quoting.identifier(name)
        }

        /// Column `name`'s value as loading every row reads it — ±∞ kept where the relation
        /// keeps them apart (`RemoteRelation.infinite`), which `column` reads as missing, as
        /// a chart does: what a `where=` tests, a `by=` groups and most aggregates take.
        package func loaded(in dialect: SQLDialect, _ name: String) -> String {
            relation.infinite[name] ?? column(in: dialect, name)
        }

        /// Whether the relation is a table read directly (its values written out): a
        /// question of it aggregates in the same `SELECT` that reads it, never over a
        /// subquery of it.
        package var isTable: Bool { !relation.values.isEmpty }
    }

    /// The distinct values of text column `column` (as the engine names it) of `source`'s
    /// rows, NULL aside, as text — at most `limit` of them (the engine stops reading once it
    /// has found that many): a text column's values, which a remote dataset codes when they
    /// are few and plain (`RemoteTexts`).
    public func distinctTexts(of column: String, over source: RemoteRelation, limit: Int)
        -> String
    {
        let name = dialect.quoting.identifier(column)
        return "SELECT DISTINCT \(dialect.text(name)) FROM "
            + "\(source.rows(where: ["\(name) IS NOT NULL"])) LIMIT \(max(limit, 0))"
    }
}
