import CLibPQ

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a PostgreSQL server (or an engine speaking its protocol) through libpq.
///
/// Everything waits on the socket in steps of 100 ms, asking `shouldCancel` between them:
/// a connection attempt is abandoned, and a running statement is cancelled on the server
/// (libpq's cancel request), not merely forgotten. The session runs in UTC with ISO dates, so
/// times arrive in one exact form. Credentials are libpq's business (the URL, the `PG*`
/// variables, `~/.pgpass`); no message made here contains a password.
final class PostgresConnection {
    private let connection: OpaquePointer

    /// Connects to `url` (`postgres://…`, `postgresql://…` or a `key=value` string).
    init(url: String, shouldCancel: () -> Bool) throws(DatabaseFailure) {
        let settings: [String] = [
            "application_name", "connect_timeout", "dbname", "chartbook", "10", url,
        ]
        let copies = settings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { copy -> UnsafePointer<CChar>? in copy.map { UnsafePointer($0) }
        }
        // NULL-terminated keyword and value lists (the URL's own settings win, dbname last).
        let started = PQconnectStartParams(
            Array(pointers[0..<3]) + [nil], Array(pointers[3...]) + [nil], 1)
        guard let started else { throw .cannotOpen("out of memory") }
        connection = started
        guard PQstatus(connection) != CONNECTION_BAD else { throw .cannotOpen(errorMessage) }
        var status = PGRES_POLLING_WRITING
        while status != PGRES_POLLING_OK {
            if shouldCancel() { throw .data(.cancelled) }
            switch status {
            case PGRES_POLLING_FAILED: throw .cannotOpen(errorMessage)
            case PGRES_POLLING_READING: wait(for: POLLIN)
            default: wait(for: POLLOUT)
            }
            status = PQconnectPoll(connection)
        }
    }

    deinit { PQfinish(connection) }

    /// Runs `sql` (one statement, or several separated by `;`) and returns the last result.
    /// An engine error becomes `.query` with its primary message and position.
    func execute(_ sql: String, shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> PostgresResult
    {
        guard PQsendQuery(connection, sql) == 1 else { throw .cannotOpen(errorMessage) }
        var cancelled = false
        var last: PostgresResult?
        var failure: DatabaseFailure?
        while true {
            while PQisBusy(connection) == 1 {
                if !cancelled, shouldCancel() {
                    cancelled = true
                    cancelOnServer()
                }
                wait(for: POLLIN)
                guard PQconsumeInput(connection) == 1 else { throw .cannotOpen(errorMessage) }
            }
            guard let pointer = PQgetResult(connection) else { break }
            let result = PostgresResult(pointer)
            switch PQresultStatus(pointer) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: last = result
            default: failure = failure ?? result.failure
            }
        }
        if cancelled { throw .data(.cancelled) }
        if let failure { throw failure }
        guard let last else { throw .query("the statement returned nothing", offset: nil) }
        return last
    }

    /// Asks the server to stop the running statement (a separate connection, as libpq does).
    private func cancelOnServer() {
        guard let cancel = PQgetCancel(connection) else { return }
        var buffer = [CChar](repeating: 0, count: 256)
        _ = PQcancel(cancel, &buffer, 256)
        PQfreeCancel(cancel)
    }

    /// Waits up to 100 ms for the socket to be ready for `events`.
    private func wait(for events: Int32) {
        var descriptor = pollfd(fd: PQsocket(connection), events: Int16(events), revents: 0)
        _ = poll(&descriptor, 1, 100)
    }

    private var errorMessage: String {
        Self.trimmed(PQerrorMessage(connection).map { String(cString: $0) } ?? "unknown error")
    }

    /// libpq's messages end in a newline and may span lines; a diagnostic wants one line.
    static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline)
            .map { $0.drop(while: \.isWhitespace) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .joined(separator: "; ")
    }
}

/// One result of a statement; freed with it.
final class PostgresResult {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { PQclear(pointer) }

    var rows: Int { Int(PQntuples(pointer)) }
    var columns: Int { Int(PQnfields(pointer)) }
    func name(_ column: Int) -> String {
        PQfname(pointer, Int32(column)).map { String(cString: $0) } ?? "column\(column + 1)"
    }
    /// The column's type, as the server's type OID.
    func type(_ column: Int) -> UInt32 { PQftype(pointer, Int32(column)) }
    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(pointer, Int32(row), Int32(column)) == 1
    }
    /// The cell's text (the result is in text format), valid while the result lives.
    func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
        let length = Int(PQgetlength(pointer, Int32(row), Int32(column)))
        guard let value = PQgetvalue(pointer, Int32(row), Int32(column)) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// The engine's error: its primary message and, when it gives one, the position in the
    /// statement (1-based characters there; 0-based here).
    var failure: DatabaseFailure {
        let primary = PQresultErrorField(pointer, Int32(UInt8(ascii: "M"))).map {
            String(cString: $0)
        }
        let message =
            primary
            ?? PQresultErrorMessage(pointer).map { PostgresConnection.trimmed(String(cString: $0)) }
            ?? "unknown error"
        let position = PQresultErrorField(pointer, Int32(UInt8(ascii: "P"))).flatMap {
            Int(String(cString: $0))
        }
        return .query(message, offset: position.map { $0 - 1 })
    }
}
