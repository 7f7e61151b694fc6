import ChartbookData
import ChartbookModel
import ChartbookTransform

/// What a remote dataset's engine computes for the session (issues 27 and 28): the drawn
/// tables of plots with `agg=` (PostgreSQL), reference lines at a statistic, `describe` and
/// a `by=`'s groups (the rows themselves: `+EngineRows`), each one query over the remote query's rows, compiled by `SQLCompiler` in
/// the engine's dialect.
extension Executor {
    /// What a remote dataset was asked for that its engine cannot compute, as
    /// `remoteNeedsLocal` words it ("…, not agg=p95, which ClickHouse cannot compute").
    static func needs(_ error: TransformError) -> String {
        if case .unsupported(let what, let backend) = error {
            return "\(what), which \(backend) cannot compute"
        }
        return error.message
    }

    /// A remote dataset's plot with transforms, computed by the engine: the pipeline compiled
    /// to the engine's SQL over the query's rows, one row per group on the wire. What the
    /// compiler cannot write for it (a trend, a rolling median, windows over every row; in
    /// ClickHouse windows, stdev and quantiles) is refused, naming
    /// `mode=local`.
    func engineDrawnTable(
        _ plot: Plot, _ pipeline: TransformPipeline, _ dataset: Dataset,
        _ inputs: DrawnTable.Inputs, at range: SourceRange
    ) throws(Diagnostic) -> DrawnTable {
        guard let table = dataset.remote, case .query(let query) = dataset.source,
            let remote = query.engineStatements(dialects: dialects),
            pipeline.aggregate != nil || pipeline.distribution != nil
        else {
            throw Diagnostic(
                .remoteNeedsLocal(
                    dataset: dataset.name,
                    needs:
                        "transforms of every row (only agg= and ecdf are computed by the engine)"),
                at: range)
        }
        do throws(TransformError) { try TableExecutor.check(pipeline, on: dataset) } catch {
            throw Self.refused(error, plot: plot.id, at: range)
        }
        var pipeline = pipeline
        if case .count(let bins)? = pipeline.bin, let x = pipeline.x {
            // Resolved to a step as the executor resolves it: over the kept rows' x extent.
            let kept = try engineKept(pipeline.filter, extentOf: x, dataset, at: range)
            if let step = kept?.extent.flatMap({ XBin.step(count: bins, extent: $0) }) {
                pipeline.bin = .step(step)
            }
        }
        let sql: String
        do throws(TransformError) {
            let compiler = SQLCompiler(remote.dialect)
            let ordered = compiler.readsRowOrder(pipeline, kinds: Self.engineKinds(table))
            sql = try compiler.query(
                pipeline, over: engineSource(remote, table, ordered: ordered))
        } catch {
            // What the engine's SQL cannot say is refused as every remote refusal is.
            if case .unsupported = error {
                throw Diagnostic(
                    .remoteNeedsLocal(dataset: dataset.name, needs: Self.needs(error)), at: range)
            }
            throw Self.refused(error, plot: plot.id, at: range)
        }
        let rows: [RemoteTransformRow]
        do throws(DatabaseFailure) {
            rows = try ask(.transformRows(query, sql: sql)).transformRows()
        } catch { throw engineFailure(error, query, at: range) }
        do throws(TransformError) {
            let result = try TableExecutor.result(ofEngine: rows, pipeline, on: dataset)
            var drawn = DrawnTable(
                table: result.table, y: result.y, rows: result.rows, notes: result.notes,
                inputs: inputs)
            drawn.chartNotes = result.chartNotes
            return drawn
        } catch { throw Self.refused(error, plot: plot.id, at: range) }
    }

    /// The rows of a remote dataset `filter` keeps, asked of its engine in one scan: how many,
    /// and the extent of `column` among them (nil when none has a value of it).
    func engineKept(
        _ filter: RowFilter?, extentOf column: String, _ dataset: Dataset, at range: SourceRange
    ) throws(Diagnostic) -> (count: Int, extent: ClosedRange<Double>?)? {
        guard let table = dataset.remote, case .query(let query) = dataset.source,
            let remote = query.engineStatements(dialects: dialects)
        else { return nil }
        let sql = SQLCompiler(remote.dialect).kept(
            filter, extentOf: column, over: engineSource(remote, table, ordered: false))
        let answer: [Double]
        do throws(DatabaseFailure) {
            answer = try ask(.aggregates(query, sql: sql)).numbers()
        } catch { throw engineFailure(error, query, at: range) }
        guard answer.count == 3 else { return nil }
        let (low, high) = (answer[1], answer[2])
        let extent = low.isFinite && high.isFinite && low <= high ? low...high : nil
        return (Int(saturating: answer[0]), extent)
    }

