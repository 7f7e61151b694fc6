import ChartbookModel
import Synchronization

/// The x extents the exact loads of remote queries have learnt, by query, as soon as they
/// learn them (`RemoteEngine.open`'s `learnt`): shared by the REPL's exact run and the
/// preview it draws while that run waits, so that the preview's sample need not scan x for
/// its ends again — a scan the exact run waits for (ClickHouse, 10⁸ rows: 0.4 s). One per
/// REPL, handed to both runs; never global. A load forgets what its query had before it
/// starts, so a preview reads only the extent of the data being loaded.
public final class RemoteExtents: Sendable {
    /// What identifies a query's rows: its engine, location, text and x column.
    private struct Key: Hashable {
        var engine: String, location: String, sql: String, xColumn: String?

        init(_ query: DatabaseQuery) {
            engine = query.engine.rawValue
            location = query.location
            sql = query.sql
            xColumn = query.options.xColumn
        }
    }

    private let known = Mutex([Key: ClosedRange<Double>]())

    public init() {}

    /// `extent` (x values, seconds for times) is that of `query`'s rows; nil: unknown.
    public func learnt(_ extent: ClosedRange<Double>?, of query: DatabaseQuery) {
        known.withLock { $0[Key(query)] = extent }
    }

    /// The extent learnt of `query`'s rows, nil when none is (yet).
    public func extent(of query: DatabaseQuery) -> ClosedRange<Double>? {
        known.withLock { $0[Key(query)] }
    }
}
