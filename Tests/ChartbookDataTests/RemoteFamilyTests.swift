import ChartbookModel
import Testing

@testable import ChartbookData

/// A `by=`'s groups of a coded text column, or of a number column's whole values, are one
/// family (one grouped question), each member its code; what a grouped question cannot
/// answer exactly stays a set alone.
@Suite struct RemoteFamilyTests {
    static let shape = RemoteShape<ClickHouseColumn.Kind>(table())

    static func table() -> RemoteTable {
        var table = RemoteTable(
            xColumn: "t", columns: ["t", "host", "k", "v"], timeColumns: ["t"],
            estimatedRows: 3, firstRow: [0, 0, 1, 5], lastRow: [2, 1, 2, 7])
        table.texts["host"] = ["a", "b", "c", "é", "e\u{301}"]
        return table
    }

    static func equal(_ column: String, _ value: String) -> RowFilter {
        RowFilter(column: column, op: .equal, values: [value])
    }

    @Test func aGroupingsSetsAreOneFamilyEachWithItsCode() {
        let base = RemoteRowSet([RowFilter(column: "v", op: .greater, values: ["5"], bound: 5)])
        let sets = ["c", "a", "b"].map { base.group("host", $0) }
        // (A set asked twice — two plots of one by= — is one member.)
        let (families, alone) = RemoteFamily.split(sets + [.every, sets[0]], of: Self.shape)
        #expect(alone == [.every])
        #expect(families.count == 1)
        let family = families[0]
        #expect(family.base == base && family.column == 1)
        #expect(family.members.map(\.set) == sets && family.members.map(\.code) == [2, 0, 1])
        // Its rows: the base's, holding one of the members' values.
        #expect(
            family.rows
                == RemoteRowSet(
                    base.filters + [
                        RowFilter(column: "host", op: .equal, values: ["c", "a", "b"])
                    ]))
    }

    @Test func whatOneCodeCannotSayStaysAlone() {
        // A missing value, a text two codes read as (é), a value no code holds, a number
        // that is no whole number, ±∞, a text that is not a number's shortest, a comparison,
        // and a family of one.
        let sets = [
            RemoteRowSet.every.group("host", ""), RemoteRowSet.every.group("host", "é"),
            RemoteRowSet.every.group("host", "zz"), RemoteRowSet.every.group("k", "2.5"),
            RemoteRowSet.every.group("k", "inf"), RemoteRowSet.every.group("k", "1.0"),
            RemoteRowSet.every.group("k", "9007199254740994"),
            RemoteRowSet([RowFilter(column: "host", op: .notEqual, values: ["a"])]),
            RemoteRowSet([Self.equal("v", "5"), Self.equal("host", "a")]),
        ]
        let (families, alone) = RemoteFamily.split(sets, of: Self.shape)
        #expect(families.isEmpty)
        #expect(Set(alone) == Set(sets))
    }

    /// A number column's whole values are a family too, each member's code its value (−0
    /// and 0 one code, as `=` compares them); a column read through its text is not.
    @Test func aNumberColumnsWholeValuesAreAFamily() {
        let sets = ["3", "0", "-7"].map { RemoteRowSet.every.group("k", $0) }
        let (families, alone) = RemoteFamily.split(sets, of: Self.shape)
        #expect(alone.isEmpty)
        #expect(families.count == 1)
        #expect(families.first?.isNumber == true && families.first?.column == 2)
        #expect(families.first?.members.map(\.code) == [3, 0, -7])
        #expect(families.first?.members[1].code.sign == .plus)
        #expect(families.first?.grouping("c2") == "(c2 + 0)")
        var read = Self.shape
        read.textRead = [2]
        #expect(RemoteFamily.split(sets, of: read).families.isEmpty)
    }

    @Test func aFamilyHoldsAtMostItsLimit() {
        var table = Self.table()
        table.texts["host"] = (0..<(RemoteFamily.most + 3)).map { "h\($0)" }
        let sets = (0..<(RemoteFamily.most + 3)).map { RemoteRowSet.every.group("host", "h\($0)") }
        let (families, alone) = RemoteFamily.split(
            sets, of: RemoteShape<ClickHouseColumn.Kind>(table))
        #expect(families.map(\.members.count) == [RemoteFamily.most, 3])
        #expect(alone.isEmpty)
    }
}
