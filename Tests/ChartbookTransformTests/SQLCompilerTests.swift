import CSQLite
import ChartbookData
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookTransform

/// The SQL compiler against the local executor: random tables put into a real (in-memory)
/// SQLite database, random pipelines — aggregates, bins, calendar units, windows — run by
/// both, every row equal.
@Suite struct SQLCompilerTests {
    @Test(arguments: 0..<150) func sqliteComputesWhatTheExecutorComputes(_ seed: Int) throws {
        let (table, pipeline) = Self.randomCase(seed)
        let local = try TableExecutor.run(pipeline, on: table.dataset)
        let db = try SQLiteTable(table)
        let compiler = SQLCompiler(.sqlite)
        let query: String
        do {
            query = try compiler.query(pipeline, over: db.source)
        } catch {
            // SQLite counts calendar units in fixed offsets only, and has no rolling median;
            // a count of bins over no x value has no step (the executor draws nothing).
            let named = pipeline.timeZone.fixedOffset == nil
            let median: Bool =
                if case .rolling(.median, _) = pipeline.window { true } else { false }
            #expect(
                named || median || Self.binsOfNothing(pipeline, local), "seed \(seed): \(error)")
            return
        }
        Self.expect(try db.rows(query), equal: local, pipeline, seed: seed, query: query)
    }

    /// The empirical CDF computed by SQLite (issue 50's composite mark where the rows are):
    /// the executor's curve exactly — each group in the order its first value is met, its
    /// values ascending, every share the same double — with `by=` and `where=`; a density
    /// is refused (ClickHouse's form: ClickHouseCompilerTests).
    @Test(arguments: 0..<40) func sqliteComputesTheExecutorsECDF(_ seed: Int) throws {
        let (table, pipeline) = Self.ecdfCase(seed)
        let local = try TableExecutor.run(pipeline, on: table.dataset)
        let db = try SQLiteTable(table)
        var source = db.source
        // ±∞ apart, as a remote relation holds them (`RemoteRelation.infinite`).
        source.relation.values["y"] = "(CASE WHEN abs(y) = 9e999 THEN NULL ELSE y END)"
        source.relation.infinite["y"] = "y"
        let query = try SQLCompiler(.sqlite).query(pipeline, over: source)
        let expected = Self.ecdfRows(of: local, pipeline)
        #expect(try db.rows(query) == expected, "seed \(seed): \(pipeline)\n\(query)")
        var density = pipeline
        density.distribution = Distribution(KernelDensity())
        for dialect in [SQLDialect.sqlite, .postgres, .clickhouse] {
            #expect(throws: TransformError.self) {
                try SQLCompiler(dialect).query(density, over: db.source)
            }
        }
    }

    /// A random table and an ECDF of its `y`, with or without `by=` and `where=`; in odd
    /// seeds, some values ±∞, which the curve leaves out (issue 52: an engine counted them) —
    /// the source read as a remote relation reads them (its value ±∞ as missing, the loaded
    /// one apart), so that the compiler's choice between them is what is tested.
    static func ecdfCase(_ seed: Int) -> (RandomTable, TransformPipeline) {
        var random = RandomSource(seed: UInt64(7_000 + seed))
        var table = RandomTable(&random)
        if seed % 2 == 1 {
            table.y = table.y.map {
                random.nextUnit() < 0.1 ? (random.next() % 2 == 0 ? .infinity : -.infinity) : $0
            }
        }
        var pipeline = TransformPipeline(
            x: nil, y: "y", by: random.next() % 2 == 0 ? nil : table.by.map { _ in "g" },
            filter: Self.filter(&random, table), timeZone: .utc)
        pipeline.distribution = Distribution(EmpiricalCDF())
        return (table, pipeline)
    }

    /// The executor's ECDF as an engine's rows: value, group, share, no row count.
    static func ecdfRows(of local: TableExecutor.Result, _ p: TransformPipeline) -> [Row] {
        let t = local.table
        let xs = t.column(named: "y")?.numbers ?? [], fs = t.column(named: local.y)?.numbers ?? []
        let groups = p.by.flatMap { t.column(named: $0) }
        return xs.indices.map { i in
            [.number(xs[i]), groups.map { .text($0.text(at: i)) } ?? .null, .number(fs[i]), .null]
        }
    }

    /// A count of bins over no x value has no step: the executor draws nothing, an engine's
    /// compiler refuses (the pipeline was not resolved).
    static func binsOfNothing(_ p: TransformPipeline, _ local: TableExecutor.Result) -> Bool {
        if case .count = p.bin { return local.table.count == 0 }
        return false
    }

    /// An engine's rows against the executor's, row by row (numbers to 1e-9 of their size).
    static func expect(
        _ rows: [Row], equal local: TableExecutor.Result, _ pipeline: TransformPipeline,
        seed: Int, query: String
    ) {
        let expected = Self.rows(of: local, pipeline)
        #expect(rows.count == expected.count, "seed \(seed): \(pipeline)\n\(query)")
        for (got, want) in zip(rows, expected) {
            #expect(
                Self.same(Array(got.prefix(4)), want, pipeline),
                "seed \(seed): \(got) vs \(want)\n\(pipeline)\n\(query)")
        }
        // `top=`: every row says how many keys there were; the chart's note from it is the
        // executor's.
        guard let top = pipeline.top else { return }
        var keys = 0
        if let first = rows.first {
            guard first.count == 5, case .number(let n) = first[4] else {
                Issue.record("seed \(seed): no key count in \(first)")
                return
            }
            keys = Int(n)
        }
        #expect(
            TableExecutor.topNotes(leftOut: max(0, keys - top), top: top) == local.chartNotes,
            "seed \(seed): \(keys) keys, top=\(top), \(local.chartNotes)")
    }

    @Test(arguments: 0..<40) func statisticsMatchTheRows(_ seed: Int) throws {
        let (table, _) = Self.randomCase(seed)
        var random = RandomSource(seed: UInt64(seed))
        let filter = Self.filter(&random, table)
        let db = try SQLiteTable(table)
        let dataset = table.dataset
        for kind in [StatisticKind.mean, .min, .max] {
            let sql = try SQLCompiler(.sqlite).statistic(
                kind, of: "y", filter: filter, over: db.source)
            let got = try db.rows(sql).first?.first ?? .null
            var values = table.y
            if let filter, let column = dataset.column(named: filter.column) {
                let keeps = filter.keeps(column)
                values = values.indices.filter { keeps[$0] }.map { values[$0] }
            }
            let want = kind.evaluate(values)
            #expect(
                Self.close(got, want.isNaN ? .null : .number(want)),
                "seed \(seed) \(kind): \(got) vs \(want)")
        }
        #expect(throws: TransformError.self) {
            try SQLCompiler(.sqlite).statistic(.median, of: "y", filter: nil, over: db.source)
        }
    }

    /// `describe` in an engine (issue 28): the summary query answers what
    /// `ColumnSummary(of:)` computes in memory — counts, extremes and the decimals exactly,
    /// the mean to rounding — and the most rows sharing an x what the executor counts.
    @Test(arguments: 0..<40) func summariesMatchTheColumns(_ seed: Int) throws {
        var (table, _) = Self.randomCase(seed)
        var random = RandomSource(seed: UInt64(seed) &+ 99)
        table.y = table.y.map { _ in
            guard random.nextUnit() > 0.1 else { return .nan }
            // ±∞: neither a value nor missing, counted apart (`RemoteRelation.infinite`).
            if random.nextUnit() < 0.05 { return random.next() % 2 == 0 ? .infinity : -.infinity }
            let places = Int(random.next() % 9)
            let whole = Double(Int(random.next() % 2_000_001) - 1_000_000)
            return whole / NumberText.powersOfTen[places]
        }
        let db = try SQLiteTable(table)
        let dataset = table.dataset
        let columns = table.kind == .text ? ["y"] : ["y", "x"]
        // As an engine's relation gives them: ±∞ as NULL, and kept apart.
        var source = db.source
        source.relation.values["y"] = "(CASE WHEN abs(y) = 9e999 THEN NULL ELSE y END)"
        source.relation.infinite["y"] = "y"
        let sql = try SQLCompiler(.sqlite).summary(of: columns, over: source)
        let answer = try db.rows(sql).first ?? []
        #expect(answer.first == .number(Double(table.y.count)), "seed \(seed)")
        let counted = try db.rows(SQLCompiler(.sqlite).rowCount(over: source)).first
        #expect(counted == [.number(Double(table.y.count))], "seed \(seed)")
        // The groups `by=y` makes: each value (±∞ too), and the missing one.
        let distinct = try db.rows(SQLCompiler(.sqlite).distinctCount(of: "y", over: source))
        let groups =
            Set(table.y.filter { !$0.isNaN }).count + (table.y.contains(where: \.isNaN) ? 1 : 0)
        #expect(distinct.first == [.number(Double(groups))], "seed \(seed)")
        for (i, name) in columns.enumerated() {
            guard let column = dataset.column(named: name) else { continue }
            let want = ColumnSummary(of: column)
            let got = Array(answer[(1 + SQLCompiler.summaryFields * i)...])
            let infinite = name == "y" ? table.y.filter(\.isInfinite).count : 0
            let values = Double(table.y.count - want.missing - infinite)
            #expect(got[0] == .number(values), "seed \(seed) \(name) count")
            #expect(got[5] == .number(Double(infinite)), "seed \(seed) \(name) infinities")
            #expect(Self.close(got[1], want.minimum.isNaN ? .null : .number(want.minimum)))
            #expect(Self.close(got[2], want.maximum.isNaN ? .null : .number(want.maximum)))
            #expect(Self.close(got[3], want.mean.isNaN ? .null : .number(want.mean)))
            let decimals = want.kind == .time ? 0 : want.decimals
            #expect(
                got[4] == .number(Double(decimals)) || (values == 0 && got[4] == .null),
                "seed \(seed) \(name) decimals: \(got[4]) vs \(decimals)")
        }
        if table.kind != .text {
            let most = try db.rows(
                try SQLCompiler(.sqlite).mostRowsPerX("x", over: db.source)
            ).first?.first
            let want = TableExecutor.mostRowsPerX("x", in: dataset)?.rows
            #expect(
                want.map { most == .number(Double($0)) }
                    ?? (most == .null || most == .number(1) || most == .number(0)),
                "seed \(seed): \(String(describing: most)) vs \(String(describing: want))")
        }
    }

    /// A remote relation's ±∞ (`RemoteRelation.infinite`: a chart reads them as missing, the
    /// relation keeps them apart) are values to a transform, as to the local executor: a
    /// `where=y>5` keeps a row holding +∞, and the max of a bin holding it is +∞ — and a
    /// quantile leaves them out, as `Statistics` does, and a standard deviation of a group
    /// holding one is missing (windows aside: SQLite's sum over a sliding frame subtracts what leaves it, so after ±∞ its
    /// windows are NaN — NULL — where the executor's are each window's own sum, as
    /// PostgreSQL's are).
    @Test(arguments: 0..<120) func infinitiesAreValuesToATransform(_ seed: Int) throws {
        var (table, pipeline) = Self.randomCase(seed)
        // Every aggregate in turn, and none (rows one by one); windows, below.
        let ops = [nil] + Aggregation.allCases
        pipeline.aggregate = ops[seed % ops.count]
        if pipeline.aggregate == nil { pipeline.bin = nil }
        pipeline.window = nil
        pipeline.top = nil
        if pipeline.y == nil { pipeline.y = "y" }
        var random = RandomSource(seed: UInt64(seed) &+ 11)
        table.y = table.y.map { value in
            guard random.nextUnit() < 0.08 else { return value }
            return random.next() % 3 == 0 ? -.infinity : .infinity
        }
        pipeline = pipeline.resolved(on: table.dataset)
        let local = try TableExecutor.run(pipeline, on: table.dataset)
        let db = try SQLiteTable(table)
        var source = db.source
        source.relation.values["y"] = "(CASE WHEN abs(y) = 9e999 THEN NULL ELSE y END)"
        source.relation.infinite["y"] = "y"
        let query: String
        do { query = try SQLCompiler(.sqlite).query(pipeline, over: source) } catch { return }
        Self.expect(try db.rows(query), equal: local, pipeline, seed: seed, query: query)
    }

    /// The groups `by=` makes of the rows a `where=` keeps, in order of first appearance, as
    /// an engine is asked for them (`SQLCompiler.groups`): the names loading every row gives
    /// — a text column's texts, a number column's values with ±∞ (which a filter keeps or
    /// not by their value) and the missing one — each once, at most `limit`.
    @Test(arguments: 0..<40) func groupsInOrderOfFirstAppearance(_ seed: Int) throws {
        var (table, _) = Self.randomCase(seed)
        var random = RandomSource(seed: UInt64(seed) &+ 7)
        table.y = table.y.map { value in
            guard random.nextUnit() < 0.1 else { return (value * 2).rounded() / 2 }
            return random.next() % 2 == 0 ? .infinity : -.infinity
        }
        let db = try SQLiteTable(table)
        var source = db.source
        source.relation.values["y"] = "(CASE WHEN abs(y) = 9e999 THEN NULL ELSE y END)"
        source.relation.infinite["y"] = "y"
        let dataset = table.dataset
        let filters = [Self.filter(&random, table)].compactMap { $0 }
        var kept = [Bool](repeating: true, count: dataset.count)
        for filter in filters {
            guard let column = dataset.column(named: filter.column) else { continue }
            kept = zip(kept, filter.keeps(column)).map { $0 && $1 }
        }
        let limit = Int(random.next() % 6) + 1
        for name in table.by == nil ? ["y"] : ["y", "g"] {
            guard let column = dataset.column(named: name) else { continue }
            let want = Array(
                RemoteEngines.onceEach(
                    column.count == 0
                        ? []
                        : (0..<column.count).filter { kept[$0] }.map { i in
                            column.numbers.map { RemoteEngines.groupName($0[i], isTime: false) }
                                ?? column.text(at: i)
                        }
                ).prefix(limit))
            let sql = try SQLCompiler(.sqlite).groups(
                of: name, over: source, kept: filters, limit: limit)
            let got = RemoteEngines.onceEach(
                try db.rows(sql).map { row -> String in
                    switch row.first {
                    case .number(let v): RemoteEngines.groupName(v, isTime: false)
                    case .text(let t): t
                    default: ""
                    }
                })
            #expect(got == want, "seed \(seed) \(name) \(filters): \(sql)")
        }
    }

    /// Doubles every dialect's literal (`SQLDialect.real`) must carry exactly: subnormal
    /// numbers (which ClickHouse cannot parse as digits), the extremes, negative zero,
    /// integers beyond 2⁵³, and random bit patterns.
    static var literalCases: [Double] {
        var cases: [Double] = [
            0, -0.0, 0.1, -0.1, 1.0 / 3, 100, -100, 2.5, 1e16, 1e22, 123_456_789_012_345_678,
            0.30000000000000004, 1e-7, 1_720_000_000.25, .greatestFiniteMagnitude,
            -.greatestFiniteMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
            1e-310, -1e-310, .leastNonzeroMagnitude, 3 * .leastNonzeroMagnitude,
        ]
        var random = RandomSource(seed: 314)
        while cases.count < 250 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { cases.append(value) }
        }
        return cases
    }

    /// Each literal SQLite reads back is the double written, bit for bit.
    /// `show data`'s pages and `save csv`'s rows (`SQLCompiler.rows`): the relation's rows in
    /// its own order, each the values asked in the order asked — a column's
    /// `RemoteRelation.values` where it has one — and with a limit only the rows of the page.
    @Test(arguments: 0..<40) func rowsAreTheRelationsRowsInItsOrder(_ seed: Int) throws {
        let (table, _) = Self.randomCase(seed)
        guard table.kind != .text else { return }
        let db = try SQLiteTable(table)
        var source = db.source.relation
        source.values["twice"] = "(y * 2)"
        var random = RandomSource(seed: UInt64(seed) &+ 7)
        let offset = Int(random.next() % 50), limit = Int(random.next() % 50)
        let want: [[SQLiteTable.Value]] = table.y.indices.map { i in
            [table.y[i], table.x[i], table.y[i] * 2].map { $0.isNaN ? .null : .number($0) }
        }
        let compiler = SQLCompiler(.sqlite)
        #expect(try db.rows(compiler.rows(["y", "x", "twice"], of: source)) == want)
        let page = try db.rows(
            compiler.rows(["y", "x", "twice"], of: source, offset: offset, limit: limit))
        #expect(page == Array(want.dropFirst(offset).prefix(limit)), "seed \(seed)")
    }

    /// A text column's values (`SQLCompiler.distinctTexts`, what a remote dataset codes): each
    /// distinct text once, NULL aside, and no more than the limit.
    @Test(arguments: 0..<40) func distinctTextsAreTheColumnsValues(_ seed: Int) throws {
        let (table, _) = Self.randomCase(seed)
        guard let by = table.by else { return }
        let db = try SQLiteTable(table)
        let compiler = SQLCompiler(.sqlite)
        let all = try db.rows(compiler.distinctTexts(of: "g", over: db.source.relation, limit: 99))
        let want = Set(by)  // (the table holds "" as a text, not NULL)
        #expect(Set(all.map { $0.first?.description ?? "" }) == Set(want.map { "'\($0)'" }))
        #expect(all.count == want.count, "seed \(seed)")
        let two = try db.rows(compiler.distinctTexts(of: "g", over: db.source.relation, limit: 2))
        #expect(two.count == min(2, want.count), "seed \(seed)")
    }

    /// The rows nearest an x (`SQLCompiler.nearest`: the readout's, a drawing's neighbours):
    /// per side, a row holding the greatest x below the bound (the least above), the bound
    /// itself only where the side is not strict, within the window where one is given — and
    /// none where no row is there; the same with x ordered and bounded by its own column.
    @Test(arguments: 0..<60) func nearestRowsAreTheNearestOnEachSide(_ seed: Int) throws {
        var (table, _) = Self.randomCase(seed)
        guard table.kind != .text else { return }
        var random = RandomSource(seed: UInt64(seed) &+ 11)
        // A number x may hold ±∞ as loaded: never a nearest row.
        if table.kind == .numbers {
            table.x = table.x.map {
                random.next() % 12 == 0 ? (random.next() % 2 == 0 ? .infinity : -.infinity) : $0
            }
        }
        let db = try SQLiteTable(table)
        let rows = table.x.indices.filter { table.x[$0].isFinite }
        let sides = (0..<Int(1 + random.next() % 4)).map { _ in
            SQLCompiler.NearestSide(
                bound: rows.isEmpty || random.next() % 4 == 0
                    ? Double(Int(random.next() % 20) - 10)
                    : table.x[rows[Int(random.next() % UInt64(rows.count))]],
                below: random.next() % 2 == 0, strict: random.next() % 2 == 0)
        }
        let window: Double? = random.next() % 2 == 0 ? nil : Double(random.next() % 6)
        var source = db.source.relation
        if random.next() % 2 == 0 {
            source.orderedX = .init(
                column: "x", bound: .init(prefix: "(", suffix: ")", slack: "0.5"))
        }
        let sql = SQLCompiler(.sqlite).nearest(
            ["x", "y"], of: source, x: "x", sides: sides, within: window)
        let answer = try db.rows(sql)
        for (k, side) in sides.enumerated() {
            let kept = rows.filter { i in
                let x = table.x[i]
                let beyond = side.below ? x < side.bound : x > side.bound
                let near = window.map { abs(x - side.bound) <= $0 } ?? true
                return (beyond || (!side.strict && x == side.bound)) && near
            }
            let best = side.below ? kept.map { table.x[$0] }.max() : kept.map { table.x[$0] }.min()
            let got = answer.filter { $0.first == .number(Double(k)) }
            guard let best else {
                #expect(got.isEmpty, "seed \(seed) side \(k): \(got)")
                continue
            }
            let candidates = kept.filter { table.x[$0] == best }.map { i -> [SQLiteTable.Value] in
                [.number(Double(k)), .number(best), table.y[i].isNaN ? .null : .number(table.y[i])]
            }
            #expect(got.count == 1 && candidates.contains(got[0]), "seed \(seed) side \(k): \(got)")
        }
    }

    @Test func literalsReadBackAsTheSameDouble() throws {
        let db = try SQLiteTable(Self.randomCase(0).0)
        let cases = Self.literalCases
        let row = try db.rows("SELECT " + cases.map(SQLDialect.sqlite.real).joined(separator: ", "))
        #expect(row.first?.count == cases.count)
        for (value, got) in zip(cases, row.first ?? []) {
            guard case .number(let read) = got else {
                Issue.record("\(value): \(got)")
                continue
            }
            #expect(read.bitPattern == value.bitPattern, "\(value) read back as \(read)")
        }
    }

    @Test func namesAndValuesAreQuoted() throws {
        let compiler = SQLCompiler(.sqlite)
        let p = TransformPipeline(
            x: "x\"; DROP TABLE t; --", y: "y", by: nil,
            filter: RowFilter(column: "g", op: .equal, values: ["a'); DROP TABLE t; --"]),
            aggregate: .sum)
        let source = SQLCompiler.Source(
            relation: "t", kinds: ["x\"; DROP TABLE t; --": .text, "y": .number, "g": .text],
            rowOrder: "_row")
        let sql = try compiler.query(p, over: source)
        #expect(sql.contains("\"x\"\"; DROP TABLE t; --\""))
        #expect(sql.contains("'a''); DROP TABLE t; --'"))
    }

    /// A random table and a pipeline for it with a filter and a window (the same for every
    /// engine's test, by seed), its bins resolved.
    static func randomCase(_ seed: Int) -> (RandomTable, TransformPipeline) {
        var random = RandomSource(seed: UInt64(9_000 + seed))
        let table = RandomTable(&random)
        var pipeline = table.pipeline(&random)
        if random.next() % 3 == 0 {
            pipeline.aggregate = nil
            pipeline.bin = nil
        }
        var calendar = table.kind == .times
        if case .time(let unit) = pipeline.bin, unit.isCyclic { calendar = false }
        pipeline.window = window(&random, times: calendar)
        // `top=` (no window beside it): the N largest keys, ties to the first met.
        if pipeline.window == nil, random.next() % 3 == 0 {
            pipeline.top = Int(random.next() % 4) + 1
        }
        if pipeline.aggregate == nil, pipeline.y == nil { pipeline.y = "y" }
        pipeline.filter = filter(&random, table)
        return (table, pipeline.resolved(on: table.dataset))
    }

    static func window(_ random: inout RandomSource, times: Bool) -> PlotWindow? {
        switch random.next() % 6 {
        case 0: return nil
        case 1:
            let op = PlotWindow.Rolling.allCases[Int(random.next() % 4)]
            return .rolling(op, .points(Int(random.next() % 4) + 1))
        case 2 where times: return .rolling(.mean, .span(Double(random.next() % 40 + 1) * 86_400))
        case 3: return .running(PlotWindow.Running.allCases[Int(random.next() % 5)])
        case 4: return .change(PlotWindow.Change.allCases[Int(random.next() % 3)])
        default: return nil
        }
    }

    static func filter(_ random: inout RandomSource, _ table: RandomTable) -> RowFilter? {
        switch random.next() % 4 {
        case 0: return RowFilter(column: "y", op: .greater, values: ["5"], bound: 5)
        case 1: return RowFilter(column: "y", op: .notEqual, values: ["3", ""])
        case 2 where table.by != nil: return RowFilter(column: "g", op: .equal, values: ["p", "q"])
        default: return nil
        }
    }

    typealias Row = [SQLiteTable.Value]

    /// The executor's table as the query's columns: key, group, value, rows.
    static func rows(of r: TableExecutor.Result, _ p: TransformPipeline) -> [Row] {
        let t = r.table
        let x = t.column(named: "x"), g = p.by.flatMap { t.column(named: $0) }
        let y = t.column(named: r.y)?.numbers ?? []
        let n = r.rows.flatMap { t.column(named: $0)?.numbers }
        return y.indices.map { i in
            var key = SQLiteTable.Value.null
            if let x {
                if let numbers = x.numbers {
                    key = numbers[i].isNaN ? .null : .number(numbers[i])
                } else {
                    key = x.text(at: i).isEmpty ? .null : .text(x.text(at: i))
                }
            }
            return [
                key, g.map { .text($0.text(at: i)) } ?? .null,
                y[i].isNaN ? .null : .number(y[i]), n.map { .number($0[i]) } ?? .null,
            ]
        }
    }

    static func same(_ got: Row, _ want: Row, _ p: TransformPipeline) -> Bool {
        guard got.count == 4, want.count == 4 else { return false }
        var key = got[0]
        // A named cycle's position (SQL) is its name (the executor).
        if case .time(let unit) = p.bin, case .number(let i) = key, let name = unit.name(ofKey: i) {
            key = .text(name)
        }
        return close(key, want[0]) && got[1] == want[1] && close(got[2], want[2])
            && close(got[3], want[3])
    }

    static func close(_ a: SQLiteTable.Value, _ b: SQLiteTable.Value) -> Bool {
        if case .number(let x) = a, case .number(let y) = b {
            return x == y || abs(x - y) <= 1e-9 * max(1, abs(y))
        }
        return a == b
    }
}

