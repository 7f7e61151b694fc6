import ChartbookModel
import Testing

@testable import ChartbookData

/// A remote dataset's text columns are coded only when loading every row reads each value as
/// exactly that text; a `where=` on one is a test of codes; the codes read back as the texts.
@Suite struct RemoteTextsTests {
    @Test func onlyPlainValuesAreCoded() {
        for plain in ["north", "o'brien", "back\\slash", "naïve", "host-1", "a b", "x1"] {
            #expect(RemoteTexts.isPlain(plain), "\(plain)")
        }
        // Loading reads these otherwise: missing, numbers, times, blanks trimmed, sanitised.
        let others = ["", "NA", "-", "null", "12", "1e3", "2024-03-01", " a", "a ", "a\tb"]
        for other in others {
            #expect(!RemoteTexts.isPlain(other), "\(other)")
        }
        #expect(RemoteTexts.problem(["b", "a"]) == nil)
        #expect(RemoteTexts.problem([]) != nil)
        #expect(RemoteTexts.problem(["a", "NA"])?.contains("'NA'") == true)
        let many = (0...RemoteTexts.most).map { "h\($0)" }
        #expect(RemoteTexts.problem(many)?.contains("more than") == true)
        #expect(RemoteTexts.problem(Array(many.dropLast())) == nil)
    }

    @Test func aFilterOnATextColumnTestsItsCodes() {
        let table = Self.table()
        var shape = RemoteShape<PostgresColumn.Kind>(table)
        #expect(shape.kinds[1] == .text && shape.values == [2])
        let words = SQLDialect.postgres.words
        shape.rows = RemoteRowSet([RowFilter(column: "who", op: .equal, values: ["o'brien", "zz"])])
        #expect(
            shape.condition(words, value: { "c\($0)" })
                == "(COALESCE(c1 IN ('1.0'::float8), FALSE))")
        shape.rows = RemoteRowSet([RowFilter(column: "who", op: .notEqual, values: ["", "a"])])
        #expect(
            shape.condition(words, value: { "c\($0)" })
                == "(NOT (COALESCE(c1 IN ('0.0'::float8), FALSE) OR c1 IS NULL))")
        // A text none of the values is keeps no row (no code), as loading every row keeps none.
        shape.rows = RemoteRowSet([RowFilter(column: "who", op: .equal, values: ["zz"])])
        #expect(shape.condition(words, value: { "c\($0)" }) == "(FALSE)")
        shape.rows = RemoteRowSet([
            RowFilter(column: "who", op: .greater, values: ["1"], bound: 1)
        ])
        #expect(shape.condition(words, value: { "c\($0)" }) == "FALSE")
    }

    @Test func codesReadBackAsTheTexts() {
        let table = Self.table()
        let columns = table.columns(of: [[0, 1, 5], [1, .nan, 6], [2, 0, 7]])
        #expect(columns[1].values == .text(["o'brien", "", "a"]))
        #expect(columns[2].numbers == [5, 6, 7])
        #expect(RemoteEngines.onceEach(["e\u{301}", "", "é"]) == ["e\u{301}", ""])
        #expect(RemoteEngines.groupName(.nan, isTime: false) == "")
        #expect(RemoteEngines.groupName(2.5, isTime: false) == "2.5")
        #expect(RemoteEngines.groupName(0, isTime: true) == "1970-01-01")
    }

    /// ClickHouse reads a backslash in a string literal as an escape: doubled, a value
    /// ending in one cannot end the literal early.
    @Test func clickHouseLiteralsDoubleBackslashesAndQuotes() {
        #expect(SQLQuoting.clickHouse.literal("a\\") == "'a\\\\'")
        #expect(SQLQuoting.clickHouse.literal("o'b\\'c") == "'o''b\\\\''c'")
        #expect(SQLQuoting.standard.literal("a\\") == "'a\\'")
        #expect(SQLDialect.clickhouse.words.text("x\\") == "'x\\\\'")
    }

    static func table() -> RemoteTable {
        var table = RemoteTable(
            xColumn: "t", columns: ["t", "who", "v"], timeColumns: ["t"], estimatedRows: 3,
            firstRow: [0, 1, 5], lastRow: [2, 0, 7])
        table.texts["who"] = ["a", "o'brien"]
        return table
    }
}
