import CLibPQ
import ChartbookData
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookTransform

/// The SQL compiler against the local executor on a real PostgreSQL server
/// (Scripts/postgres-test starts a throwaway one and sets CHARTBOOK_TEST_POSTGRES_URL;
/// without it these are skipped): the same random tables and pipelines as the SQLite
/// test, in every zone, named ones with daylight saving time included.
@Suite(.enabled(if: PostgresTable.url != nil, "needs CHARTBOOK_TEST_POSTGRES_URL"))
struct PostgresCompilerTests {
    @Test(arguments: 0..<150) func postgresComputesWhatTheExecutorComputes(_ seed: Int) throws {
        let (table, pipeline) = SQLCompilerTests.randomCase(seed)
        let local = try TableExecutor.run(pipeline, on: table.dataset)
        let db = try PostgresTable(table, name: "transform_\(seed)")
        let query: String
        do {
            query = try SQLCompiler(.postgres).query(pipeline, over: db.source)
        } catch {
            let median: Bool =
                if case .rolling(.median, _) = pipeline.window { true } else { false }
            #expect(
                median || SQLCompilerTests.binsOfNothing(pipeline, local),
                "seed \(seed): \(error)")
            return
        }
        SQLCompilerTests.expect(
            try db.rows(query), equal: local, pipeline, seed: seed, query: query)
    }

    /// A day, week, hour or minute in a zone of fixed offset is keyed by arithmetic on the
    /// seconds (`SQLDialect.fixedOffsetKey`): the executor's key, to the last bit, for times
    /// at a unit's boundary and a hair either side of it, before 1970, in fractions no
    /// timestamp holds (below a microsecond), and none beyond the calendar's range.
    /// Each literal the server reads (`SQLDialect.postgres.real`) is the double written, bit
    /// for bit (`float8send`: its eight bytes, most significant first).
    @Test func literalsReadBackAsTheSameDouble() throws {
        let table = try PostgresTable(sql: "CREATE TABLE literals(i int)", name: "literals")
        let cases = SQLCompilerTests.literalCases
        let sent = cases.map { "float8send(\(SQLDialect.postgres.real($0)))" }
        let row = try table.rows("SELECT " + sent.joined(separator: ", ")).first ?? []
        let want = cases.map { value -> SQLiteTable.Value in
            let hex = String(value.bitPattern, radix: 16)
            return .text("\\x" + String(repeating: "0", count: 16 - hex.count) + hex)
        }
        #expect(row == want)
    }

    @Test func fixedLengthUnitsAreKeyedAsTheExecutorKeysThem() throws {
        let boundary = 1_704_067_200.0  // 2024-01-01, a Monday
        var times = [0.0, -1, -86_400.5, 1e-7, -1e-7, 1.5e11, -3e11, 3.2e11, -3.2e11]
        for base in [boundary, boundary + 86_400 * 3, -86_400.0 * 4, 1_700_000_000.25] {
            for shift in [0.0, 19_800, -20_700, 3600, 60] {
                let at = base - shift
                times += [at, at.nextUp, at.nextDown, at - 1e-7, at + 4e-7, at - 0.5]
            }
        }
        let table = try PostgresTable(
            sql: "CREATE TABLE fixed_keys(i int, t float8); INSERT INTO fixed_keys VALUES "
                + times.enumerated().map { "(\($0.offset), \($0.element)::float8)" }
                .joined(separator: ", "))
        for unit in [TimeUnit.day, .week, .hour, .minute] {
            for (offset, name) in [
                (0, "UTC"), (19_800, "+05:30"), (-20_700, "-05:45"), (3600, "+01"),
                (-43_200, "-12"),
            ] {
                let key = try #require(
                    SQLDialect.postgres.fixedOffsetKey(unit, "t", offset: offset))
                let got = try table.rows("SELECT \(key) FROM fixed_keys ORDER BY i").map {
                    $0.first ?? .null
                }
                let zone = try #require(TimeZoneSetting(parsing: name))
                for (t, value) in zip(times, got) {
                    var binner = TimeBinner(unit, zone: zone)
                    let want = binner.key(of: t)
                    #expect(
                        want.isNaN ? value == .null : value == .number(want),
                        "\(unit) at \(offset) s, t \(t): \(value) vs \(want)")
                }
            }
        }
    }
}

/// A random table in a PostgreSQL table `NAME(x, y, g, _row)`; the connection closes with it.
final class PostgresTable {
    static let url = ProcessInfo.processInfo.environment["CHARTBOOK_TEST_POSTGRES_URL"]

    let connection: OpaquePointer
    let source: SQLCompiler.Source

    init(_ table: RandomTable, name: String) throws {
        guard let url = Self.url, let connection = PQconnectdb(url),
            PQstatus(connection) == CONNECTION_OK
        else { throw SQLiteTable.SQLError(message: "cannot connect") }
        self.connection = connection
        source = table.source(named: name)
        let rows = table.sqlRows { "\($0)::float8" }
        let type = table.kind == .text ? "text" : "float8"
        var sql =
            "DROP TABLE IF EXISTS \(name); CREATE TABLE \(name)(x \(type), y float8, g text, _row int);"
        if !rows.isEmpty { sql += "INSERT INTO \(name) VALUES \(rows.joined(separator: ", "));" }
        try run(sql)
    }

    /// A connection that first runs `sql` (dropping `fixed_keys` first).
    /// A table of the test's own (`sql` makes it, as `name`: tests run side by side, so no
    /// two share one).
    init(sql: String, name: String = "fixed_keys") throws {
        guard let url = Self.url, let connection = PQconnectdb(url),
            PQstatus(connection) == CONNECTION_OK
        else { throw SQLiteTable.SQLError(message: "cannot connect") }
        self.connection = connection
        source = SQLCompiler.Source(relation: name, kinds: [:], rowOrder: nil)
        try run("DROP TABLE IF EXISTS \(name); " + sql)
    }

    deinit { PQfinish(connection) }

    @discardableResult
    func run(_ sql: String) throws -> OpaquePointer? {
        let result = PQexec(connection, sql)
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = String(cString: PQresultErrorMessage(result))
            PQclear(result)
            throw SQLiteTable.SQLError(message: message)
        }
        return result
    }

    func rows(_ query: String) throws -> [[SQLiteTable.Value]] {
        let result = try run(query)
        defer { PQclear(result) }
        return (0..<PQntuples(result)).map { r in
            (0..<PQnfields(result)).map { c in
                if PQgetisnull(result, r, c) == 1 { return .null }
                let text = String(cString: PQgetvalue(result, r, c))
                // Numbers come back as numbers (float8, int, numeric), text as text.
                let numeric = [20, 21, 23, 700, 701, 1700].contains(PQftype(result, c))
                return numeric ? .number(Double(text) ?? .nan) : .text(text)
            }
        }
    }
}
