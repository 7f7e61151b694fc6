import CSQLite
import ChartbookModel

/// The functions of SQLite that `SQLiteReader` calls, found when a database is first read
/// (`SharedLibrary`): a chart from a file does not load libsqlite3 at start-up (issue 53).
/// The types are `<sqlite3.h>`'s.
struct SQLiteFunctions: Sendable {
    typealias Database = OpaquePointer
    typealias Statement = OpaquePointer

    let open:
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutablePointer<Database?>?, Int32, UnsafePointer<CChar>?
        ) -> Int32
    let close: @convention(c) (Database?) -> Int32
    let errorMessage: @convention(c) (Database?) -> UnsafePointer<CChar>?
    let progressHandler:
        @convention(c) (
            Database?, Int32, (@convention(c) (UnsafeMutableRawPointer?) -> Int32)?,
            UnsafeMutableRawPointer?
        ) -> Void
    let prepare:
        @convention(c) (
            Database?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Statement?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    let finalize: @convention(c) (Statement?) -> Int32
    let readOnly: @convention(c) (Statement?) -> Int32
    let step: @convention(c) (Statement?) -> Int32
    let columnCount: @convention(c) (Statement?) -> Int32
    let columnName: @convention(c) (Statement?, Int32) -> UnsafePointer<CChar>?
    let columnType: @convention(c) (Statement?, Int32) -> Int32
    let columnBytes: @convention(c) (Statement?, Int32) -> Int32
    let columnDouble: @convention(c) (Statement?, Int32) -> Double
    let columnText: @convention(c) (Statement?, Int32) -> UnsafePointer<UInt8>?

    /// The functions, found once for the process (or why they cannot be).
    static let loaded: Result<SQLiteFunctions, SharedLibrary.Missing> = Result {
        () throws(SharedLibrary.Missing) -> SQLiteFunctions in try SQLiteFunctions()
    }

    private init() throws(SharedLibrary.Missing) {
        let sqlite = try SharedLibrary(["libsqlite3.so.0"], package: "libsqlite3-0")
        open = try sqlite.function("sqlite3_open_v2")
        close = try sqlite.function("sqlite3_close")
        errorMessage = try sqlite.function("sqlite3_errmsg")
        progressHandler = try sqlite.function("sqlite3_progress_handler")
        prepare = try sqlite.function("sqlite3_prepare_v2")
        finalize = try sqlite.function("sqlite3_finalize")
        readOnly = try sqlite.function("sqlite3_stmt_readonly")
        step = try sqlite.function("sqlite3_step")
        columnCount = try sqlite.function("sqlite3_column_count")
        columnName = try sqlite.function("sqlite3_column_name")
        columnType = try sqlite.function("sqlite3_column_type")
        columnBytes = try sqlite.function("sqlite3_column_bytes")
        columnDouble = try sqlite.function("sqlite3_column_double")
        columnText = try sqlite.function("sqlite3_column_text")
    }
}
