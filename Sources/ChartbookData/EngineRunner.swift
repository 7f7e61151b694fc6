import ChartbookModel

/// The one place the questions of engines (`EngineQuestion`) reach an engine, and a query
/// loaded whole its database (issue 52):
/// each question's query names its engine (`DatabaseQuery.remoteEngine`), asked in
/// `dialects[engine]` where given (a test's broken dialect), else its own; what an engine
/// learns of x's extent while it opens a query is told to `extents` (the REPL's preview
/// reads it there, and waits for it while the query is being opened).
public struct EngineRunner: EngineAnswering {
    public var dialects: [DatabaseQuery.Engine: SQLDialect]
    public var extents: RemoteExtents?

    public init(dialects: [DatabaseQuery.Engine: SQLDialect] = [:], extents: RemoteExtents? = nil) {
        self.dialects = dialects
        self.extents = extents
    }

    public func answer(_ question: EngineQuestion, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> EngineAnswer
    {
        // The engine keeping the query's rows, asked where a question needs one: a query
        // loaded whole is read by its reader (SQLite has no remote engine).
        let engine = { () throws(DatabaseFailure) in try self.engine(question.query) }
        switch question {
        case .table(let query, let zone, let limits):
            return .rowsLoaded(
                try DatabaseReader(timeZone: zone, limits: limits).read(
                    query, shouldCancel: shouldCancel))
        case .estimatedRows:
            return .count(try engine().estimatedRows(shouldCancel: shouldCancel))
        case .open(let query, let xColumn, let zone, let estimate):
            let engine = try engine()
            // (What the query's rows spanned before is not what they span now.)
            extents?.loading(query)
            defer { extents?.settled(query) }
            return .table(
                try engine.open(
                    xColumn: xColumn, timeZone: zone, estimate: estimate,
                    learnt: { extents?.learnt($0, of: query) }, shouldCancel: shouldCancel))
        case .kept(_, let table, let sets):
            return .kept(try engine().kept(table, sets, shouldCancel: shouldCancel))
        case .mostRowsPerX(_, let table, let sets):
            return .rowsPerX(try engine().mostRowsPerX(table, sets, shouldCancel: shouldCancel))
        case .aggregates(_, let sql):
            return .numbers(try engine().aggregates(sql, shouldCancel: shouldCancel))
        case .transformRows(_, let sql):
            return .transformRows(try engine().transformRows(sql, shouldCancel: shouldCancel))
        case .rows(_, let sql):
            let answer = try engine().transport(shouldCancel).answer(
                sql, shouldCancel: shouldCancel)
            return .rows(AnsweredRows(answer))
        case .drawing(_, let table, let request):
            return .drawing(try engine().fetch(table, request, shouldCancel: shouldCancel))
        case .readout(_, let table, let request):
            return .readout(try engine().readout(table, request, shouldCancel: shouldCancel))
        case .sample(_, let xColumn, let extent, let rows):
            return .sample(
                try engine().sample(
                    xColumn: xColumn, extent: extent, rows: rows, shouldCancel: shouldCancel))
        }
    }

    public func stream(
        _ question: EngineQuestion, batch: Int, shouldCancel: @escaping () -> Bool,
        _ body: (any StatementAnswer) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        guard case .rows(let query, let sql) = question else {
            throw .query("only a statement's rows are streamed", offset: nil)
        }
        try engine(query).transport(shouldCancel).stream(
            sql, batch: batch, shouldCancel: shouldCancel, body)
    }

    /// The engine keeping `query`'s rows, asked in its dialect.
    private func engine(_ query: DatabaseQuery) throws(DatabaseFailure) -> any RemoteEngine {
        guard let engine = query.remoteEngine(dialects: dialects) else {
            throw .notRemote("no engine keeps the rows of a \(query.engine.rawValue) query")
        }
        return engine
    }
}
