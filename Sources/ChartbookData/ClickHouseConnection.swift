import CCurl
import ChartbookModel
import Foundation

/// A ClickHouse server reached through its HTTP interface — the one that is the same from
/// version 18 to today's — with libcurl's easy interface (no HTTP written here). Not
/// Foundation's `URLSession`: on Linux it polled its sockets while waiting, using a whole
/// core of system time during a query (4.2 s of 6 s measured here) — a core taken from a
/// server on the same machine, whose queries then ran twice as long.
///
/// A query is the body of a POST; its answer is streamed to `receive` as it arrives, so the
/// memory budget is checked while rows come in. Every query carries a `query_id`: Ctrl-C
/// (`shouldCancel`) stops the transfer and asks the server to `KILL QUERY` it. The password travels in the
/// `Authorization` header, never in a URL, and no message made here contains it.
///
/// `timeout=` bounds the whole request on this side too — connecting, sending, waiting and
/// receiving — not only the server's `max_execution_time`: a server that accepts and never
/// answers, or drips a byte a second, is left after the timeout and a second's grace (in
/// which the server's own message usually comes), its query killed. The transfer is driven
/// by libcurl's multi interface in polls of at most 0.1 s, between which Ctrl-C and the
/// deadline are checked; the `KILL QUERY` is given 0.5 s — so Ctrl-C returns within a
/// second, whatever the server does (issue 49).
final class ClickHouseConnection: Sendable {
    let location: ClickHouseLocation
    /// Seconds a query may take (`max_execution_time`); nil: no limit.
    let timeout: Double?
    /// Settings sent with every query (name, value), after chartbook's own.
    let settings: [(String, String)]

    init(_ location: ClickHouseLocation, timeout: Double?, settings: [(String, String)] = []) {
        self.location = location
        self.timeout = timeout
        self.settings = settings
    }

    /// Runs `sql`, handing the answer's bytes to `receive` as they arrive (it may throw to
    /// stop the transfer). An engine error becomes `.query` with its message and position.
    func run(
        _ sql: String, shouldCancel: () -> Bool,
        receive: (Data) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        let id = "chartbook-" + UUID().uuidString
        // The transfer (which holds `shouldCancel`) ends within this call.
        let seconds = timeout.map { $0 + Self.grace }
        let outcome = withoutActuallyEscaping(receive) { receive in
            withoutActuallyEscaping(shouldCancel) { shouldCancel in
                let transfer = Transfer(receive: receive, shouldCancel: shouldCancel)
                transfer.perform(
                    url: url(id: id), body: Array(sql.utf8), headers: headers, seconds: seconds)
                let result: Result<Void, DatabaseFailure>
                do throws(DatabaseFailure) {
                    try transfer.result()
                    result = .success(())
                } catch { result = .failure(error) }
                return (cancelled: transfer.cancelled, late: transfer.late, result: result)
            }
        }
        if outcome.cancelled || outcome.late { kill(id) }
        if outcome.cancelled { throw .data(.cancelled) }
        if outcome.late, let timeout {
            throw .cannotOpen(
                "the server did not answer within \(NumberText.shortest(timeout)) s "
                    + "(timeout= of load sets it; timeout=off waits)")
        }
        try outcome.result.get()
    }

    /// Seconds past `timeout` this side waits for the server's own timeout message.
    static let grace = 1.0

    /// The URL of query `id`: the database, read-only, the limits and settings.
    func url(id: String) -> String {
        var items = [
            URLQueryItem(name: "query_id", value: id),
            URLQueryItem(name: "database", value: location.database),
            // Read-only: a query that would write is refused by the server (2: its own
            // SETTINGS still apply).
            URLQueryItem(name: "readonly", value: "2"),
        ]
        if let timeout {
            items.append(
                URLQueryItem(name: "max_execution_time", value: String(Int(timeout.rounded(.up)))))
        }
        items += settings.map { URLQueryItem(name: $0.0, value: $0.1) }
        var components = URLComponents()
        components.scheme = location.secure ? "https" : "http"
        components.host = location.host
        components.port = location.port
        components.path = "/"
        components.queryItems = items
        return components.string ?? ""
    }

