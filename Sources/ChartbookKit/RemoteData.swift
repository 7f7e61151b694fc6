import ChartbookData
import ChartbookModel
import ChartbookScene
import Synchronization

/// Fetches what remote datasets (`mode=remote`) must hold for one drawing, and remembers it.
///
/// A drawing is laid out, the layout's x interval and dot mapping become the question to the
/// engine (`RemoteRequest`), the answer replaces the dataset's rows, and the chart is laid out
/// again; when the plot area changed width (the y labels did), the engine is asked once more.
/// Answers are kept by question, so a redraw of the same view (a `select`, a colour) asks
/// nothing. Only the executable and the script runner draw, and each owns one of these: not
/// global state, a cache beside the session.
public final class RemoteData: Sendable {
    private struct Key: Hashable {
        var location: String
        var sql: String
        var request: RemoteRequest
    }

    private struct Kept {
        var answers: [Key: RemoteRows] = [:]
        /// Oldest first, to forget beyond `capacity`.
        var order: [Key] = []
        /// Rows the questions of the last drawing received (0: answered from what is kept).
        var lastReceived = 0
        /// Questions Ctrl-C stopped since `forgetInterruptions()`: not asked again (the
        /// REPL draws what a command drew once more, sized to its window).
        var interrupted: Set<Key> = []
    }

    private let kept = Mutex(Kept())
    /// Answers kept (each holds at most a few rows per dot column).
    private let capacity = 64

    /// Rows that crossed the wire for the last drawing of a remote dataset, all its questions
    /// together (0 when what is kept answered it). `chartbook --remote-rows` prints it.
    public var lastReceived: Int { kept.withLock { $0.lastReceived } }

    /// Told, about every 100 ms while an engine answers, the dataset asked for and NaN (the
    /// share done is unknown), then 1 once it has: the executable shows a waiting line.
    private let progress: @Sendable (String, Double) -> Void
    /// What answers the drawings' questions (`EngineQuestion.drawing`, `.readout`): the
    /// executor's answerer (`Executor.engines`) where a test gives one, else an
    /// `EngineRunner` asking each engine in its own dialect.
    private let engines: any EngineAnswering

    public init(
        progress: @escaping @Sendable (String, Double) -> Void = { _, _ in },
        engines: any EngineAnswering = EngineRunner()
    ) {
        self.progress = progress
        self.engines = engines
    }

    /// `session` with every remote dataset that a plot draws holding the rows `layout`'s
    /// drawing of it needs. Failures (a server gone, Ctrl-C) leave a dataset as it was and
    /// are returned as warnings, one line each (`warning: remote data: NAME: …`).
    public func materialize(
        _ session: Session, layout: (Session) -> Scene, shouldCancel: @escaping () -> Bool
    ) -> (session: Session, problems: [String]) {
        // Plots the engine computed a table for (`agg=`) draw it: only the others ask for rows.
        let drawn = Set(session.plots.filter { $0.drawn == nil }.map(\.series.dataset))
        guard session.datasets.contains(where: { $0.remote != nil && drawn.contains($0.name) })
        else { return (session, []) }
        var s = session
        var problems = [String]()
        var received = 0
        defer { kept.withLock { $0.lastReceived = received } }
        for _ in 0..<4 {
            guard let scene = Self.request(for: layout(s), of: s) else { break }
            var changed = false
            for i in s.datasets.indices {
                let name = s.datasets[i].name
                var request = scene
                request.rowSets = Self.rowSets(of: name, in: s)
                request.columns = Self.drawnColumns(of: name, in: s)
                guard let remote = s.datasets[i].remote, drawn.contains(name),
                    remote.materialized != request,
                    case .query(let query) = s.datasets[i].source
                else { continue }
                do {
                    // nil: stopped by Ctrl-C already, and said so then.
                    guard
                        let (rows, fetched) = try answer(
                            query, remote, request, for: name, shouldCancel: shouldCancel)
                    else { continue }
                    received += fetched
                    s.datasets[i].columns = rows.columns
                    s.datasets[i].remote?.materialized = request
                    changed = true
                } catch {
                    problems.append("warning: remote data: \(name): \(Self.describe(error))")
                }
            }
            if !changed { break }
        }
        return (s, problems)
    }

    /// The question `scene`, a layout of `session`, asks of remote datasets: its x interval
    /// and dot mapping, the selected x, each plot's dot rows. Nil when it has no x axis.
    private static func request(for scene: Scene, of session: Session) -> RemoteRequest? {
        guard let domain = scene.xDomain, let affine = scene.xAffine else { return nil }
        var request = RemoteRequest(interval: domain, offset: affine.offset, scale: affine.scale)
        if case .x(let x) = session.selection { request.selected = x }
        request.logY = session.axes.yScale == .log
        request.logX = session.xScaleKind == .log
        var fixed = false
        if case .fixed = session.axes.range { fixed = true }
        for plot in session.plots {
            guard let mapping = scene.yMappings[plot.id], let y = mapping.affine else { continue }
            // On a fixed range, its bounds: the clip marks need the rows beyond them.
            let bounds = fixed ? [mapping.range.lowerBound, mapping.range.upperBound] : []
            request.yDots[plot.series.column] = [y.upper, y.scale, y.limit] + bounds
        }
        return request
    }

