import ChartbookModel

/// One question to the engine keeping a remote dataset's rows, or to a database a query is
/// loaded from (issue 52: questions are values). The executor and the drawings write what they need of an engine as these — the
/// statements already compiled (`SQLCompiler`, in the engine's dialect) where the question
/// is one every engine answers alike — and an `EngineAnswering` answers them: the only code
/// that connects to an engine is the runner that does (`EngineRunner`), and a test answers
/// them from a table of its own, with no server.
public enum EngineQuestion: Equatable, Sendable {
    /// How many rows the query gives, as cheaply as its engine can say (`mode=auto`).
    case estimatedRows(DatabaseQuery)
    /// What a remote dataset keeps of the query (`RemoteEngine.open`): x along `xColumn` (nil:
    /// its one time column), `estimate` the size already learnt, if any.
    case open(DatabaseQuery, xColumn: String?, timeZone: TimeZoneSetting, estimate: Int?)
    /// What is known of each of `sets` of the table's rows (`RemoteEngine.kept`).
    case kept(DatabaseQuery, RemoteTable, [RemoteRowSet])
    /// Per set, the most of its rows sharing an x, where the engine tells it more cheaply than
    /// a grouping of them (`RemoteEngine.mostRowsPerX`).
    case mostRowsPerX(DatabaseQuery, RemoteTable, [RemoteRowSet])
    /// The numbers of the one row a compiled aggregate statement answers.
    case aggregates(DatabaseQuery, sql: String)
    /// The rows of a compiled transform (`_key`, `_by`, `_value`, `_rows`[, `_keys`]).
    case transformRows(DatabaseQuery, sql: String)
    /// The cells of a compiled statement's rows (a page of `show data`, a `by=`'s groups);
    /// streamed a batch at a time where every row is read (`EngineAnswering.stream`).
    case rows(DatabaseQuery, sql: String)
    /// The rows one drawing needs (`RemoteEngine.fetch`: M4 of `request`'s interval).
    case drawing(DatabaseQuery, RemoteTable, RemoteRequest)
    /// The rows a readout at `request.selected` needs (`RemoteEngine.readout`).
    case readout(DatabaseQuery, RemoteTable, RemoteRequest)
    /// A query reading a sample of about `rows` rows for a preview (`RemoteEngine.sample`).
    case sample(DatabaseQuery, xColumn: String?, extent: ClosedRange<Double>?, rows: Int)
    /// Every row of the query, read as `mode=local` loads it (`DatabaseReader`: SQLite's
    /// file, PostgreSQL's and ClickHouse's rows over the network), times in `timeZone`,
    /// within `limits`.
    case table(DatabaseQuery, timeZone: TimeZoneSetting, limits: ResourceLimits)

    /// The query whose engine is asked.
    public var query: DatabaseQuery {
        switch self {
        case .estimatedRows(let q), .open(let q, _, _, _), .kept(let q, _, _),
            .mostRowsPerX(let q, _, _), .aggregates(let q, _), .transformRows(let q, _),
            .rows(let q, _), .drawing(let q, _, _), .readout(let q, _, _),
            .sample(let q, _, _, _), .table(let q, _, _):
            return q
        }
    }
}