    /// The credentials (Basic), and no `Expect: 100-continue` wait before a long query.
    var headers: [String] {
        let credentials = Data("\(location.user):\(location.password ?? "")".utf8)
        return ["Authorization: Basic " + credentials.base64EncodedString(), "Expect:"]
    }

    /// Asks the server to stop query `id` (best effort, for at most half a second: the
    /// transfer is gone already, and a server that does not answer is not waited for).
    private func kill(_ id: String) {
        let transfer = Transfer(receive: { _ in }, shouldCancel: { false })
        transfer.perform(
            url: url(id: id + "-kill"),
            body: Array("KILL QUERY WHERE query_id = '\(id)' ASYNC".utf8), headers: headers,
            seconds: 0.5)
    }

    /// One request through a libcurl easy handle, on the calling thread: the body streams
    /// to `receive` (an error's body is kept whole, up to 64 KiB, for its message).
    private final class Transfer {
        let receive: (Data) throws(DatabaseFailure) -> Void
        let shouldCancel: () -> Bool
        var handle: UnsafeMutableRawPointer?
        /// libcurl's functions, once `perform` found them.
        var functions: CurlFunctions?
        var status = 0
        var errorBody = Data()
        var failure: DatabaseFailure?
        var cancelled = false
        /// Whether the request's deadline passed before it ended.
        var late = false

        init(
            receive: @escaping (Data) throws(DatabaseFailure) -> Void,
            shouldCancel: @escaping () -> Bool
        ) {
            self.receive = receive
            self.shouldCancel = shouldCancel
        }

