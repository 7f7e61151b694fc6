import ChartbookData
import ChartbookModel
import ChartbookTransform

extension Command {
    /// Where a transform option of `add plot` was typed, for a transform's error.
    var transformRange: SourceRange? {
        if case .addPlot(_, _, _, _, let binding) = self { return binding.transformRange }
        return nil
    }
}

/// Keeping every plot's drawn table (`DrawnTable`) in step with the session, and the rule
/// that bars never hide each other.
extension Executor {
    /// Makes the drawn table of every plot with transforms whose inputs changed (a new
    /// plot, new options, a reload, another time zone) and drops those of plots without;
    /// a table whose inputs are unchanged is kept, so `view`, `scroll` and `select` cost
    /// nothing. A transform that cannot be computed refuses the command at `range`.
    func refreshDrawnTables(_ s: inout Session, at range: SourceRange) throws(Diagnostic) {
        for i in s.plots.indices {
            let plot = s.plots[i]
            guard let pipeline = TransformPipeline(plot: plot, in: s),
                let dataset = s.dataset(named: plot.series.dataset)
            else {
                s.plots[i].drawn = nil
                continue
            }
            let inputs = TableExecutor.inputs(of: plot, pipeline, dataset, s)
            if plot.drawn?.inputs == inputs { continue }
            // Columns on demand are read before the session is committed; until then the
            // plot waits (the refresh after `readColumnsInUse` makes its table).
            guard inputs.columns.allSatisfy(\.isRead) else {
                s.plots[i].drawn = nil
                continue
            }
            if dataset.remote != nil {
                s.plots[i].drawn = try engineDrawnTable(plot, pipeline, dataset, inputs, at: range)
                continue
            }
            do throws(TransformError) {
                let result = try TableExecutor.run(pipeline, on: dataset)
                var drawn = DrawnTable(
                    table: result.table, y: result.y, rows: result.rows, notes: result.notes,
                    inputs: inputs)
                let timeX = pipeline.x.flatMap { dataset.column(named: $0) }?.isTime == true
                for (group, fit) in result.fits {
                    let name = group.isEmpty && plot.binding.by != nil ? "(none)" : group
                    drawn.fits[TextMetrics.sanitized(name)] = fit.summary(timeX: timeX)
                }
                s.plots[i].drawn = drawn
            } catch {
                throw Diagnostic(
                    .transform(plot: plot.id, message: error.message, hint: error.hint), at: range)
            }
        }
    }

    /// A remote dataset's plot with transforms, computed by the engine: the pipeline compiled
    /// to PostgreSQL over the query's rows, one row per group on the wire. What the compiler
    /// cannot write (a trend, a rolling median, windows over every row) is refused, naming
    /// `mode=local`.
    func engineDrawnTable(
        _ plot: Plot, _ pipeline: TransformPipeline, _ dataset: Dataset,
        _ inputs: DrawnTable.Inputs, at range: SourceRange
    ) throws(Diagnostic) -> DrawnTable {
        guard let table = dataset.remote, case .query(let query) = dataset.source,
            query.engine == .postgres, pipeline.aggregate != nil
        else {
            throw Diagnostic(
                .remoteNeedsLocal(
                    dataset: dataset.name,
                    needs: "transforms of every row (only agg= is computed by the engine)"),
                at: range)
        }
        let remote = PostgresRemote(
            url: query.location, query: query.sql, statementTimeout: query.options.timeout.seconds)
        let source = engineSource(remote, table)
        let refused = { (error: TransformError) in
            Diagnostic(
                .transform(plot: plot.id, message: error.message, hint: error.hint), at: range)
        }
        let sql: String
        do throws(TransformError) {
            sql = try SQLCompiler(.postgres).query(pipeline, over: source)
        } catch { throw refused(error) }
        let rows: [PostgresRemote.TransformRow]
        do throws(DatabaseFailure) {
            rows = try remote.transformRows(sql, shouldCancel: isCancelled)
        } catch { throw engineFailure(error, query, at: range) }
        do throws(TransformError) {
            let result = try TableExecutor.result(
                ofEngine: rows.map {
                    .init(key: $0.key, group: $0.group, value: $0.value, rows: $0.rows)
                },
                pipeline, on: dataset)
            return DrawnTable(
                table: result.table, y: result.y, rows: result.rows, notes: result.notes,
                inputs: inputs)
        } catch { throw refused(error) }
    }