/// A random table in an in-memory SQLite database: `t(x, y, g, _row)`, missing values NULL.
final class SQLiteTable {
    enum Value: Equatable, CustomStringConvertible {
        case null, number(Double), text(String)
        var description: String {
            switch self {
            case .null: "NULL"
            case .number(let v): NumberText.shortest(v)
            case .text(let t): "'\(t)'"
            }
        }
    }

    let db: OpaquePointer
    let source: SQLCompiler.Source

    init(_ table: RandomTable) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(":memory:", &handle) == SQLITE_OK, let handle else {
            throw CocoaError(.fileReadUnknown)
        }
        db = handle
        let xKind: Column.Kind =
            table.kind == .text ? .text : table.kind == .times ? .time : .number
        source = SQLCompiler.Source(
            relation: "t", kinds: ["x": xKind, "y": .number, "g": .text], rowOrder: "_row")
        sqlite3_exec(db, "CREATE TABLE t(x, y REAL, g TEXT, _row INTEGER)", nil, nil, nil)
        var insert: OpaquePointer?
        sqlite3_prepare_v2(db, "INSERT INTO t VALUES (?, ?, ?, ?)", -1, &insert, nil)
        for i in table.y.indices {
            sqlite3_reset(insert)
            if table.kind == .text {
                if table.xText[i].isEmpty {
                    sqlite3_bind_null(insert, 1)
                } else {
                    sqlite3_bind_text(insert, 1, table.xText[i], -1, SQLiteTable.transient)
                }
            } else if table.x[i].isNaN {
                sqlite3_bind_null(insert, 1)
            } else {
                sqlite3_bind_double(insert, 1, table.x[i])
            }
            if table.y[i].isNaN {
                sqlite3_bind_null(insert, 2)
            } else {
                sqlite3_bind_double(insert, 2, table.y[i])
            }
            if let by = table.by {
                sqlite3_bind_text(insert, 3, by[i], -1, SQLiteTable.transient)
            } else {
                sqlite3_bind_null(insert, 3)
            }
            sqlite3_bind_int64(insert, 4, Int64(i))
            sqlite3_step(insert)
        }
        sqlite3_finalize(insert)
    }

    deinit { sqlite3_close(db) }

    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func rows(_ query: String) throws -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, query, -1, &statement, nil) == SQLITE_OK else {
            throw SQLError(message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var rows = [[Value]]()
        while sqlite3_step(statement) == SQLITE_ROW {
            rows.append(
                (0..<sqlite3_column_count(statement)).map { c in
                    switch sqlite3_column_type(statement, c) {
                    case SQLITE_NULL: .null
                    case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, c)))
                    default: .number(sqlite3_column_double(statement, c))
                    }
                })
        }
        return rows
    }

    struct SQLError: Error { var message: String }
}
