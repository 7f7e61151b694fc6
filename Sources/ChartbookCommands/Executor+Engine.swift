import ChartbookData
import ChartbookModel
import ChartbookTransform

/// What a remote PostgreSQL dataset's engine computes for the session (issues 27 and 28):
/// the drawn tables of plots with `agg=` and reference lines at a statistic, each one query
/// over the remote query's rows, compiled by `SQLCompiler`.
extension Executor {
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
        let remote = PostgresRemote(query)
        let sql: String
        do throws(TransformError) {
            sql = try SQLCompiler(.postgres).query(pipeline, over: engineSource(remote, table))
        } catch { throw Self.refused(error, plot: plot.id, at: range) }
        let rows: [PostgresRemote.TransformRow]
        do throws(DatabaseFailure) {
            rows = try remote.transformRows(sql, shouldCancel: isCancelled)
        } catch { throw engineFailure(error, query, at: range) }
        do throws(TransformError) {
            let result = try TableExecutor.result(ofEngine: rows, pipeline, on: dataset)
            return DrawnTable(
                table: result.table, y: result.y, rows: result.rows, notes: result.notes,
                inputs: inputs)
        } catch { throw Self.refused(error, plot: plot.id, at: range) }
    }

    /// Reference lines at a statistic of a remote dataset, computed by the engine once (and
    /// again after a reload, which forgets them): its rows stay there.
    func refreshEngineStatistics(_ s: inout Session, at range: SourceRange) throws(Diagnostic) {
        for i in s.markedLines.indices where s.markedLines[i].engineValue == nil {
            guard case .statistic(let kind, let series) = s.markedLines[i].value,
                let dataset = s.dataset(named: series.dataset), let table = dataset.remote,
                case .query(let query) = dataset.source, query.engine == .postgres
            else { continue }
            let remote = PostgresRemote(query)
            let sql: String
            do throws(TransformError) {
                sql = try SQLCompiler(.postgres).statistic(
                    kind, of: series.column, filter: s.markedLines[i].filter,
                    over: engineSource(remote, table))
            } catch {
                throw Diagnostic(
                    .remoteNeedsLocal(dataset: dataset.name, needs: error.message), at: range)
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
}
