import CSQLite
import Foundation
import Testing
import ChartbookModel
@testable import ChartbookData

/// Issue 13, SQLite: queries against real database files (made here with SQLite itself).
@Suite struct SQLiteReaderTests {
    /// A database file in a fresh temporary directory, built by `statements`.
    static func database(_ statements: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("chartbook-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("t.db").path
        var db: OpaquePointer?
        #expect(sqlite3_open(path, &db) == SQLITE_OK)
        #expect(sqlite3_exec(db, statements, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(db)
        return path
    }

    static let weather = """
        CREATE TABLE w(day TEXT, temp REAL, rain INTEGER, city TEXT, note TEXT);
        INSERT INTO w VALUES ('2024-01-01', 3.5, 2, 'Oslo', 'NA'), ('2024-01-02', NULL, 0, 'Oslo', ''),
          ('2024-01-03', '4.25', 1, 'Rome', 'sunny'), ('2024-01-04T06:00:00Z', 12, NULL, 'Rome', '7');
        """

    @Test func columnsAreTypedAsTheOtherReadersTypeThem() throws {
        let path = try Self.database(Self.weather)
        let table = try SQLiteReader(labelColumn: "city").read(
            database: path, query: "SELECT day, temp, rain, city, note FROM w",
            shouldCancel: { false })
        #expect(table.columns.map(\.name) == ["day", "temp", "rain", "note"])
        #expect(table.columns[0].isTime)
        #expect(table.columns[1].numbers?.map { $0.isNaN ? -1 : $0 } == [3.5, -1, 4.25, 12])
        #expect(table.columns[2].numbers?.map { $0.isNaN ? -1 : $0 } == [2, 0, 1, -1])
        // "NA" and "" are missing; "sunny" is text but "7" a number: numbers win.
        #expect(table.columns[3].numbers?.last == 7)
        #expect(table.columns[3].unparseable == 1)
        #expect(table.labels == ["Oslo", "Oslo", "Rome", "Rome"])
    }

    @Test func errorsAreTheEnginesAndNothingIsWritten() throws {
        let path = try Self.database(Self.weather)
        let reader = SQLiteReader()
        #expect(throws: DatabaseFailure.query("no such table: nope", offset: nil)) {
            try reader.read(database: path, query: "SELECT * FROM nope", shouldCancel: { false })
        }
        // Opened read-only: a statement that writes is refused by SQLite.
        #expect(throws: DatabaseFailure.query("attempt to write a readonly database", offset: nil))
        {
            try reader.read(
                database: path, query: "DELETE FROM w RETURNING temp", shouldCancel: { false })
        }
        #expect(throws: DatabaseFailure.data(.noNumericColumn(names: ["city"]))) {
            try reader.read(database: path, query: "SELECT city FROM w", shouldCancel: { false })
        }
        #expect(throws: DatabaseFailure.cannotOpen("unable to open database file")) {
            try reader.read(database: path + ".missing", query: "SELECT 1", shouldCancel: { false })
        }
        let count = try reader.read(
            database: path, query: "SELECT count(*) AS n FROM w", shouldCancel: { false })
        #expect(count.columns[0].numbers == [4])
    }

    @Test func aLongQueryIsCancelledAndTheBudgetHolds() throws {
        let path = try Self.database("CREATE TABLE t(v REAL);")
        let endless =
            "WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c) SELECT i FROM c"
        #expect(throws: DatabaseFailure.data(.cancelled)) {
            try SQLiteReader().read(database: path, query: endless, shouldCancel: { true })
        }
        let small = SQLiteReader(limits: ResourceLimits(memoryBudget: 1 << 20))
        #expect {
            try small.read(database: path, query: endless, shouldCancel: { false })
        } throws: { error in
            if case DatabaseFailure.data(.overBudget) = error { return true }
            return false
        }
    }
}
