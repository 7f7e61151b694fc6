import Testing

@testable import ChartbookModel

/// A remote dataset's table compares its rows bit for bit: learnt again the same after a
/// `reload` (missing values and all), it is no change.
@Suite struct RemoteTableTests {
    static func table() -> RemoteTable {
        var t = RemoteTable(
            xColumn: "x", columns: ["x", "v"], timeColumns: [], estimatedRows: 3,
            firstRow: [1, .nan], lastRow: [3, 2])
        t.extremes = [[2, .nan], [3, 2]]
        t.filtered[RemoteRowSet([RowFilter(column: "v", op: .greater, values: ["0"], bound: 0)])] =
            RemoteTable.Kept(count: 1, rows: [[3, .nan]], nonPositive: [:])
        return t
    }

    @Test func missingValuesEqualThemselvesAndEveryFieldCounts() {
        // Two tables made apart (no shared buffers) are equal, NaN and all.
        #expect(Self.table() == Self.table())
        var other = Self.table()
        other.lastRow = [3, 2.5]
        #expect(other != Self.table())
        other = Self.table()
        other.groups[RemoteRowSet.Grouping(column: "v", rows: .every)] = ["1"]
        #expect(other != Self.table())
        // `==` lists the fields it compares: one added to the type must be added there.
        #expect(Mirror(reflecting: Self.table()).children.count == RemoteTable.comparedFields)
    }
}