    /// Reference lines at a statistic of a remote dataset, computed by the engine once (and
    /// again after a reload, which forgets them): its rows stay there. Every line's question
    /// is written first and asked with the others (one batch: `prefetch`).
    func refreshEngineStatistics(_ s: inout Session, at range: SourceRange) throws(Diagnostic) {
        var asked = [(line: Int, question: EngineQuestion)]()
        for i in s.markedLines.indices where s.markedLines[i].engineValue == nil {
            guard case .statistic(let kind, let series) = s.markedLines[i].value,
                let dataset = s.dataset(named: series.dataset), let table = dataset.remote,
                case .query(let query) = dataset.source,
                let remote = query.engineStatements(dialects: dialects)
            else { continue }
            do throws(TransformError) {
                let sql = try SQLCompiler(remote.dialect).statistic(
                    kind, of: series.column, filter: s.markedLines[i].filter,
                    over: engineSource(remote, table, ordered: false))
                asked.append((i, .aggregates(query, sql: sql)))
            } catch {
                throw Diagnostic(
                    .remoteNeedsLocal(dataset: dataset.name, needs: Self.needs(error)), at: range)
            }
        }
        guard let first = asked.first else { return }
        do throws(DatabaseFailure) { try prefetch(asked.map(\.question)) } catch {
            throw engineFailure(error, first.question.query, at: range)
        }
        for (i, question) in asked {
            do throws(DatabaseFailure) {
                s.markedLines[i].engineValue = try ask(question).numbers().first ?? .nan
            } catch { throw engineFailure(error, question.query, at: range) }
        }
    }

    /// What the engine knows of the rows a remote dataset's lines draw besides every row —
    /// each `where=`, each `by=` group (`RemoteTable.groups`: the keys in order of first
    /// appearance, one scan) — `RemoteTable.filtered`: their count, ends and extremes, two
    /// scans each (a `by=`'s groups, where the engine can, two scans in all:
    /// `RemoteEngine.kept`), and where rows share an x, the most per x (all the data's too,
    /// for a line through every row, where `open` left it uncounted). Asked when the plot is
    /// added and again after a reload, which forgets it; what no plot uses any more is
    /// forgotten.
    func refreshEngineRowSets(_ s: inout Session, at range: SourceRange) throws(Diagnostic) {
        for i in s.datasets.indices {
            guard var table = s.datasets[i].remote, case .query(let query) = s.datasets[i].source,
                let remote = query.engineStatements(dialects: dialects)
            else { continue }
            let name = s.datasets[i].name
            let plots = s.plots.filter { $0.series.dataset == name && $0.drawn == nil }
            do throws(DatabaseFailure) {
                // The groups of every by= not known yet, asked at once (a reload forgets all).
                try prefetch(
                    plots.compactMap { plot in
                        guard let by = plot.binding.by else { return nil }
                        let rows = RemoteRowSet(plot.binding.filter)
                        guard table.groups[RemoteRowSet.Grouping(column: by, rows: rows)] == nil
                        else { return nil }
                        return groupsQuestion(
                            query, remote, table, column: by, rows, limit: limits.maxGroups)
                    })
                var groupings = Set<RemoteRowSet.Grouping>()
                for plot in plots {
                    guard let by = plot.binding.by else { continue }
                    let grouping = RemoteRowSet.Grouping(
                        column: by, rows: RemoteRowSet(plot.binding.filter))
                    groupings.insert(grouping)
                    if table.groups[grouping] == nil {
                        table.groups[grouping] = try engineGroups(
                            query, remote, table, column: by, grouping.rows,
                            limit: limits.maxGroups)
                    }
                }
                table.groups = table.groups.filter { groupings.contains($0.key) }
                let sets = plots.flatMap { table.rowSets(for: $0.binding) }
                // A line through every row needs all the data's count (`checkRemoteTies`).
                if sets.contains(.every), table.mostRowsPerX == nil, table.sharesX {
                    table.mostRowsPerX = try mostRowsPerX(query, remote, table)
                }
                let wanted = Set(sets)
                table.filtered = table.filtered.filter { wanted.contains($0.key) }
                var missing = [RemoteRowSet]()
                for set in sets where set != .every && table.filtered[set] == nil {
                    if !missing.contains(set) { missing.append(set) }
                }
                // (Nothing to ask where every set is known: most commands.)
                if !missing.isEmpty { try learn(missing, of: &table, query, remote) }
            } catch { throw engineFailure(error, query, at: range) }
            s.datasets[i].remote = table
        }
    }