        /// POSTs `body` to `url`; `seconds` bounds the whole request (nil: no bound).
        func perform(url: String, body: [UInt8], headers: [String], seconds: Double? = nil) {
            let c: CurlFunctions
            switch CurlFunctions.loaded {
            case .success(let found): c = found
            case .failure(let missing):
                failure = .cannotOpen(missing.reason)
                return
            }
            functions = c
            guard let curl = c.easyInit() else {
                failure = .cannotOpen("the HTTP client could not start")
                return
            }
            handle = curl
            defer { c.easyCleanup(curl) }
            var list: UnsafeMutablePointer<curl_slist>?
            for header in headers { list = c.slistAppend(list, header) }
            defer { c.slistFreeAll(list) }
            var message = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let me = Unmanaged.passUnretained(self).toOpaque()
            let code = body.withUnsafeBufferPointer { bytes in
                message.withUnsafeMutableBufferPointer { errors in
                    _ = chartbook_curl_text(c.setopt, curl, CURLOPT_URL, url)
                    _ = chartbook_curl_long(c.setopt, curl, CURLOPT_NOSIGNAL, 1)
                    _ = chartbook_curl_long(c.setopt, curl, CURLOPT_CONNECTTIMEOUT, 10)
                    _ = chartbook_curl_headers(c.setopt, curl, list)
                    _ = chartbook_curl_long(c.setopt, curl, CURLOPT_POST, 1)
                    _ = chartbook_curl_pointer(
                        c.setopt, curl, CURLOPT_POSTFIELDS,
                        UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                    _ = chartbook_curl_size(
                        c.setopt, curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
                    _ = chartbook_curl_pointer(
                        c.setopt, curl, CURLOPT_ERRORBUFFER, errors.baseAddress)
                    _ = chartbook_curl_writer(c.setopt, curl, Transfer.written)
                    _ = chartbook_curl_pointer(c.setopt, curl, CURLOPT_WRITEDATA, me)
                    return drive(curl, c, seconds: seconds)
                }
            }
            status = chartbook_curl_status(c.getinfo, curl)
            guard code != CURLE_OK, failure == nil, !cancelled, !late else { return }
            let text = String(
                decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            failure = .cannotOpen(
                text.isEmpty ? c.easyError(code).map { String(cString: $0) } ?? "HTTP error" : text)
        }

        /// Runs the transfer in polls of at most 0.1 s until it ends, Ctrl-C stops it
        /// (`cancelled`) or `seconds` pass (`late`).
        private func drive(_ curl: UnsafeMutableRawPointer, _ c: CurlFunctions, seconds: Double?)
            -> CURLcode
        {
            guard let multi = c.multiInit() else { return CURLE_FAILED_INIT }
            defer { _ = c.multiCleanup(multi) }
            _ = c.multiAdd(multi, curl)
            defer { _ = c.multiRemove(multi, curl) }
            let deadline = seconds.map { ContinuousClock.now + .milliseconds(Int($0 * 1000)) }
            var running: Int32 = 1
            while true {
                guard c.multiPerform(multi, &running) == CURLM_OK else {
                    return CURLE_RECV_ERROR
                }
                if running == 0 { return chartbook_curl_multi_result(c.multiInfoRead, multi) }
                if shouldCancel() {
                    cancelled = true
                    return CURLE_ABORTED_BY_CALLBACK
                }
                if let deadline, ContinuousClock.now >= deadline {
                    late = true
                    return CURLE_OPERATION_TIMEDOUT
                }
                _ = c.multiPoll(multi, nil, 0, 100, nil)
            }
        }

        /// libcurl's write callback: a piece of the body (0 stops the transfer).
        static let written: chartbook_curl_write = { data, size, count, me in
            guard let data, let me else { return 0 }
            let transfer = Unmanaged<Transfer>.fromOpaque(me).takeUnretainedValue()
            let piece = Data(bytes: data, count: size * count)
            if transfer.status == 0, let handle = transfer.handle, let c = transfer.functions {
                transfer.status = chartbook_curl_status(c.getinfo, handle)
            }
            guard transfer.status == 200 else {
                if transfer.errorBody.count < 65_536 { transfer.errorBody.append(piece) }
                return size * count
            }
            do throws(DatabaseFailure) { try transfer.receive(piece) } catch {
                transfer.failure = error
                return 0
            }
            return size * count
        }

        /// How the request ended: normally, or with the failure that stopped it.
        func result() throws(DatabaseFailure) {
            if status != 200, status != 0 {
                let failure = ClickHouseConnection.failure(
                    String(decoding: errorBody, as: UTF8.self))
                // A wrong user or password is about the server, not the query.
                if status == 401 || status == 403, case .query(let message, _) = failure {
                    throw .cannotOpen(message)
                }
                throw failure
            }
            if let failure { throw failure }
        }
    }

    /// The server's error text as a failure: its message (`DB::Exception: …`) and, for a
    /// syntax error, the position it names (0-based).
    static func failure(_ text: String) -> DatabaseFailure {
        var message = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let range = message.range(of: "DB::Exception: ") {
            message = String(message[range.upperBound...])
        }
        if let end = message.range(of: ", e.what() = ") {
            message = String(message[..<end.lowerBound])
        }
        if let end = message.range(of: " (version ") {
            message = String(message[..<end.lowerBound])
        }
        var offset: Int?
        if let at = message.range(of: "failed at position ") {
            let digits = message[at.upperBound...].prefix { $0.isNumber }
            offset = Int(digits).map { $0 - 1 }
            // The server quotes the statement from there on (chartbook's wrapping too): the
            // caret shows where; what it expected is kept.
            if let quote = message.range(of: "): ", range: at.upperBound..<message.endIndex) {
                let expected = message.range(
                    of: ". Expected ", range: quote.upperBound..<message.endIndex)
                message =
                    String(message[...quote.lowerBound])
                    + (expected.map { String(message[$0.lowerBound...]) } ?? "")
            }
        }
        return .query(TextMetrics.sanitized(message), offset: offset)
    }
}
