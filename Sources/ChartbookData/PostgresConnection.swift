import CLibPQ
import ChartbookModel
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a PostgreSQL server (or an engine speaking its protocol) through libpq.
///
/// Everything waits on the socket in steps of 100 ms, asking `shouldCancel` between them:
/// a connection attempt is abandoned, and a running statement is cancelled on the server
/// (libpq's cancel request, sent from another thread so that a server that does not answer
/// cannot hold Ctrl-C), not merely forgotten. Connecting gives up after the URL's
/// `connect_timeout` (10 s unless it says), a statement after `statementTimeout`. The session
/// runs in UTC with ISO dates, so times arrive in one exact form. Credentials are libpq's
/// business (the URL, the `PG*` variables, `~/.pgpass`); no message made here contains a
/// password, and the server's notices (`RAISE NOTICE`) are never printed.
final class PostgresConnection {
    private let connection: OpaquePointer
    /// libpq's functions, found when the first connection was made.
    private let pq: PostgresFunctions
    /// The URL connected to: libpq's messages about it are shown without its password.
    private let url: String
    /// Seconds a statement may take before it is cancelled; nil: no limit.
    private let statementTimeout: Double?
    /// Set once a statement was abandoned without its answer: the connection is unusable.
    private var abandoned = false

    /// Connects to `url` (`postgres://…`, `postgresql://…` or a `key=value` string).
    init(url: String, statementTimeout: Double?, shouldCancel: () -> Bool)
        throws(DatabaseFailure)
    {
        self.statementTimeout = statementTimeout
        self.url = url
        switch PostgresFunctions.loaded {
        case .success(let functions): pq = functions
        case .failure(let missing): throw .cannotOpen(missing.reason)
        }
        let settings: [String] = [
            "application_name", "connect_timeout", "dbname", "chartbook", "10", url,
        ]
        let copies = settings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { copy -> UnsafePointer<CChar>? in copy.map { UnsafePointer($0) }
        }
        // NULL-terminated keyword and value lists (the URL's own settings win, dbname last).
        let started = pq.connectStartParams(
            Array(pointers[0..<3]) + [nil], Array(pointers[3...]) + [nil], 1)
        guard let started else { throw .cannotOpen("out of memory") }
        connection = started
        guard pq.status(connection) != CONNECTION_BAD else { throw .cannotOpen(errorMessage) }
        // Notices are the server's words at any time: never printed (they could carry escapes).
        _ = pq.setNoticeProcessor(connection, { _, _ in }, nil)
        let limit = Self.connectTimeout(of: connection, pq)
        let since = ContinuousClock.now
        var status = PGRES_POLLING_WRITING
        while status != PGRES_POLLING_OK {
            if shouldCancel() { throw .data(.cancelled) }
            if Self.seconds(since: since) > limit {
                throw .cannotOpen(
                    "the server did not answer within \(NumberText.shortest(limit)) s "
                        + "(connect_timeout= in the URL sets it)")
            }
            switch status {
            case PGRES_POLLING_FAILED: throw .cannotOpen(errorMessage)
            case PGRES_POLLING_READING: wait(for: POLLIN)
            default: wait(for: POLLOUT)
            }
            status = pq.connectPoll(connection)
        }
    }

    /// The `connect_timeout` in force (libpq's option: the URL's, else ours), in seconds; libpq
    /// enforces it only when it connects blocking, so the poll loop does.
    private static func connectTimeout(of connection: OpaquePointer, _ pq: PostgresFunctions)
        -> Double
    {
        guard let options = pq.conninfo(connection) else { return 10 }
        defer { pq.conninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "connect_timeout", let value = option.pointee.val,
                let seconds = Double(String(cString: value)), seconds > 0
            {
                return max(seconds, 2)
            }
            option += 1
        }
        return 10
    }

    deinit { pq.finish(connection) }

