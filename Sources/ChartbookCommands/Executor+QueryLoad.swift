import ChartbookData
import ChartbookModel

/// Loading a database query (SQLite, PostgreSQL, ClickHouse): its rows read, or — kept in
/// its engine (`mode=remote`, or `mode=auto` over the threshold) — a remote table; engine
/// errors pointing into the query.
extension Executor {
    /// A database query as a dataset: engine errors point at the query, an unreadable
    /// database at its path.
    func load(
        _ request: DatabaseQuery, as name: Located<String>, location: SourceRange,
        query: SourceRange, timeZone: TimeZoneSetting, columns named: [Located<String>] = []
    ) throws(Diagnostic) -> Dataset {
        let table: DelimitedReader.Table
        // While the engine answers (`answering`, told the name), the executable's waiting
        // line counts the seconds (the share done is unknown: NaN), as it does for a remote
        // dataset's drawings; done once the command has every answer.
        var answered = true
        defer { if answered { progress(name.value, 1) } }
        var request = request
        do throws(DatabaseFailure) {
            if let rows = sampleRows {
                request = try sampledQuery(request, rows: rows, waitingFor: name.value)
            } else if let remote = try remoteTable(
                request, timeZone: timeZone, waitingFor: name.value)
            {
                // Until the first drawing, it holds its first and last row and the rows of
                // its extremes (so the first layout's y axis is already the data's).
                return Dataset(
                    name: name.value,
                    columns: remote.columns(of: remote.rows(with: [])),
                    source: .query(request), xColumn: remote.xColumn, remote: remote)
            }
            table = try ask(
                .table(request, timeZone: timeZone, limits: limits), waitingFor: name.value
            ).loaded()
        } catch {
            switch error {
            case .unanswered(let wanted):
                answered = false
                throw Diagnostic(.unanswered(wanted), at: query)
            case .cannotOpen(let reason):
                throw Diagnostic(
                    .cannotRead(path: request.shownLocation, reason: reason), at: location)
            case .query(let message, let offset):
                throw Diagnostic(
                    .queryFailed(engine: request.engine.rawValue, message: message),
                    at: Self.point(in: query, at: offset, of: request.sql))
            case .notRemote(let message):
                throw Diagnostic(
                    .queryFailed(engine: request.engine.rawValue, message: message), at: query)
            case .data(.cancelled): throw Diagnostic(.cancelled, at: query)
            case .data(.unknownLabelColumn(let label, let available)):
                throw Diagnostic(
                    .unknown(.column, label, context: "labels= of load", candidates: available),
                    at: named.first(where: { $0.value == "labels" })?.range ?? query)
            case .data(let error):
                throw Diagnostic(.unreadableData(path: request.shownLocation, error), at: query)
            }
        }
        if isCancelled() { throw Diagnostic(.cancelled, at: query) }
        let columns = try xColumns(
            Self.keepingLabels(table.columns, table.labels, request.options),
            options: request.options, timeZone: timeZone,
            at: named.first(where: { $0.value == "x" })?.range ?? query)
        return Dataset(
            name: name.value, columns: columns, labels: table.labels, source: .query(request),
            xColumn: Self.xColumn(of: columns, options: request.options))
    }

    /// The remote side of a PostgreSQL or ClickHouse query that stays in the engine (`mode=remote`, or
    /// `mode=auto` over `LoadOptions.remoteThreshold` estimated rows with an x to draw along),
    /// nil when the rows are to be loaded.
    /// `waitingFor`: the dataset's name, for the waiting line while its engine answers.
    func remoteTable(
        _ request: DatabaseQuery, timeZone: TimeZoneSetting, waitingFor: String
    ) throws(DatabaseFailure) -> RemoteTable? {
        guard request.options.mode != .local,
            let remote = request.engineStatements(dialects: dialects)
        else {
            return nil
        }
        // (`remote` writes the statements; `engines` asks them.)
        if request.options.rowIndex {
            // (mode=auto loads the rows instead.)
            throw .notRemote(Self.rowNumberNotRemote)
        }
        var estimate: Int?
        if request.options.mode == .auto {
            // PostgreSQL plans the query without running it (EXPLAIN); ClickHouse counts.
            let rows = try ask(.estimatedRows(request), waitingFor: waitingFor).count()
            guard rows > LoadOptions.remoteThreshold else { return nil }
            estimate = rows
        }
        do {
            var table = try ask(
                .open(
                    request, xColumn: request.options.xColumn, timeZone: timeZone,
                    estimate: estimate), waitingFor: waitingFor
            ).table()
            // An engine may count them as it opens the query, or find that some share an x
            // and leave how many to be counted when needed (ClickHouse).
            if table.mostRowsPerX == nil, !table.sharesX {
                table.mostRowsPerX = try mostRowsPerX(request, remote, table)
            }
            return table
        } catch {
            // Too big to load, but not drawable remotely (learnt before any row is read):
            // load it (the budget decides). An engine error is the answer: it is not asked
            // again.
            if request.options.mode == .auto, case .notRemote = error { return nil }
            throw error
        }
    }

    /// Why `x=none` keeps a query's rows out of its engine: a drawing there is bucketed by x.
    static let rowNumberNotRemote =
        "mode=remote draws along an x column; x=none (the row number) needs mode=local"

    /// `isCancelled` that also tells `progress` that `name` is still waiting on its engine
    /// (NaN: the share done is unknown) each time the engine's client asks.
    static func waiting(
        for name: String, progress: @escaping @Sendable (String, Double) -> Void,
        isCancelled: @escaping @Sendable () -> Bool
    ) -> @Sendable () -> Bool {
        {
            progress(name, .nan)
            return isCancelled()
        }
    }

    /// Where an engine's error points: the character `offset` of the query `sql`, when the
    /// query was written as one string without escapes (so characters and columns agree);
    /// else the whole string.
    static func point(in query: SourceRange, at offset: Int?, of sql: String) -> SourceRange {
        guard let offset, offset >= 0, offset < sql.count, query.length == sql.count + 2,
            !sql.contains(where: \.isNewline)
        else { return query }
        return SourceRange(
            start: SourceLocation(line: query.start.line, column: query.start.column + 1 + offset),
            length: 1)
    }

    /// The name of a query's dataset when `as` gives none: the SQLite file's name, or the
    /// first table the PostgreSQL query reads from (`… FROM sales` → `sales`), else `query`.
    static func datasetName(for request: DatabaseQuery) -> String {
        guard request.engine.isServer else { return datasetName(forPath: request.location) }
        let words = request.sql.split(whereSeparator: { $0.isWhitespace || $0 == "," })
        guard let from = words.firstIndex(where: { $0.lowercased() == "from" }),
            from + 1 < words.count
        else { return "query" }
        let table = words[from + 1].split(separator: ".").last ?? "query"
        return Identifier.made(from: table.filter { $0 != "\"" && $0 != "(" }, fallback: "query")
    }
}