    /// What the engine knows of each of `sets` of `table`'s rows, into `table.filtered`; and
    /// where rows of all the data share an x, how many of each set's do at most — by the
    /// engine where it tells them more cheaply, else one grouping per set.
    private func learn(
        _ sets: [RemoteRowSet], of table: inout RemoteTable, _ query: DatabaseQuery,
        _ remote: any EngineStatements
    ) throws(DatabaseFailure) {
        let kept = try ask(.kept(query, table, sets)).kept()
        for (set, kept) in zip(sets, kept) { table.filtered[set] = kept }
        guard table.rowsShareX else { return }
        let counted = try ask(.mostRowsPerX(query, table, sets)).rowsPerX()
        for (set, counted) in zip(sets, counted) {
            let most: Int
            if let counted {
                most = counted
            } else {
                most = try mostRowsPerX(query, remote, table, in: set)
            }
            table.filtered[set]?.mostRowsPerX = most
        }
    }

    /// How many groups `by=column` makes of a remote dataset (the distinct texts of the
    /// column over every row), counted by its engine.
    func engineGroupCount(of dataset: Dataset, column: String, at range: SourceRange)
        throws(Diagnostic) -> Int
    {
        guard let table = dataset.remote, case .query(let query) = dataset.source,
            let remote = query.engineStatements(dialects: dialects)
        else { return 0 }
        let sql: String
        do throws(TransformError) {
            sql = try SQLCompiler(remote.dialect).distinctCount(
                of: column, over: engineSource(remote, table, ordered: false))
        } catch {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: dataset.name, needs: Self.needs(error)), at: range)
        }
        do throws(DatabaseFailure) {
            return try engineCount(sql, query)
        } catch { throw engineFailure(error, query, at: range) }
    }

    /// A remote dataset's table, query and engine, for what reads all of its columns:
    /// refused, naming `needs` and `mode=local`, when the dataset left columns out — or, unless
    /// `coded` (what reads them as text: `describe`, `show data`), coded text columns.
    func engineTable(
        of dataset: Dataset, for needs: String, coded: Bool = false, at range: SourceRange
    ) throws(Diagnostic) -> (RemoteTable, DatabaseQuery, any EngineStatements) {
        guard let table = dataset.remote, case .query(let query) = dataset.source,
            let remote = query.engineStatements(dialects: dialects)
        else {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: dataset.name, needs: "every row"), at: range)
        }
        let texts = (coded ? [] : table.columns.filter { table.texts[$0] != nil }) + table.leftOut
        if !texts.isEmpty {
            let names = texts.map { "'\($0)'" }.joined(separator: ", ")
            throw Diagnostic(
                .remoteNeedsLocal(dataset: dataset.name, needs: "\(needs) (\(names))"),
                at: range)
        }
        return (table, query, remote)
    }

    /// The most rows sharing an x in all of a remote table's rows, counted by the engine in
    /// one grouping scan when it is opened or first needed: a line's refusal and
    /// `describe` say it as loading every row would, not as the rows of a drawing would.
    /// Of the rows of `rows` (a `where=`'s, a `by=` group's) where given.
    func mostRowsPerX(
        _ query: DatabaseQuery, _ remote: any EngineStatements, _ table: RemoteTable,
        in rows: RemoteRowSet = .every
    ) throws(DatabaseFailure) -> Int {
        guard let question = mostRowsPerXQuestion(query, remote, table, in: rows) else {
            return 1
        }
        let most = try ask(question).numbers().first ?? .nan
        return most.isFinite ? max(1, Int(saturating: most)) : 1
    }

    /// The question `mostRowsPerX` asks (nil: none can be written; 1 row per x).
    func mostRowsPerXQuestion(
        _ query: DatabaseQuery, _ remote: any EngineStatements, _ table: RemoteTable,
        in rows: RemoteRowSet = .every
    ) -> EngineQuestion? {
        let source = engineSource(remote, table, ordered: false)
        return
            (try? SQLCompiler(remote.dialect).mostRowsPerX(
                table.xColumn, over: source, kept: rows.filters)).map {
                .aggregates(query, sql: $0)
            }
    }

    /// The names of the groups `by=column` makes of a remote table's rows `rows` keeps, in
    /// order of first appearance (`SQLCompiler.groups`, one scan in the engine), each once:
    /// two values the engine tells apart may read as one name (`é` composed and decomposed),
    /// one group as loading every row reads them; "" for a missing value.
    func engineGroups(
        _ query: DatabaseQuery, _ remote: any EngineStatements, _ table: RemoteTable,
        column: String, _ rows: RemoteRowSet, limit: Int
    ) throws(DatabaseFailure) -> [String] {
        guard
            let question = groupsQuestion(query, remote, table, column: column, rows, limit: limit)
        else { return [] }
        let answer = try ask(question).rows()
        let isText = table.texts[column] != nil
        let isTime = table.timeColumns.contains(column)
        return RemoteEngines.onceEach(
            (0..<answer.rows).map { r in
                isText
                    ? answer.text(r, 0) ?? ""
                    : RemoteEngines.groupName(answer.value(r, 0) ?? .nan, isTime: isTime)
            })
    }

    /// The question `engineGroups` asks (nil: none can be written; no group).
    func groupsQuestion(
        _ query: DatabaseQuery, _ remote: any EngineStatements, _ table: RemoteTable,
        column: String, _ rows: RemoteRowSet, limit: Int
    ) -> EngineQuestion? {
        let source = engineSource(remote, table, ordered: true)
        return
            (try? SQLCompiler(remote.dialect).groups(
                of: column, over: source, kept: rows.filters, limit: limit)).map {
                .rows(query, sql: $0)
            }
    }

    /// A remote table's rows as the transform compiler reads them; without their order
    /// (`ordered: false`) for what needs none (`SQLCompiler.readsRowOrder`): numbering rows
    /// sorts them all, or reads them all on one server.
    func engineSource(_ remote: any EngineStatements, _ table: RemoteTable, ordered: Bool)
        -> SQLCompiler.Source
    {
        SQLCompiler.Source(
            remote.transformSource(table, ordered: ordered), kinds: Self.engineKinds(table))
    }

    /// The one number a compiled counting question (`SQLCompiler.rowCount`,
    /// `distinctCount`) answers.
    func engineCount(_ sql: String, _ query: DatabaseQuery) throws(DatabaseFailure) -> Int {
        Int(saturating: try ask(.aggregates(query, sql: sql)).numbers().first ?? .nan)
    }

    /// What each of a remote table's columns holds: a time, a number or a (coded) text.
    static func engineKinds(_ table: RemoteTable) -> [String: Column.Kind] {
        var kinds = [String: Column.Kind]()
        for name in table.columns {
            kinds[name] =
                table.texts[name] != nil
                ? .text : table.timeColumns.contains(name) ? .time : .number
        }
        return kinds
    }

    /// The engine keeping `dataset`'s rows, nil for a dataset loaded otherwise.
    static func engine(of dataset: Dataset) -> DatabaseQuery.Engine? {
        guard case .query(let query) = dataset.source else { return nil }
        return query.engine
    }

    /// An engine's failure as a diagnostic.
    public func engineFailure(
        _ error: DatabaseFailure, _ query: DatabaseQuery, at range: SourceRange
    )
        -> Diagnostic
    {
        switch error {
        case .data(.cancelled): return Diagnostic(.cancelled, at: range)
        case .unanswered(let wanted): return Diagnostic(.unanswered(wanted), at: range)
        case .cannotOpen(let reason):
            return Diagnostic(.cannotRead(path: query.shownLocation, reason: reason), at: range)
        case .query(let message, _), .notRemote(let message):
            return Diagnostic(
                .queryFailed(engine: query.engine.rawValue, message: message), at: range)
        case .data(let problem):
            return Diagnostic(.unreadableData(path: query.shownLocation, problem), at: range)
        }
    }
}
