import ChartbookModel

/// Every row of a remote dataset's query, fetched a batch at a time through a server-side
/// cursor (`DECLARE … NO SCROLL CURSOR`, `FETCH FORWARD n`), so that `save csv` writes tens of
/// millions of rows holding one batch in memory (issue 28). Rows come in the query's own
/// order, each a value per column of the table as the loading path reads it.
public final class PostgresRowCursor {
    private let remote: PostgresRemote
    private let shape: PostgresRemote.Shape
    private let connection: PostgresConnection
    private let shouldCancel: () -> Bool
    private var finished = false

    /// Opens the cursor (the connection's read-only transaction holds it).
    public init(
        _ remote: PostgresRemote, _ table: RemoteTable, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) {
        self.remote = remote
        shape = PostgresRemote.Shape(table)
        self.shouldCancel = shouldCancel
        connection = try remote.connect(shouldCancel)
        _ = try connection.execute(
            "DECLARE chartbook_rows NO SCROLL CURSOR FOR "
                + remote.selectRows(shape, asLoaded: true), shouldCancel: shouldCancel)
    }

    /// The next `count` rows at most; empty once every row was given.
    public func next(_ count: Int) throws(DatabaseFailure) -> [[Double]] {
        guard !finished else { return [] }
        let rows = try remote.fetchRows(
            connection, shape, sql: "FETCH FORWARD \(max(count, 1)) FROM chartbook_rows",
            shouldCancel: shouldCancel)
        if rows.count < count { finished = true }
        return rows
    }
}
