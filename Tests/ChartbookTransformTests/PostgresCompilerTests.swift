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
            #expect(median, "seed \(seed): \(error)")
            return
        }
        SQLCompilerTests.expect(
            try db.rows(query), equal: local, pipeline, seed: seed, query: query)
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
