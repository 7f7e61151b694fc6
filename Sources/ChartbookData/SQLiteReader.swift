import CSQLite
import Foundation
import ChartbookModel

/// A query against a SQLite database file, read into typed columns: the database is opened
/// read-only (chartbook never writes to it), the query runs once, integers and reals are
/// numbers, text that reads as a number is a number, and each result column becomes numbers,
/// times or text by `ValueTable`'s rule, the JSON reader's too.
public struct SQLiteReader: Sendable {
    /// A result column to use as the x labels (`labels=`).
    public var labelColumn: String?
    /// Where zoneless date-times are wall clock.
    public var timeZone = TimeZoneSetting.utc
    public var limits: ResourceLimits

    public init(labelColumn: String? = nil, limits: ResourceLimits = ResourceLimits()) {
        self.labelColumn = labelColumn
        self.limits = limits
    }

    /// Runs `query` on the database at `path` (absolute). `shouldCancel` is polled while the
    /// query runs; true interrupts it (`.data(.cancelled)`).
    public func read(database path: String, query: String, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> DelimitedReader.Table
    {
        let sqlite: SQLiteFunctions
        switch SQLiteFunctions.loaded {
        case .success(let functions): sqlite = functions
        case .failure(let missing): throw .cannotOpen(missing.reason)
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        guard sqlite.open(Self.readOnlyURI(path), &handle, flags, nil) == SQLITE_OK,
            let db = handle
        else {
            let message = handle.flatMap { sqlite.errorMessage($0) }.map { String(cString: $0) }
            _ = sqlite.close(handle)
            throw .cannotOpen(message ?? "out of memory")
        }
        defer { _ = sqlite.close(db) }
        // Ctrl-C reaches a long query: SQLite calls back every 10 000 virtual-machine steps.
        let box = CancelBox(shouldCancel)
        sqlite.progressHandler(
            db, 10_000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<CancelBox>.fromOpaque(context).takeUnretainedValue().check()
                    ? 1 : 0
            }, Unmanaged.passUnretained(box).toOpaque())
        let statement = try Self.prepare(query, in: db, sqlite)
        defer { _ = sqlite.finalize(statement) }
        let count = Int(sqlite.columnCount(statement))
        guard count > 0 else { throw .query("the statement returns no columns", offset: nil) }
        guard count <= limits.maxColumns else {
            throw .data(.tooManyColumns(line: 1, limit: limits.maxColumns))
        }
        let names = (0..<count).map { i in
            sqlite.columnName(statement, Int32(i)).map { String(cString: $0) } ?? "column\(i + 1)"
        }
        var columns = [ColumnAccumulator](repeating: ColumnAccumulator(), count: count)
        var rows = 0
        while true {
            let step = sqlite.step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                if box.cancelled { throw .data(.cancelled) }
                throw .query(Self.message(of: db, sqlite), offset: nil)
            }
            do {
                try ColumnAccumulator.admit(
                    row: rows + 1, columns: count,
                    length: { i in
                        // Asked of text and blobs only: asked of a number, SQLite converts it.
                        let type = sqlite.columnType(statement, Int32(i))
                        return type == SQLITE_TEXT || type == SQLITE_BLOB
                            ? Int(sqlite.columnBytes(statement, Int32(i))) : 0
                    }, held: { columns[$0].bytes }, name: { names[$0] }, limits: limits)
            } catch { throw .data(error) }
            for i in 0..<count { columns[i].add(statement, Int32(i), sqlite) }
            rows += 1
        }
        let read = zip(names, columns).map { name, column in column.read(named: name) }
        do { return try ValueTable.table(read, labelColumn: labelColumn, zone: timeZone) } catch {
            throw .data(error)
        }
    }
}

extension SQLiteReader {
    /// `file:PATH?mode=ro`, the path percent-encoded where a URI needs it: SQLite never writes
    /// the file. A WAL-mode database that no one has open (no `-wal` file beside it) is
    /// opened `immutable=1` too, since even a read-only open would create `-wal` and `-shm`
    /// files beside it; one that is open elsewhere is read through its WAL, as it is now.
    static func readOnlyURI(_ path: String) -> String {
        let idle = isWAL(path) && !FileManager.default.fileExists(atPath: path + "-wal")
        return fileURI(path) + "?mode=ro" + (idle ? "&immutable=1" : "")
    }

    /// Whether the database header says WAL mode (bytes 18 and 19 are 2).
    static func isWAL(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else {
            return false
        }
        return header.starts(with: Array("SQLite format 3".utf8)) && header[18] == 2
            && header[19] == 2
    }

    private static func fileURI(_ path: String) -> String {
        var out = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// The query as one statement that reads: a second statement after it is refused (SQLite
    /// would silently run only the first), and so is one that writes.
    static func prepare(_ query: String, in db: OpaquePointer, _ sqlite: SQLiteFunctions)
        throws(DatabaseFailure) -> OpaquePointer
    {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let prepared = query.withCString { text -> Int32 in
            let status = sqlite.prepare(db, text, -1, &statement, &tail)
            if status == SQLITE_OK, let tail, !Self.isBlank(String(cString: tail)) {
                return SQLITE_MISUSE
            }
            return status
        }
        guard prepared == SQLITE_OK, let statement else {
            let message =
                prepared == SQLITE_MISUSE
                ? "only one statement can be run (the query holds another after it)"
                : Self.message(of: db, sqlite)
            _ = sqlite.finalize(statement)
            throw .query(message, offset: nil)
        }
        guard sqlite.readOnly(statement) != 0 else {
            _ = sqlite.finalize(statement)
            throw .query("the statement would write; chartbook only reads", offset: nil)
        }
        return statement
    }

    /// SQLite's message for the last failure on `db`.
    static func message(of db: OpaquePointer, _ sqlite: SQLiteFunctions) -> String {
        sqlite.errorMessage(db).map { String(cString: $0) } ?? "unknown error"
    }

    /// Blanks, `;` and SQL comments only.
    static func isBlank(_ text: String) -> Bool {
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace || first == ";" {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("--") {
                rest = rest.drop { $0 != "\n" }
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { return false }
                rest = rest[end.upperBound...]
            } else {
                return false
            }
        }
        return true
    }
}

extension ColumnAccumulator {
    /// Cell `i` of the statement's current row, by the type SQLite gives it.
    @inline(__always)
    mutating func add(_ statement: OpaquePointer, _ i: Int32, _ sqlite: SQLiteFunctions) {
        switch sqlite.columnType(statement, i) {
        case SQLITE_INTEGER, SQLITE_FLOAT: add(number: sqlite.columnDouble(statement, i))
        case SQLITE_NULL: addMissing()
        default:
            let length = Int(sqlite.columnBytes(statement, i))
            guard let text = sqlite.columnText(statement, i) else { return addMissing() }
            add(text: UnsafeBufferPointer(start: text, count: length))
        }
    }
}

/// Carries the cancel check into SQLite's C progress callback.
private final class CancelBox: @unchecked Sendable {
    let shouldCancel: () -> Bool
    private(set) var cancelled = false
    init(_ shouldCancel: @escaping () -> Bool) { self.shouldCancel = shouldCancel }
    func check() -> Bool {
        if shouldCancel() { cancelled = true }
        return cancelled
    }
}