    /// Runs `sql` and returns its result. `sql` is one statement, sent through the extended
    /// protocol, which refuses a second one: text of the user's (a query with `; COMMIT;
    /// INSERT …` in it) can never run as statements of its own. An engine error becomes
    /// `.query` with its primary message and position.
    func execute(_ sql: String, shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> PostgresResult
    {
        guard !abandoned else { throw .cannotOpen("the connection was abandoned") }
        guard pq.sendQueryParams(connection, sql, 0, nil, nil, nil, nil, 0) == 1 else {
            throw .cannotOpen(errorMessage)
        }
        let started = ContinuousClock.now
        var cancelledAt: Double?
        var timedOut = false
        var last: PostgresResult?
        var failure: DatabaseFailure?
        while true {
            while pq.isBusy(connection) == 1 {
                let now = Self.seconds(since: started)
                if cancelledAt == nil {
                    if shouldCancel() {
                        cancelledAt = now
                    } else if let limit = statementTimeout, now > limit {
                        cancelledAt = now
                        timedOut = true
                    }
                    if cancelledAt != nil { cancelOnServer() }
                } else if let at = cancelledAt, now - at > Self.cancelGrace {
                    // The server does not answer its cancel request either: give up on it.
                    abandoned = true
                    throw timedOut ? timeoutFailure : .data(.cancelled)
                }
                wait(for: POLLIN)
                guard pq.consumeInput(connection) == 1 else { throw .cannotOpen(errorMessage) }
            }
            guard let pointer = pq.getResult(connection) else { break }
            let result = PostgresResult(pointer, pq)
            switch pq.resultStatus(pointer) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY: last = result
            default: failure = failure ?? result.failure
            }
        }
        if cancelledAt != nil { throw timedOut ? timeoutFailure : .data(.cancelled) }
        if let failure { throw failure }
        guard let last else { throw .query("the statement returned nothing", offset: nil) }
        return last
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }

    /// Seconds a cancelled statement is given to end before the connection is abandoned.
    static let cancelGrace = 1.0

    private var timeoutFailure: DatabaseFailure {
        .cannotOpen(
            "the server did not answer within \(NumberText.shortest(statementTimeout ?? 0)) s "
                + "(timeout= of load sets it; timeout=off waits)")
    }

    /// Asks the server to stop the running statement. libpq's cancel request opens a
    /// connection of its own and waits for the server, so it runs on a thread of its own: a
    /// server that does not answer (stopped, unreachable) cannot hold the caller.
    private func cancelOnServer() {
        guard let cancel = pq.getCancel(connection) else { return }
        let request = CancelRequest(cancel, pq)
        let thread = Thread { request.send() }
        thread.start()
    }

    /// Waits up to 100 ms for the socket to be ready for `events`.
    private func wait(for events: Int32) {
        var descriptor = pollfd(fd: pq.socket(connection), events: Int16(events), revents: 0)
        _ = poll(&descriptor, 1, 100)
    }

    /// libpq's last message, one line, without a password (a URL it could not parse is
    /// quoted in it, and so is the piece it stumbled on).
    private var errorMessage: String {
        let message = pq.errorMessage(connection).map { String(cString: $0) } ?? "unknown error"
        return ConnectionURL.redacting(Self.trimmed(message), about: url)
    }

    /// libpq's messages end in a newline and may span lines; a diagnostic wants one line.
    static func trimmed(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline)
            .map { $0.drop(while: \.isWhitespace) }
            .filter { !$0.allSatisfy(\.isWhitespace) }
            .joined(separator: "; ")
    }
}

/// libpq's cancel object, sent and freed once on another thread.
private final class CancelRequest: @unchecked Sendable {
    private let cancel: OpaquePointer
    private let pq: PostgresFunctions
    init(_ cancel: OpaquePointer, _ pq: PostgresFunctions) { (self.cancel, self.pq) = (cancel, pq) }
    func send() {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = pq.cancel(cancel, &buffer, 256)
        pq.freeCancel(cancel)
    }
}

/// One result of a statement; freed with it.
final class PostgresResult: StatementAnswer {
    let pointer: OpaquePointer
    private let pq: PostgresFunctions

