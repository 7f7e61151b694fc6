import ChartbookModel
import Foundation
import Synchronization

/// The x extents the exact loads of remote queries have learnt, by query, as soon as they
/// learn them (`RemoteEngine.open`'s `learnt`): shared by the REPL's exact run and the
/// preview it draws while that run waits, so that the preview's sample need not scan x for
/// its ends again — a scan the exact run waits for (ClickHouse, 10⁸ rows: 0.4 s; over two
/// shards it outlasts a preview's one second, and there was no preview). One per REPL,
/// handed to both runs; never global. A load marks its query pending as it starts (what it
/// had before is forgotten), so that a preview waits for the extent rather than scan for it,
/// and settles it when it ends.
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

    /// A query's extent: being learnt by a load, or learnt.
    private enum State {
        case pending
        case known(ClosedRange<Double>)
    }

    private let states = Mutex([Key: State]())

    public init() {}

    /// A load of `query` starts: its extent is being learnt.
    public func loading(_ query: DatabaseQuery) {
        states.withLock { $0[Key(query)] = .pending }
    }

    /// `extent` (x values, seconds for times) is that of `query`'s rows.
    public func learnt(_ extent: ClosedRange<Double>, of query: DatabaseQuery) {
        states.withLock { $0[Key(query)] = .known(extent) }
    }

    /// A load of `query` has ended: pending no more (unknown, if it learnt nothing).
    public func settled(_ query: DatabaseQuery) {
        states.withLock {
            if case .pending? = $0[Key(query)] { $0[Key(query)] = nil }
        }
    }

    /// The extent learnt of `query`'s rows — waited for, up to `seconds`, while a load of
    /// it is learning it (until `shouldCancel`) — nil when none is.
    public func extent(
        of query: DatabaseQuery, waitingUpTo seconds: Double = 0, shouldCancel: () -> Bool
    ) -> ClosedRange<Double>? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            switch states.withLock({ $0[Key(query)] }) {
            case .known(let extent)?: return extent
            case nil: return nil
            case .pending?:
                guard Date() < deadline, !shouldCancel() else { return nil }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }
}
