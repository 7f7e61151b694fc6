import ChartbookData
import ChartbookModel

/// A `TransformPipeline` as one SQL query over `SQLCompiler.Source` (the compiler itself and
/// its source are in ChartbookData, where the engines' own questions use them too).
///
/// The query reads a relation whose columns have the dataset's names, times as seconds
/// since the epoch, and a column giving the rows' order. It returns the columns `_key` (x,
/// its bin or calendar unit; a cyclic unit's position), `_by`, `_value` and `_rows` (rows an
/// aggregate covers), in the executor's order. What an engine cannot compute exactly is
/// refused (`TransformError.unsupported`).
extension SQLCompiler {
    /// Whether the query for `p` over columns of `kinds` reads the rows' order
    /// (`Source.rowOrder`): rows one by one, and aggregates ordering groups (`by=`) or text
    /// keys by their first appearance do. An aggregate by number or time keys without
    /// groups needs none, so an engine need not number the rows — which sorts them all
    /// (PostgreSQL), or reads them all on one server (ClickHouse over a `Distributed` table).
    public func readsRowOrder(_ p: TransformPipeline, kinds: [String: Column.Kind]) -> Bool {
        p.aggregate == nil || p.window != nil || p.by != nil
            || p.x.flatMap { kinds[$0] } == .text
    }

    /// The query for `p` (its `bin=N` resolved to a step first: `resolved(on:)`).
    public func query(_ p: TransformPipeline, over source: Source) throws(TransformError)
        -> String
    {
        if let distribution = p.distribution {
            return try distributionQuery(distribution, p, over: source)
        }
        if p.shares {
            throw .unsupported("stack=normalize shares", backend: dialect.name)
        }
        if dialect.engine == .clickhouse {
            // (ClickHouse 18 has no window functions: no place, no rank.)
            if let top = p.top {
                throw .unsupported("top=\(top)", backend: dialect.name)
            }
            return try clickHouseQuery(p, over: source)
        }
        if let fit = p.fit {
            throw .unsupported("a \(fit.description) trend", backend: dialect.name)
        }
        let kept = try keptRows(p, source)
        let xIsText = p.x.flatMap { source.kinds[$0] } == .text
        var steps = ["kept AS (\(kept))"]
        if let op = p.aggregate {
            steps += try aggregate(op, counting: p.y == nil, xIsText: xIsText)
        } else {
            steps.append(
                "ordered AS (SELECT k, g, v, r, NULL AS n, \(xIsText ? "r" : "k") AS korder, "
                    + "MIN(r) OVER (PARTITION BY g) AS gorder FROM kept)")
        }
        let order = Self.order(aggregated: p.aggregate != nil, xIsText: xIsText)
        if let top = p.top, p.window == nil {
            steps += topSteps(over: "ordered", order: order, keyed: p.x != nil)
            return "WITH " + steps.joined(separator: ",\n") + "\n" + topSelect(top)
        }
        if let window = p.window {
            steps += try self.window(window, over: "ordered", order: order)
        }
        return "WITH " + steps.joined(separator: ",\n")
            + "\nSELECT k AS \"_key\", g AS \"_by\", v AS \"_value\", n AS \"_rows\" FROM \(p.window == nil ? "ordered" : "windowed") ORDER BY \(order)"
    }

    /// The executor's order: rows one by one by x (text x: as they come, missing x last);
    /// aggregates by key (text keys by their first appearance), then by group.
    static func order(aggregated: Bool, xIsText: Bool) -> String {
        aggregated
            ? "\(xIsText ? "korder" : "k"), gorder" : (xIsText ? "r" : "k IS NULL, k, r")
    }

    /// The rows `where=` keeps, with their key (`k`), group (`g`), value (`v`) and order (`r`:
    /// 0 where the source has no order).
    func keptRows(_ p: TransformPipeline, _ source: Source, names: KeptNames = KeptNames())
        throws(TransformError) -> String
    {
        let kept = try keptValues(p, source)
        let n = names
        let order = source.relation.rowOrder.map { source.column(in: dialect, $0) } ?? "0"
        return
            "SELECT \(kept.key) AS \(n.k), \(kept.group) AS \(n.g), \(kept.value) AS \(n.v), \(order) AS \(n.r) FROM \(source.relation.rows(where: kept.conditions))"
    }

