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
        // A statement that writes is refused before it runs (and the file is opened
        // read-only besides); so is a second statement, which SQLite would silently skip.
        #expect(
            throws: DatabaseFailure.query(
                "the statement would write; chartbook only reads", offset: nil)
        ) {
            try reader.read(
                database: path, query: "DELETE FROM w RETURNING temp", shouldCancel: { false })
        }
        #expect(
            throws: DatabaseFailure.query(
                "only one statement can be run (the query holds another after it)", offset: nil)
        ) {
            try reader.read(
                database: path, query: "SELECT temp FROM w; DELETE FROM w", shouldCancel: { false })
        }
        #expect(
            try reader.read(
                database: path, query: "SELECT temp FROM w; -- done\n", shouldCancel: { false }
            ).columns.count == 1)
        // Text alone: rows to count.
        #expect(
            try reader.read(database: path, query: "SELECT city FROM w", shouldCancel: { false })
                .columns.map(\.kind) == [.text])
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

    /// Issue 25, item 4: text and blob cells count against the budget as rows arrive (a
    /// 64 MiB budget let text results peak at 2 GB), and a cell over the field limit is
    /// refused like a CSV field.
    @Test func textCellsCountAgainstTheBudgetAndTheFieldLimit() throws {
        let path = try Self.database("CREATE TABLE t(v REAL);")
        // 5 000 notes of 2 KB: 10 MB of text, where the numbers alone take 80 KB.
        let notes =
            "WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < 4999) "
            + "SELECT i, printf('%.2000c', 'x') AS note FROM c"
        let small = SQLiteReader(limits: ResourceLimits(memoryBudget: 8 << 20))
        #expect {
            try small.read(database: path, query: notes, shouldCancel: { false })
        } throws: { error in
            // Stopped as the budget is reached, not after the rows were kept.
            guard case DatabaseFailure.data(.overBudget(let needed, _)) = error else {
                return false
            }
            return needed <= (8 << 20) + 4096
        }
        let wide = "SELECT 1 AS n, zeroblob(2000000) AS blob"
        #expect(
            throws: DatabaseFailure.data(.cellTooLong(row: 1, column: "blob", limit: 1 << 20))
        ) {
            try SQLiteReader().read(database: path, query: wide, shouldCancel: { false })
        }
    }

    /// Issue 25, item 13: reading a WAL-mode database that no one has open creates no
    /// `-wal`/`-shm` files beside it (a plain read-only open did); one that is open elsewhere
    /// is read through its WAL, recent rows included.
    @Test func readingAWALDatabaseLeavesNoFilesAndSeesRecentRows() throws {
        let path = try Self.database(
            "PRAGMA journal_mode=WAL; CREATE TABLE t(x REAL, y REAL); INSERT INTO t VALUES (1, 2);")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let read = try SQLiteReader().read(
            database: path, query: "SELECT x, y FROM t", shouldCancel: { false })
        #expect(read.columns[0].numbers == [1])
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        // A writer holds it open with a row not yet checkpointed.
        var writer: OpaquePointer?
        #expect(sqlite3_open(path, &writer) == SQLITE_OK)
        #expect(sqlite3_exec(writer, "INSERT INTO t VALUES (3, 4);", nil, nil, nil) == SQLITE_OK)
        let live = try SQLiteReader().read(
            database: path, query: "SELECT x, y FROM t", shouldCancel: { false })
        #expect(live.columns[0].numbers == [1, 3])
        sqlite3_close(writer)
    }
}