    /// The sets of rows the plots of dataset `name` draw (`RemoteTable.rowSets(for:)`), each
    /// once, in the order of the plots.
    static func rowSets(of name: String, in session: Session) -> [RemoteRowSet] {
        guard let table = session.dataset(named: name)?.remote else { return [] }
        var sets = [RemoteRowSet]()
        for plot in plotsOfRows(of: name, in: session) {
            for set in table.rowSets(for: plot.binding) where !sets.contains(set) {
                sets.append(set)
            }
        }
        return sets
    }

    /// The columns the plots of dataset `name` draw from its rows (`RemoteRequest.columns`).
    static func drawnColumns(of name: String, in session: Session) -> Set<String> {
        Set(plotsOfRows(of: name, in: session).map(\.series.column))
    }

    /// The plots of dataset `name` drawn from its rows (not from a table the engine
    /// computed, `agg=`): what a drawing's question asks for.
    private static func plotsOfRows(of name: String, in session: Session) -> [Plot] {
        session.plots.filter { $0.series.dataset == name && $0.drawn == nil }
    }

    /// The answer to `request` for dataset `name` and the rows it cost (0: kept), asking
    /// the engine when nothing is kept — with the waiting line — and nil when Ctrl-C stopped
    /// this very question since `forgetInterruptions()`. The drawing's rows are asked and
    /// kept without the selection, the readout's rows on their own: a `select` asks the
    /// engine only for the rows nearest the x it selects.
    private func answer(
        _ query: DatabaseQuery, _ remote: RemoteTable, _ request: RemoteRequest,
        for name: String, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> (rows: RemoteRows, received: Int)? {
        var drawing = request
        drawing.selected = nil
        let key = { (request: RemoteRequest) in
            Key(location: query.location, sql: query.sql, request: request)
        }
        guard
            let base = try keptOrAsked(
                key(drawing), for: name, shouldCancel: shouldCancel,
                ask: { (cancel) throws(DatabaseFailure) in
                    try engines.answer(.drawing(query, remote, drawing), shouldCancel: cancel)
                        .drawing()
                })
        else { return nil }
        guard request.selected != nil else { return base }
        guard
            let selected = try keptOrAsked(
                key(request), for: name, shouldCancel: shouldCancel,
                ask: { (cancel) throws(DatabaseFailure) in
                    let readout = try engines.answer(
                        .readout(query, remote, request), shouldCancel: cancel
                    ).readout()
                    var rows = RemoteRows(base.rows.rows + readout, of: remote)
                    rows.received = readout.count
                    return rows
                })
        else { return nil }
        return (selected.rows, base.received + selected.received)
    }

    /// The answer kept for `key` and 0, else `ask`'s (told to stop by `shouldCancel`, with
    /// the waiting line) and the rows it received, kept; nil when Ctrl-C stopped this very
    /// question since `forgetInterruptions()`.
    private func keptOrAsked(
        _ key: Key, for name: String, shouldCancel: @escaping () -> Bool,
        ask: (@escaping () -> Bool) throws(DatabaseFailure) -> RemoteRows
    ) throws(DatabaseFailure) -> (rows: RemoteRows, received: Int)? {
        let (known, stopped) = kept.withLock { ($0.answers[key], $0.interrupted.contains(key)) }
        if let known { return (known, 0) }
        if stopped { return nil }
        defer { progress(name, 1) }
        let rows: RemoteRows
        do {
            rows = try ask({ [progress] in
                progress(name, .nan)
                return shouldCancel()
            })
        } catch {
            if case .data(.cancelled) = error { kept.withLock { _ = $0.interrupted.insert(key) } }
            throw error
        }
        kept.withLock {
            $0.answers[key] = rows
            $0.order.append(key)
            if $0.order.count > capacity { $0.answers[$0.order.removeFirst()] = nil }
        }
        return (rows, rows.received)
    }

    /// Forgets every answer kept for `query` (it was run again: they may be stale).
    public func forget(_ query: DatabaseQuery) {
        kept.withLock { kept in
            let stale = { (key: Key) in key.location == query.location && key.sql == query.sql }
            kept.order.removeAll(where: stale)
            kept.answers = kept.answers.filter { !stale($0.key) }
            kept.interrupted = kept.interrupted.filter { !stale($0) }
        }
    }

    /// A new command line begins: a question Ctrl-C stopped may be asked again.
    public func forgetInterruptions() {
        kept.withLock { $0.interrupted = [] }
    }

    static func describe(_ failure: DatabaseFailure) -> String {
        switch failure {
        case .cannotOpen(let reason): "cannot reach the database: \(reason)"
        case .query(let message, _), .notRemote(let message):
            "the engine could not answer: \(message)"
        case .data(.cancelled): "interrupted; the chart shows the rows fetched before"
        case .data(let error): "\(error)"
        // (Drawings ask their engine directly: never unanswered.)
        case .unanswered: "the engine was not asked"
        }
    }
}

extension RemoteData {
    /// `materialize` for the terminal chart of `session` on `target`.
    public func forTerminal(
        _ session: Session, on target: TerminalTarget, shouldCancel: @escaping () -> Bool
    ) -> (session: Session, problems: [String]) {
        materialize(
            session, layout: { ChartRenderer.scene(for: $0, on: target) },
            shouldCancel: shouldCancel)
    }

    /// `materialize` for an SVG of `session` (`size` in pixels, nil: the chart's cells).
    public func forSVG(
        _ session: Session, on target: TerminalTarget, size: PixelSize? = nil,
        shouldCancel: @escaping () -> Bool
    ) -> (session: Session, problems: [String]) {
        materialize(
            session,
            layout: { SVGExporter.layout(for: $0, on: target, size: size).0.scene(for: $0) },
            shouldCancel: shouldCancel)
    }
}
