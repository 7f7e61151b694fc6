import ChartbookData
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookTransform

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The SQL compiler against the local executor on a real ClickHouse server
/// (Scripts/clickhouse-test starts a throwaway one and sets CHARTBOOK_TEST_CLICKHOUSE_URL;
/// without it these are skipped): the same random tables and pipelines as the SQLite and
/// PostgreSQL tests — calendar units in every zone, named ones with daylight saving time
/// included — every row equal, or the pipeline refused for what one `GROUP BY` of this
/// engine cannot say (windows, trends, stdev and quantiles, no `agg=`).
@Suite(.enabled(if: ClickHouseTable.url != nil, "needs CHARTBOOK_TEST_CLICKHOUSE_URL"))
struct ClickHouseCompilerTests {
    @Test(arguments: 0..<150) func clickHouseComputesWhatTheExecutorComputes(_ seed: Int) throws {
        let (table, pipeline) = SQLCompilerTests.randomCase(seed)
        // A remote dataset holds no text column (it leaves them out): no text x here.
        guard table.kind != .text else { return }
        let local = try TableExecutor.run(pipeline, on: table.dataset)
        let db = try ClickHouseTable(table, name: "transform_\(seed)")
        let query: String
        do {
            query = try SQLCompiler(.clickhouse).query(pipeline, over: db.source)
        } catch {
            // What one GROUP BY cannot say here: the deviation and the quantiles (R-7's
            // interpolation is not this engine's), windows, fits, a rank (`top=`).
            let refusable =
                pipeline.aggregate.map { $0 == .stdev || $0.quantile != nil } ?? true
                || pipeline.window != nil || pipeline.fit != nil || pipeline.top != nil
                || SQLCompilerTests.binsOfNothing(pipeline, local)
            #expect(refusable, "seed \(seed): \(error)")
            return
        }
        SQLCompilerTests.expect(
            try db.rows(query), equal: local, pipeline, seed: seed, query: query)
    }

    /// Each literal the server reads (`SQLDialect.clickhouse.real`) is the double written,
    /// bit for bit — a subnormal one too, which its parser refuses as digits: the engine's
    /// own questions and the transform compiler write them alike (issue 52).
    @Test func literalsReadBackAsTheSameDouble() throws {
        let db = try ClickHouseTable(SQLCompilerTests.randomCase(0).0, name: "literals")
        let cases = SQLCompilerTests.literalCases
        // (This version reinterprets no Float64 as an integer: its eight bytes, as hex,
        // least significant first — trailing zero bytes left out, as it leaves them out.)
        let bits = cases.map {
            "hex(reinterpretAsString(toFloat64(\(SQLDialect.clickhouse.real($0)))))"
        }
        let row = try db.rows("SELECT " + bits.joined(separator: ", ")).first ?? []
        let want = cases.map { value -> SQLiteTable.Value in
            var bytes = (0..<8).map { UInt8(truncatingIfNeeded: value.bitPattern >> (8 * $0)) }
            while bytes.last == 0 { bytes.removeLast() }
            return .text(bytes.map { String(format: "%02X", $0) }.joined())
        }
        #expect(row == want)
    }

    /// The empirical CDF in ClickHouse 18, without window functions (`clickHouseECDF`): the
    /// executor's curve exactly, as SQLite's is.
    @Test(arguments: 0..<40) func clickHouseComputesTheExecutorsECDF(_ seed: Int) throws {
        let (table, pipeline) = SQLCompilerTests.ecdfCase(seed)
        let local = try TableExecutor.run(pipeline, on: table.dataset)
        let db = try ClickHouseTable(table, name: "ecdf_\(seed)")
        var source = db.source
        // ±∞ apart, as a remote relation holds them (`RemoteRelation.infinite`).
        source.relation.values["y"] = "if(isFinite(y), y, NULL)"
        source.relation.infinite["y"] = "y"
        let query = try SQLCompiler(.clickhouse).query(pipeline, over: source)
        let expected = SQLCompilerTests.ecdfRows(of: local, pipeline)
        #expect(try db.rows(query) == expected, "seed \(seed): \(pipeline)\n\(query)")
    }