    init(_ pointer: OpaquePointer, _ pq: PostgresFunctions) {
        (self.pointer, self.pq) = (pointer, pq)
    }
    deinit { pq.clear(pointer) }

    var rows: Int { Int(pq.ntuples(pointer)) }
    var columns: Int { Int(pq.nfields(pointer)) }
    func name(_ column: Int) -> String {
        pq.fname(pointer, Int32(column)).map { String(cString: $0) } ?? "column\(column + 1)"
    }
    /// The column's name exactly as the server sent it; nil when it is not valid UTF-8.
    func exactName(_ column: Int) -> String? {
        pq.fname(pointer, Int32(column)).flatMap { String(validatingCString: $0) }
    }
    /// The column's type, as the server's type OID.
    func type(_ column: Int) -> UInt32 { pq.ftype(pointer, Int32(column)) }
    /// The table the column reads as it is, and its column number there (`attnum`); nil
    /// when the column is computed.
    func origin(_ column: Int) -> (table: UInt32, column: Int)? {
        let table = pq.ftable(pointer, Int32(column)), number = pq.ftablecol(pointer, Int32(column))
        return table != 0 && number > 0 ? (table, Int(number)) : nil
    }
    func isNull(_ row: Int, _ column: Int) -> Bool {
        pq.getisnull(pointer, Int32(row), Int32(column)) == 1
    }
    /// The cell's text (the result is in text format), valid while the result lives.
    func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
        let length = Int(pq.getlength(pointer, Int32(row), Int32(column)))
        guard let value = pq.getvalue(pointer, Int32(row), Int32(column)) else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: length)
    }

    func utf8(_ row: Int, _ column: Int) -> [UInt8] { Array(bytes(row, column)) }

    /// Read where the result holds the text (`number`), not from a copy of it.
    func value(_ row: Int, _ column: Int) -> Double? { number(row, column) }

    /// The cell as a number (nil: NULL, or text that is no number) — how every numeric
    /// answer of the remote questions is read.
    func number(_ row: Int, _ column: Int) -> Double? {
        guard !isNull(row, column) else { return nil }
        let text = bytes(row, column)
        return NumberParser.parse(text, 0, text.count)
    }

    /// The engine's error: its primary message and, when it gives one, the position in the
    /// statement (1-based characters there; 0-based here).
    var failure: DatabaseFailure {
        let primary = pq.resultErrorField(pointer, Int32(UInt8(ascii: "M"))).map {
            String(cString: $0)
        }
        let message =
            primary
            ?? pq.resultErrorMessage(pointer).map {
                PostgresConnection.trimmed(String(cString: $0))
            }
            ?? "unknown error"
        let position = pq.resultErrorField(pointer, Int32(UInt8(ascii: "P"))).flatMap {
            Int(String(cString: $0))
        }
        return .query(message, offset: position.map { $0 - 1 })
    }
}

extension PostgresConnection: SQLTransport {
    /// The statement's result (in text format), read by the remote questions.
    func answer(_ sql: String, shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any StatementAnswer
    {
        try execute(sql, shouldCancel: shouldCancel)
    }

    /// The rows through a server-side cursor (`DECLARE … NO SCROLL CURSOR`, `FETCH FORWARD
    /// batch`), which the connection's read-only transaction holds.
    func stream(
        _ sql: String, batch: Int, shouldCancel: () -> Bool,
        _ body: (any StatementAnswer) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        _ = try execute(
            "DECLARE chartbook_rows NO SCROLL CURSOR FOR \(sql)", shouldCancel: shouldCancel)
        let count = max(batch, 1)
        while true {
            let answer = try execute(
                "FETCH FORWARD \(count) FROM chartbook_rows", shouldCancel: shouldCancel)
            if answer.rows > 0 { try body(answer) }
            if answer.rows < count { break }
        }
        _ = try execute("CLOSE chartbook_rows", shouldCancel: shouldCancel)
    }
}
