import ChartbookData
import ChartbookModel
import Foundation
import Testing

/// What a preview's load reads of the exact load beside it (`RemoteExtents`): the extent
/// once learnt; while a load is learning it, the wait for it (until it is learnt, the load
/// ends without it, the time is up or the wait is cancelled); nothing for a query no load is
/// learning.
struct RemoteExtentsTests {
    let query = DatabaseQuery(
        engine: .clickhouse, location: "clickhouse://127.0.0.1/default", sql: "SELECT t, v FROM m")

    @Test func aPreviewWaitsForTheExtentWhileALoadLearnsIt() {
        let extents = RemoteExtents()
        #expect(extents.extent(of: query, waitingUpTo: 5, shouldCancel: { false }) == nil)
        extents.loading(query)
        let start = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { [query] in
            extents.learnt(10...20, of: query)
        }
        #expect(extents.extent(of: query, waitingUpTo: 5, shouldCancel: { false }) == 10...20)
        #expect(Date().timeIntervalSince(start) < 4)
        // Another query (another x column) is not this one.
        var other = query
        other.options.xColumn = "u"
        #expect(extents.extent(of: other, shouldCancel: { false }) == nil)
        // Loaded again: pending until learnt, so the old extent is not read.
        extents.loading(query)
        #expect(extents.extent(of: query, waitingUpTo: 0.05, shouldCancel: { false }) == nil)
        extents.settled(query)
        #expect(extents.extent(of: query, waitingUpTo: 5, shouldCancel: { false }) == nil)
    }

    @Test func aWaitEndsWhenTheLoadEndsWithoutItOrIsCancelled() {
        let extents = RemoteExtents()
        extents.loading(query)
        let start = Date()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { [query] in
            extents.settled(query)
        }
        #expect(extents.extent(of: query, waitingUpTo: 5, shouldCancel: { false }) == nil)
        extents.loading(query)
        #expect(extents.extent(of: query, waitingUpTo: 5, shouldCancel: { true }) == nil)
        #expect(Date().timeIntervalSince(start) < 4)
        // Settling a learnt extent keeps it.
        extents.learnt(1...2, of: query)
        extents.settled(query)
        #expect(extents.extent(of: query, shouldCancel: { false }) == 1...2)
    }
}
