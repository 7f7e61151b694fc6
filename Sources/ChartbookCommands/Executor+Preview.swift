import ChartbookData
import ChartbookModel

/// Previews: what a session looks like drawn from a sample of each remote dataset's rows,
/// while its engine computes the exact answer (the REPL's progressive first chart). A
/// preview is thrown away when the exact answer arrives; it never enters a notebook.
extension Executor {
    /// Seconds each statement of a preview may take: a preview that cannot be had at once
    /// is not worth waiting for (the exact chart is coming).
    public static let previewTimeout = 1.0

    /// `session` with every remote dataset replaced by a sample of about `rows` of its rows
    /// (loaded, so everything draws as from loaded rows). Throws when an engine cannot give
    /// one quickly — then there is no preview.
    public func sampled(_ session: Session, rows: Int) throws(Diagnostic) -> Session {
        var previewing = self
        previewing.sampleRows = rows
        var s = session
        for i in s.datasets.indices {
            guard let remote = s.datasets[i].remote, case .query(var request) = s.datasets[i].source
            else { continue }
            request.options.mode = .remote
            request.options.xColumn = remote.xColumn
            let name = Located(s.datasets[i].name, at: SourceRange(line: 1, column: 1, length: 1))
            var sample = try previewing.load(
                request, as: name, location: name.range, query: name.range, timeZone: s.timeZone)
            sample.window = s.datasets[i].window
            sample.applyWindow()
            s.datasets[i] = sample
        }
        return s
    }

    /// The query a preview loads in place of `request` when it would stay in its engine: a
    /// sample of about `rows` rows, x named; nil when it is loaded anyway (`mode=local`, or
    /// `mode=auto` under the threshold). Throws when the engine has no quick sample.
    func sampledQuery(
        _ request: DatabaseQuery, rows: Int, shouldCancel: @escaping @Sendable () -> Bool
    ) throws(DatabaseFailure) -> DatabaseQuery? {
        guard request.options.mode != .local else { return nil }
        var quick = request
        quick.options.timeout = .seconds(Self.previewTimeout)
        guard let engine = quick.remoteEngine else { return nil }
        if request.options.mode == .auto {
            guard try engine.estimatedRows(shouldCancel: shouldCancel) > LoadOptions.remoteThreshold
            else { return nil }
        }
        guard
            let sample = try engine.sample(
                xColumn: request.options.xColumn, extent: nil, rows: rows,
                shouldCancel: shouldCancel)
        else { throw .notRemote("the engine has no quick sample of this query") }
        quick.sql = sample.sql
        quick.options.mode = .local
        quick.options.xColumn = sample.xColumn
        quick.isPreviewSample = true
        return quick
    }
}
