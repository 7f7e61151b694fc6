import ChartbookModel
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ClickHouse server reached through its HTTP interface — the one that is the same from
/// version 18 to today's — with Foundation's `URLSession` (no HTTP written here).
///
/// A query is the body of a POST; its answer is streamed to `receive` as it arrives, so the
/// memory budget is checked while rows come in. Every query carries a `query_id`: Ctrl-C
/// (`shouldCancel`, polled every 100 ms) stops the transfer and asks the server to
/// `KILL QUERY` it. The password travels in the `Authorization` header, never in a URL, and
/// no message made here contains it.
final class ClickHouseConnection: Sendable {
    let location: ClickHouseLocation
    /// Seconds a query may take (`max_execution_time`); nil: no limit.
    let timeout: Double?

    init(_ location: ClickHouseLocation, timeout: Double?) {
        self.location = location
        self.timeout = timeout
    }

    /// Runs `sql`, handing the answer's bytes to `receive` as they arrive (it may throw to
    /// stop the transfer). An engine error becomes `.query` with its message and position.
    func run(
        _ sql: String, shouldCancel: () -> Bool,
        receive: @escaping @Sendable (Data) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        let id = "chartbook-" + UUID().uuidString
        let transfer = Transfer(receive: receive)
        let session = URLSession(
            configuration: .ephemeral, delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request(sql, id: id))
        task.resume()
        while transfer.done.wait(timeout: .now() + 0.1) == .timedOut {
            if shouldCancel() {
                task.cancel()
                kill(id)
                throw .data(.cancelled)
            }
        }
        try transfer.outcome()
    }

    /// The POST of `sql` as query `id`, with the database, limits and credentials.
    func request(_ sql: String, id: String) -> URLRequest {
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
        var components = URLComponents()
        components.scheme = location.secure ? "https" : "http"
        components.host = location.host
        components.port = location.port
        components.path = "/"
        components.queryItems = items
        var request = URLRequest(url: components.url ?? URL(fileURLWithPath: "/"))
        request.httpMethod = "POST"
        request.httpBody = Data(sql.utf8)
        let credentials = Data("\(location.user):\(location.password ?? "")".utf8)
        request.setValue(
            "Basic " + credentials.base64EncodedString(), forHTTPHeaderField: "Authorization")
        request.timeoutInterval = 3600
        return request
    }

    /// Asks the server to stop query `id` (best effort: the transfer is gone already).
    private func kill(_ id: String) {
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(
            with: request("KILL QUERY WHERE query_id = '\(id)' ASYNC", id: id + "-kill")
        ) { _, _, _ in done.signal() }
        task.resume()
        _ = done.wait(timeout: .now() + 2)
    }

    /// The delegate of one query: streams the body to `receive`, keeps an error's body whole.
    private final class Transfer: NSObject, URLSessionDataDelegate, Sendable {
        let receive: @Sendable (Data) throws(DatabaseFailure) -> Void
        let done = DispatchSemaphore(value: 0)
        private struct State {
            var status = 0
            var errorBody = Data()
            var failure: DatabaseFailure?
        }
        private let state = Mutex(State())

        init(receive: @escaping @Sendable (Data) throws(DatabaseFailure) -> Void) {
            self.receive = receive
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            state.withLock { $0.status = status }
            completionHandler(.allow)
        }

        /// The credentials went with the request: a challenge (401, wrong password) is not
        /// answered again, and its body — the server's message — arrives as an error.
        func urlSession(
            _ session: URLSession, task: URLSessionTask,
            didReceive challenge: URLAuthenticationChallenge,
            completionHandler:
                @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
        ) {
            completionHandler(.rejectProtectionSpace, nil)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data)
        {
            // An error's body is kept (up to 64 KiB) for its message; rows go to `receive`
            // until one of them fails.
            let forward = state.withLock { state -> Bool in
                guard state.status == 200 else {
                    if state.errorBody.count < 65_536 { state.errorBody.append(data) }
                    return false
                }
                return state.failure == nil
            }
            guard forward else { return }
            do throws(DatabaseFailure) { try receive(data) } catch {
                state.withLock { $0.failure = error }
                dataTask.cancel()
            }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?
        ) {
            if let error {
                state.withLock {
                    if $0.failure == nil { $0.failure = .cannotOpen(error.localizedDescription) }
                }
            }
            done.signal()
        }

        /// How the query ended: normally, or with the failure that stopped it.
        func outcome() throws(DatabaseFailure) {
            let (status, body, failure) = state.withLock { ($0.status, $0.errorBody, $0.failure) }
            if status != 200, status != 0 {
                let failure = ClickHouseConnection.failure(String(decoding: body, as: UTF8.self))
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