    /// The same over the table read directly, as a remote query of one table's columns is
    /// (`RemoteRelation`): each column's value written out over the table's own columns,
    /// the query's condition kept apart, no row order where the pipeline needs none — each
    /// `GROUP BY` in the `SELECT` that reads the table. Every row equal, or refused alike.
    @Test(arguments: 0..<150) func aTableReadDirectlyComputesTheSame(_ seed: Int) throws {
        let (table, pipeline) = SQLCompilerTests.randomCase(seed)
        guard table.kind != .text else { return }
        let db = try ClickHouseTable(table, name: "direct_\(seed)")
        var source = db.source
        source.relation.values = ["x": "(x + 0)", "y": "(y * 1)", "g": "concat(g, '')"]
        source.relation.condition = "_row >= 0"
        let compiler = SQLCompiler(.clickhouse)
        if !compiler.readsRowOrder(pipeline, kinds: source.kinds) { source.relation.rowOrder = nil }
        guard let query = try? compiler.query(pipeline, over: source) else {
            #expect(throws: TransformError.self) { try compiler.query(pipeline, over: db.source) }
            return
        }
        if source.relation.rowOrder == nil {
            // One SELECT reads the table and groups its rows.
            #expect(query.contains("FROM direct_\(seed) WHERE (_row >= 0)"), "\(query)")
            #expect(!query.contains("_row\""), "\(query)")
        }
        let local = try TableExecutor.run(pipeline, on: table.dataset)
        SQLCompilerTests.expect(
            try db.rows(query), equal: local, pipeline, seed: seed, query: query)
    }
}

/// A random table in a ClickHouse table `NAME(x, y, g, _row)`, over the server's HTTP
/// interface.
struct ClickHouseTable {
    static let url = ProcessInfo.processInfo.environment["CHARTBOOK_TEST_CLICKHOUSE_URL"]

    let source: SQLCompiler.Source
    private let endpoint: URL

    init(_ table: RandomTable, name: String) throws {
        guard let location = Self.url.flatMap(URL.init(string:)),
            let endpoint = URL(
                string: "http://\(location.host ?? "127.0.0.1"):\(location.port ?? 8123)/")
        else { throw SQLiteTable.SQLError(message: "no server") }
        self.endpoint = endpoint
        source = table.source(named: name)
        let rows = table.sqlRows { "\($0)" }
        let type = table.kind == .text ? "Nullable(String)" : "Nullable(Float64)"
        _ = try run("DROP TABLE IF EXISTS \(name)")
        _ = try run(
            "CREATE TABLE \(name) (x \(type), y Nullable(Float64), g Nullable(String), _row Int32) ENGINE = MergeTree ORDER BY _row"
        )
        if !rows.isEmpty {
            _ = try run("INSERT INTO \(name) VALUES \(rows.joined(separator: ", "))")
        }
    }

    /// The server's answer to `sql` (a failure thrown with its message).
    func run(_ sql: String) throws -> String {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = Data(sql.utf8)
        let done = DispatchSemaphore(value: 0)
        let answer = Answer()
        URLSession.shared.dataTask(with: request) { data, response, _ in
            answer.set(
                (response as? HTTPURLResponse)?.statusCode ?? 0,
                String(decoding: data ?? Data(), as: UTF8.self))
            done.signal()
        }.resume()
        done.wait()
        let (status, body) = answer.get()
        guard status == 200 else { throw SQLiteTable.SQLError(message: body) }
        return body
    }

    /// The rows of `query`: numbers as numbers (the types the server names), `\N` as NULL.
    func rows(_ query: String) throws -> [[SQLiteTable.Value]] {
        let lines = try run(query + " FORMAT TabSeparatedWithNamesAndTypes")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else { return [] }
        let types = lines[1].split(separator: "\t", omittingEmptySubsequences: false)
        let numeric = types.map { type in
            ["Int", "UInt", "Float", "Decimal"].contains { type.contains($0) }
        }
        return lines.dropFirst(2).filter { !$0.isEmpty }.map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).enumerated().map {
                c, field -> SQLiteTable.Value in
                if field == "\\N" { return .null }
                guard c < numeric.count, numeric[c] else { return .text(String(field)) }
                switch field {
                case "nan", "-nan": return .number(.nan)
                case "inf", "+inf": return .number(.infinity)
                case "-inf": return .number(-.infinity)
                default: return .number(Double(field) ?? .nan)
                }
            }
        }
    }

    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var value = (0, "")
        func set(_ status: Int, _ body: String) { lock.withLock { value = (status, body) } }
        func get() -> (Int, String) { lock.withLock { value } }
    }
}