    /// Reference lines at a statistic of a remote dataset, computed by the engine once (and
    /// again after a reload, which forgets them): its rows stay there.
    func refreshEngineStatistics(_ s: inout Session, at range: SourceRange) throws(Diagnostic) {
        for i in s.markedLines.indices where s.markedLines[i].engineValue == nil {
            guard case .statistic(let kind, let series) = s.markedLines[i].value,
                let dataset = s.dataset(named: series.dataset), let table = dataset.remote,
                case .query(let query) = dataset.source, query.engine == .postgres
            else { continue }
            let remote = PostgresRemote(
                url: query.location, query: query.sql,
                statementTimeout: query.options.timeout.seconds)
            let sql: String
            do throws(TransformError) {
                sql = try SQLCompiler(.postgres).statistic(
                    kind, of: series.column, filter: s.markedLines[i].filter,
                    over: engineSource(remote, table))
            } catch {
                throw Diagnostic(.expression(message: error.message, hint: error.hint), at: range)
            }
            do throws(DatabaseFailure) {
                s.markedLines[i].engineValue = try remote.aggregate(sql, shouldCancel: isCancelled)
            } catch { throw engineFailure(error, query, at: range) }
        }
    }

    /// A remote table's rows as the transform compiler reads them.
    func engineSource(_ remote: PostgresRemote, _ table: RemoteTable) -> SQLCompiler.Source {
        var kinds = [String: Column.Kind]()
        for name in table.columns {
            kinds[name] = table.timeColumns.contains(name) ? .time : .number
        }
        return SQLCompiler.Source(
            relation: remote.transformSource(table), kinds: kinds,
            rowOrder: PostgresRemote.rowOrderName)
    }

    /// An engine's failure as a diagnostic.
    func engineFailure(_ error: DatabaseFailure, _ query: DatabaseQuery, at range: SourceRange)
        -> Diagnostic
    {
        switch error {
        case .data(.cancelled): return Diagnostic(.cancelled, at: range)
        case .cannotOpen(let reason):
            return Diagnostic(.cannotRead(path: query.shownLocation, reason: reason), at: range)
        case .query(let message, _), .notRemote(let message):
            return Diagnostic(.queryFailed(engine: "postgres", message: message), at: range)
        case .data(let problem):
            return Diagnostic(.unreadableData(path: query.shownLocation, problem), at: range)
        }
    }

    /// Refuses a bar plot (`bar`, `stacked`, `grouped`) without `agg=` where several rows
    /// of a group share an x: the bars would be drawn over each other and show only one.
    func checkRepeatedX(of id: String?, in s: Session, at range: SourceRange)
        throws(Diagnostic)
    {
        guard let plot = s.plots.first(where: { $0.id == id }), plot.binding.aggregate == nil,
            plot.kind.chart == .cartesian, plot.kind.spec.mark == .bars,
            plot.kind.spec.traits.contains(.aggregates),
            let x = s.xColumn(of: plot), let dataset = s.dataset(named: plot.series.dataset)
        else { return }
        let counting = TransformPipeline(
            x: x.name, y: nil, by: plot.binding.by, filter: plot.binding.filter,
            aggregate: .count, timeZone: s.timeZone)
        guard let result = try? TableExecutor.run(counting, on: dataset),
            let rows = result.table.column(named: result.y)?.numbers,
            let most = rows.indices.max(by: { rows[$0] < rows[$1] }), rows[most] > 1
        else { return }
        let at = result.table.column(named: x.name)?.text(at: most) ?? ""
        throw Diagnostic(
            .repeatedX(plot: plot.id, rows: Int(saturating: rows[most]), x: "\(x.name)=\(at)"),
            at: range)
    }
}
