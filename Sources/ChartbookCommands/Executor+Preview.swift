import ChartbookData
import ChartbookModel

/// Previews: what a session looks like drawn from a sample of each remote dataset's rows,
/// while its engine computes the exact answer (the REPL's progressive first chart). A
/// preview is thrown away when the exact answer arrives; it never enters a notebook.
extension Executor {
    /// Seconds each statement of a preview may take: a preview that cannot be had at once
    /// is not worth waiting for (the exact chart is coming).
    public static let previewTimeout = 1.0

    /// Seconds a preview's load waits for the extent of x from the exact load beside it
    /// (`RemoteExtents`) before it scans for it itself: about the first scan of 10⁹ rows.
    static let extentPatience = 10.0

    /// `session` with every remote dataset replaced by a sample of about `rows` of its rows
    /// in the x interval shown (loaded, so everything draws as from loaded rows). Throws
    /// when an engine cannot give one quickly — then there is no preview.
    public func sampled(_ session: Session, rows: Int) throws(Diagnostic) -> Session {
        var previewing = self
        previewing.sampleRows = rows
        var s = session
        for i in s.datasets.indices {
            guard let remote = s.datasets[i].remote, case .query(var request) = s.datasets[i].source
            else { continue }
            request.options.mode = .remote
            request.options.xColumn = remote.xColumn
            // A view's rows only (a sample of all the data would leave a zoomed view nearly
            // empty); else all the data, whose extent is known (the engine need not scan).
            previewing.sampleInterval = session.view.xInterval ?? remote.extent
            let name = Located(s.datasets[i].name, at: SourceRange(line: 1, column: 1, length: 1))
            var sample = try previewing.answering { executor throws(Diagnostic) in
                try executor.load(
                    request, as: name, location: name.range, query: name.range,
                    timeZone: s.timeZone)
            }
            sample.columns = Self.withKnownRows(sample.columns, of: remote)
            sample.window = s.datasets[i].window
            sample.applyWindow()
            s.datasets[i] = sample
        }
        return s
    }

    /// A sample's `columns` with the rows `remote` already knows of all the data merged in
    /// by x — the first, the last, each column's extremes (`RemoteTable.rows(with:)`) — so a
    /// preview's axes span what the exact chart's do, its spikes included (a text column's
    /// cells as its codes, `RemoteTable.texts`); as they are when the sample holds a column
    /// the remote dataset leaves out (a text column it does not code: those rows would have
    /// none).
    static func withKnownRows(_ columns: [Column], of remote: RemoteTable) -> [Column] {
        guard Set(columns.map(\.name)) == Set(remote.columns) else { return columns }
        let ordered = remote.columns.compactMap { name -> [Double]? in
            guard let column = columns.first(where: { $0.name == name }) else { return nil }
            return remote.codes(of: column) ?? column.numbers
        }
        guard ordered.count == remote.columns.count else { return columns }
        let count = ordered.map(\.count).min() ?? 0
        let rows = (0..<count).map { r in ordered.map { $0[r] } }
        return remote.columns(of: remote.rows(with: rows))
    }

    /// The query a preview loads in place of `request`, which would stay in its engine: a
    /// sample of about `rows` rows, x named. Throws when the engine has no quick sample, and
    /// when the query would be loaded whole (`mode=local`, or `mode=auto` under the
    /// threshold): a preview reads samples only, never a query whole beside the exact run.
    func sampledQuery(
        _ request: DatabaseQuery, rows: Int, waitingFor: String
    ) throws(DatabaseFailure) -> DatabaseQuery {
        let whole = DatabaseFailure.notRemote("a preview loads no query whole")
        var quick = request
        quick.options.timeout = .seconds(Self.previewTimeout)
        guard request.options.mode != .local, !request.options.rowIndex,
            quick.engineStatements(dialects: dialects) != nil
        else { throw whole }
        if request.options.mode == .auto,
            try ask(.estimatedRows(quick), waitingFor: waitingFor).count()
                <= LoadOptions.remoteThreshold
        {
            throw whole
        }
        // The extent the exact load beside it learns (waited for: its first scan), else the
        // engine scans for it.
        let extent =
            sampleInterval
            ?? remoteExtents?.extent(
                of: request, waitingUpTo: Self.extentPatience, shouldCancel: isCancelled)
        guard
            let sample = try ask(
                .sample(quick, xColumn: request.options.xColumn, extent: extent, rows: rows),
                waitingFor: waitingFor
            ).sample()
        else { throw .notRemote("the engine has no quick sample of this query") }
        quick.sql = sample.sql
        quick.options.mode = .local
        quick.options.xColumn = sample.xColumn
        quick.isPreviewSample = true
        quick.columnsSQL = sample.columnsSQL
        return quick
    }
}
