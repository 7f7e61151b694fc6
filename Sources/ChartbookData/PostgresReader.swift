import ChartbookModel

/// A query against a PostgreSQL server (or any engine speaking its protocol), read into typed
/// columns. The query runs in a read-only transaction (chartbook never writes to a database)
/// through a cursor, fetched in batches so that the memory budget is checked as rows arrive
/// and Ctrl-C cancels on the server between and during batches.
public struct PostgresReader: Sendable {
    /// A result column to use as the x labels (`labels=`).
    public var labelColumn: String?
    /// Where `timestamp` and `date` values (wall clock) are.
    public var timeZone = TimeZoneSetting.utc
    public var limits: ResourceLimits
    /// Rows per round trip.
    public var batchRows = 50_000
    /// Seconds one statement may take (`timeout=` of load); nil: no limit.
    public var statementTimeout: Double? = PostgresReader.defaultTimeout

    /// The statement timeout of a load that sets none, in seconds.
    public static let defaultTimeout = 300.0

    public init(labelColumn: String? = nil, limits: ResourceLimits = ResourceLimits()) {
        self.labelColumn = labelColumn
        self.limits = limits
    }

    /// Bytes one batch may bring at most, by the widest row seen so far.
    static let batchBytes = 8 << 20

    /// Rows to fetch next: a few at first, then as many as `batchBytes` holds of the widest
    /// row seen (at least one, at most `batchRows`), so that wide text cannot arrive in a
    /// batch far past the memory budget before its rows are counted.
    func nextBatch(widest: Int, first: Bool) -> Int {
        if first { return min(100, batchRows) }
        return max(1, min(batchRows, Self.batchBytes / max(widest, 1)))
    }

    /// What precedes the query in the statement the server sees; its positions are shifted
    /// back by this many characters so that they point into the query as written.
    static let cursorPrefix = "DECLARE chartbook_rows NO SCROLL CURSOR FOR "

    /// Runs `query` on the server at `url`. `shouldCancel` is polled every 100 ms.
    public func read(url: String, query: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> DelimitedReader.Table
    {
        let connection = try Self.open(
            url, statementTimeout: statementTimeout, shouldCancel: shouldCancel)
        do {
            _ = try connection.execute(
                Self.cursorPrefix + Self.statement(query), shouldCancel: shouldCancel)
        } catch { throw Self.shifted(error, by: Self.cursorPrefix.count) }
        var columns: [PostgresColumn]?
        var rows = 0
        // The widest row seen, in bytes on the wire: sizes the next batch.
        var widest = 0
        while true {
            let batch = try connection.execute(
                "FETCH FORWARD \(nextBatch(widest: widest, first: rows == 0)) FROM chartbook_rows",
                shouldCancel: shouldCancel)
            if columns == nil {
                guard batch.columns > 0 else {
                    throw .query("the statement returns no columns", offset: nil)
                }
                guard batch.columns <= limits.maxColumns else {
                    throw .data(.tooManyColumns(line: 1, limit: limits.maxColumns))
                }
                columns = (0..<batch.columns).map {
                    PostgresColumn(name: batch.name($0), oid: batch.type($0))
                }
            }
            guard batch.rows > 0, var filling = columns else { break }
            columns = nil  // keeps `filling` the only reference: appended in place
            for row in 0..<batch.rows {
                // (The batch itself is bounded by `batchBytes`.)
                do {
                    let wire = try ColumnAccumulator.admit(
                        row: rows + row + 1, columns: filling.count,
                        length: { batch.bytes(row, $0).count }, held: { filling[$0].cells.bytes },
                        name: { filling[$0].name }, limits: limits)
                    widest = max(widest, wire)
                } catch { throw .data(error) }
                for column in filling.indices {
                    filling[column].add(batch, row: row, column: column)
                }
            }
            columns = filling
            rows += batch.rows
        }
        let read = (columns ?? []).map { $0.read(zone: timeZone) }
        do { return try ValueTable.table(read, labelColumn: labelColumn, zone: timeZone) } catch {
            throw .data(error)
        }
    }

    /// A connection set up for reading: UTC and ISO dates (one exact text form for times),
    /// shortest exact float text, and read-only transactions — this one, and (the session's
    /// default) any that could follow it.
    static func open(_ url: String, statementTimeout: Double?, shouldCancel: () -> Bool)
        throws(DatabaseFailure) -> PostgresConnection
    {
        let connection = try PostgresConnection(
            url: url, statementTimeout: statementTimeout, shouldCancel: shouldCancel)
        for statement in [
            "SET TimeZone = 'UTC'", "SET DateStyle = 'ISO, YMD'", "SET extra_float_digits = 1",
            "SET default_transaction_read_only = on", "BEGIN TRANSACTION READ ONLY",
        ] {
            _ = try connection.execute(statement, shouldCancel: shouldCancel)
        }
        return connection
    }

    /// The query as a statement to wrap: without the `;` and blanks that may end it, and
    /// ending a line, so that a `-- comment` on its last line ends before what follows it.
    static func statement(_ query: String) -> String {
        body(query) + "\n"
    }

    /// The query without the `;` and blanks that may end it.
    static func body(_ query: String) -> String {
        var text = Substring(query)
        while let last = text.last, last == ";" || last.isWhitespace { text = text.dropLast() }
        return String(text)
    }

    /// `failure` with its position moved back by `prefix` characters (nil when it points
    /// into the prefix).
    static func shifted(_ failure: DatabaseFailure, by prefix: Int) -> DatabaseFailure {
        guard case .query(let message, let offset?) = failure else { return failure }
        return .query(message, offset: offset >= prefix ? offset - prefix : nil)
    }
}
