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
        other = Self.table()
        other.sharesX = true
        #expect(other != Self.table())
        // `==` lists the fields it compares: one added to the type must be added there.
        #expect(Mirror(reflecting: Self.table()).children.count == RemoteTable.comparedFields)
    }

    /// The same row answered for two sets is kept once even where other rows share its x
    /// (a long-format table's groups): rows sharing an x are ordered by their other values.
    @Test func aRowAnsweredTwiceIsKeptOnceAmongRowsSharingItsX() {
        var t = RemoteTable(
            xColumn: "x", columns: ["g", "x", "v"], timeColumns: [], estimatedRows: 6,
            firstRow: [1, 0, 5], lastRow: [3, 9, 7])
        t.extremes = [[2, 5, .nan], [1, 5, 2]]
        let drawn: [[Double]] = [[1, 5, 2], [3, 5, 8], [2, 5, .nan], [1, 5, 2], [3, 5, 8]]
        let rows = t.rows(with: drawn)
        #expect(rows.count == 5)
        #expect(rows.map { $0[1] } == [0, 5, 5, 5, 9])
        #expect(rows[1] == [1, 5, 2] && rows[3] == [3, 5, 8] && rows[2][0] == 2)
    }

    /// A set's most rows per x is its own once counted, all the data's before.
    @Test func aSetsRowsPerXAreItsOwnOnceCounted() {
        var t = Self.table()
        t.mostRowsPerX = 3
        let set = RemoteRowSet([RowFilter(column: "v", op: .greater, values: ["0"], bound: 0)])
        let other = RemoteRowSet([RowFilter(column: "v", op: .less, values: ["0"], bound: 0)])
        #expect(t.mostRowsPerX(in: .every) == 3)
        #expect(t.mostRowsPerX(in: set) == 1)
        #expect(t.mostRowsPerX(in: other) == 3)
        var kept = RemoteTable.Kept(count: 1, rows: [[3, .nan]], nonPositive: [:])
        kept.mostRowsPerX = 2
        #expect(kept != t.filtered[set])
    }
}