    /// What `keptRows` selects of each row, as SQL over the source's columns: the key (x,
    /// its bin or calendar unit; NULL without x), the group's text (NULL without `by=`),
    /// the value (1 without y), and the conditions of the rows `where=` keeps.
    func keptValues(_ p: TransformPipeline, _ source: Source) throws(TransformError) -> (
        key: String, group: String, value: String, conditions: [String]
    ) {
        for name in p.columnsRead where source.kinds[name] == nil { throw .missingColumn(name) }
        let x = p.x.map { source.column(in: dialect, $0) }
        var key = x ?? "NULL"
        if let bin = p.bin, let x {
            switch bin {
            case .step(let w), .span(let w):
                // (A time x is seconds since 1970 here, as the calendar units read it.)
                let step = dialect.real(w)
                key = "(floor(\(x) / \(step)) * \(step) + \(step) / 2)"
            case .count:
                throw .unsupported(
                    "bin=\(bin.description) before it is resolved", backend: dialect.name)
            case .time(let unit): key = try dialect.timeKey(unit, x, zone: p.timeZone)
            }
        }
        // The value as loaded, ±∞ kept (`RemoteRelation.infinite`), where the local executor
        // takes them as values — a row, a sum, a mean, the extremes, a count: the max of an
        // hour holding +∞ is +∞, the standard deviation of a group holding one is missing —
        // and as missing where it leaves them out (`Statistics`: a quantile; a composite
        // mark's statistic, `Table.distribution`, of the finite values — an ECDF that
        // counted a +∞ topped out below 1: issue 52, found by the covering lines).
        let keepsInfinities =
            p.distribution == nil && (p.aggregate.map { $0.quantile == nil } ?? true)
        let value =
            p.y.map {
                keepsInfinities ? source.loaded(in: dialect, $0) : source.column(in: dialect, $0)
            } ?? "1"
        let group =
            p.by.map { by in
                // −0 and 0 are one group, "0", as the executor's (`Column.cellKeys`).
                let value = source.column(in: dialect, by)
                return dialect.text(source.kinds[by] == .text ? value : "(\(value) + 0)")
            } ?? "NULL"
        let conditions = p.filter.map { [condition($0, source)] } ?? []
        return (key, group, value, conditions)
    }

    /// What the kept rows' key, group, value and order are called. ClickHouse sees an alias
    /// inside its own `SELECT` (a column `g` would read the group's alias), so there they are
    /// names no column of the query may have (`chartbook_…`, which remote datasets refuse).
    struct KeptNames {
        var k = "k", g = "g", v = "v", r = "r"
        static let prefixed = KeptNames(
            k: "chartbook_k", g: "chartbook_g", v: "chartbook_v", r: "chartbook_r")
    }

    /// A statistic of a column over the rows `filter` keeps, as one SQL query: the mean, the
    /// extremes, or a quantile interpolated between the closest ranks (R-7, as
    /// `Statistics.quantile`); missing values left out.
    public func statistic(
        _ kind: StatisticKind, of column: String, filter: RowFilter?, over source: Source
    ) throws(TransformError) -> String {
        if dialect.engine != .postgres, kind.quantile != nil {
            throw .unsupported("the \(kind.rawValue) of a column", backend: dialect.name)
        }
        let c = source.column(in: dialect, column)
        let value: String
        switch kind {
        case .mean: value = mean(c)
        case .min: value = "MIN(\(c))"
        case .max: value = "MAX(\(c))"
        case .median, .p90, .p95, .p99:
            let q = NumberText.shortest(kind.quantile ?? 0.5)
            value = "percentile_cont(\(q)) WITHIN GROUP (ORDER BY \(c))"
        }
        let kept = ["\(c) IS NOT NULL"] + (filter.map { [condition($0, source)] } ?? [])
        return
            "SELECT CAST(\(value) AS \(dialect.nullableDouble)) FROM \(source.relation.rows(where: kept))"
    }

    /// The rows `filter` keeps in one scan: how many (whatever they hold), and the lowest
    /// and highest value of `column` among them (NULL where none has one).
    public func kept(_ filter: RowFilter?, extentOf column: String, over source: Source) -> String {
        let c = source.column(in: dialect, column)
        let kept = filter.map { [condition($0, source)] } ?? []
        return "SELECT CAST(COUNT(*) AS \(dialect.double)), "
            + "CAST(MIN(\(c)) AS \(dialect.nullableDouble)), "
            + "CAST(MAX(\(c)) AS \(dialect.nullableDouble)) FROM \(source.relation.rows(where: kept))"
    }

    /// The mean of column `c` (quoted) as `Statistics` takes it, the sum over the count (NULL
    /// for no value): PostgreSQL's AVG of float8 also sums the squares, which overflow above
    /// 1.3e154.
    func mean(_ c: String) -> String {
        "SUM(\(c)) / NULLIF(CAST(COUNT(\(c)) AS \(dialect.double)), 0)"
    }

    /// A `where=` as SQL over the source's column as loaded (`RowFilter.sql`, `Source.loaded`):
    /// `where=value>100` keeps a row holding +∞, as loading every row keeps it.
    func condition(_ filter: RowFilter, _ source: Source) -> String {
        filter.sql(
            on: source.loaded(in: dialect, filter.column),
            kind: source.kinds[filter.column] ?? .text,
            dialect.words)
    }
}
