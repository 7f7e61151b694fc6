import ChartbookModel

/// The rows nearest an x, asked alike of every engine (issue 52): compiled by
/// `SQLCompiler.nearest` over the engine's `loadedSource`, run by its transport.
extension RemoteEngine {
    /// The rows a readout at `request.selected` needs (none without one): in each of
    /// `request.rowSets`, the nearest row on either side of it, x itself included. Looked
    /// for first within a few dot columns of it where the engine finds the nearest row by
    /// a window (all the interval on a log x scale, whose columns are not as wide in x
    /// everywhere): in dense data a read of a few granules, where the interval's width would
    /// read every row of a first chart.
    public func readout(
        _ table: RemoteTable, _ request: RemoteRequest, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        guard let selected = request.selected, selected.isFinite else { return [] }
        let transport = try self.transport(shouldCancel)
        let window =
            request.logX || !(request.scale > 0)
            ? request.interval.upperBound - request.interval.lowerBound : 4 / request.scale
        var rows = [[Double]]()
        for set in request.rowSets {
            rows += try nearestRows(
                transport, table, set,
                [
                    SQLCompiler.NearestSide(bound: selected, below: true, strict: false),
                    SQLCompiler.NearestSide(bound: selected, below: false, strict: false),
                ], within: window, shouldCancel: shouldCancel)
        }
        return rows
    }

    /// The neighbours just outside `request`'s interval (a line runs on to the edge): in each
    /// of its sets of rows, the last row before the interval and the first after it.
    public func neighbours(
        _ transport: any SQLTransport, _ table: RemoteTable, _ request: RemoteRequest,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let (lo, hi) = (request.interval.lowerBound, request.interval.upperBound)
        let sides = [
            SQLCompiler.NearestSide(bound: lo, below: true, strict: true, log: request.logX),
            SQLCompiler.NearestSide(bound: hi, below: false, strict: true, log: request.logX),
        ]
        var rows = [[Double]]()
        for set in request.rowSets {
            rows += try nearestRows(
                transport, table, set, sides, within: hi - lo, shouldCancel: shouldCancel)
        }
        return rows
    }

    /// The rows of `set` that `sides` look for, each a value per column of `table` as
    /// loading every row reads it, where all the data has one (a side beyond x's extent has
    /// none). An engine that finds the nearest row through an index asks once; one that
    /// looks within a window (`SQLDialect.findsNearestThroughIndex`) asks within `window` of
    /// each bound first (at least 1), then — for a side where none was that near — in all
    /// the rows.
    public func nearestRows(
        _ transport: any SQLTransport, _ table: RemoteTable, _ set: RemoteRowSet,
        _ sides: [SQLCompiler.NearestSide], within window: Double, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let sides = sides.filter { Self.dataReaches($0, table.extent) }
        guard !sides.isEmpty else { return [] }
        let source = loadedSource(table, rows: set)
        func ask(_ asked: [Int], within window: Double?) throws(DatabaseFailure) -> [Int: [Double]]
        {
            let sql = SQLCompiler(dialect).nearest(
                table.columns, of: source, x: table.xColumn, sides: asked.map { sides[$0] },
                within: window)
            let answer = try transport.answer(sql, shouldCancel: shouldCancel)
            var found = [Int: [Double]]()
            for r in 0..<answer.rows {
                guard let k = answer.value(r, 0).flatMap({ Int(exactly: $0) }),
                    asked.indices.contains(k)
                else { continue }
                found[asked[k]] = table.columns.indices.map { answer.value(r, $0 + 1) ?? .nan }
            }
            return found
        }
        let all = Array(sides.indices)
        guard !dialect.findsNearestThroughIndex, window.isFinite else {
            let found = try ask(all, within: nil)
            return all.compactMap { found[$0] }
        }
        var found = try ask(all, within: max(window, 1))
        let missing = all.filter { found[$0] == nil }
        if !missing.isEmpty {
            found.merge(try ask(missing, within: nil)) { near, _ in near }
        }
        return all.compactMap { found[$0] }
    }

    /// Whether all the data (x within `extent`, when known) has rows where `side` looks.
    private static func dataReaches(
        _ side: SQLCompiler.NearestSide, _ extent: ClosedRange<Double>?
    ) -> Bool {
        guard let extent else { return true }
        let transform = side.log ? ScaleTransform.log : .identity
        let (first, last) = (
            transform.forward(extent.lowerBound), transform.forward(extent.upperBound)
        )
        return side.below ? first < side.bound : last > side.bound
    }
}
