import ChartbookModel
import Testing

@testable import ChartbookData

/// Text columns coded where few texts repeat (issue 53: a long-format file's `host`): the
/// cells read the same however they are kept, and the reader codes them by their bytes.
@Suite struct TextCellsTests {
    /// A long-format file: 5 hosts over many rows, quoted and not, with missing cells.
    func longFormat(rows: Int, quoted: Bool = true) -> String {
        var lines = ["t,host,value"]
        for i in 0..<rows {
            let host =
                quoted && i % 7 == 3 ? "\"web-\(i % 5)\"" : i % 11 == 0 ? "" : "web-\(i % 5)"
            lines.append("\(i),\(host),\(Double(i) / 4)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func repeatedTextsAreCodedAndReadTheSame() throws {
        let text = longFormat(rows: 500)
        let table = try DelimitedReader(options: LoadOptions()).read(Array(text.utf8))
        guard case .text(let cells) = table.columns[1].values else {
            Issue.record("host is not text")
            return
        }
        // The quoted and the bare spelling of a host are one text, one name.
        let coded = try #require(cells.coded)
        #expect(coded.names == ["", "web-1", "web-2", "web-3", "web-4", "web-0"])
        // Cell by cell, as a reading into strings gives them.
        let expected = (0..<500).map { i in i % 7 != 3 && i % 11 == 0 ? "" : "web-\(i % 5)" }
        #expect(Array(cells) == expected)
        #expect(cells == TextCells(expected) && TextCells(expected).coded != nil)
        #expect(table.columns[1].distinctTextCount == 6)
        // Each row's key is its code: the cell keys need no hashing.
        let keys = table.columns[1].cellKeys
        #expect(keys.rows == coded.codes && keys.firsts == [0, 1, 2, 3, 4, 5])
    }

    @Test func mostlyDistinctTextsStayStrings() throws {
        let ids = (0..<70_000).map { "id-\($0)" }
        let text = "id,v\n" + ids.map { "\($0),1" }.joined(separator: "\n")
        let table = try DelimitedReader(options: LoadOptions()).read(Array(text.utf8))
        guard case .text(let cells) = table.columns[0].values else {
            Issue.record("id is not text")
            return
        }
        #expect(cells.coded == nil && Array(cells) == ids)
        #expect(TextCells(ids).coded == nil)
    }

    @Test func keptAppendedAndTransformedCellsStayCodedAndEqual() {
        let a = TextCells(["b", "a", "b", "b", "c", "a"])
        let b = TextCells(["c", "c", "d", "c"])
        #expect(a.coded?.names == ["b", "a", "c"] && a.coded?.codes == [0, 1, 0, 0, 2, 1])
        let kept = a.keeping(rows: [4, 1, 0, 1])
        #expect(Array(kept) == ["c", "a", "b", "a"] && kept.coded?.names == ["c", "a", "b"])
        #expect(Array(a.keeping(rows: [0, 9])) == ["b", ""])
        let joined = a + b
        #expect(
            Array(joined) == Array(a) + Array(b) && joined.coded?.names == ["b", "a", "c", "d"])
        let upper = a.mapTexts { $0 == "a" ? "b" : $0.uppercased() }
        #expect(
            Array(upper) == ["B", "b", "B", "B", "C", "b"] && upper.coded?.names == ["B", "b", "C"])
        // Coded and plain cells of the same texts are equal; others are not.
        let plain = TextCells(["x", "y"])
        #expect(
            plain.coded == nil && plain == TextCells(["x", "y"]) && plain != TextCells(["x", "z"]))
        #expect(TextCells(uncoded: Array(a)) == a && a == TextCells(uncoded: Array(a)))
        #expect(TextCells(uncoded: ["b", "a"]) != a)
        #expect(
            TextCells.canonical(names: ["q", "p", "q"], codes: [1, 2, 0, 1])
                == TextCells(["p", "q", "q", "p"]))
        // Appended in place, coded or not, the same cells.
        var grown = a
        grown.append("c")
        grown.append("z")
        #expect(
            Array(grown) == Array(a) + ["c", "z"] && grown.coded?.names == ["b", "a", "c", "z"])
        var plainGrown = TextCells(uncoded: ["x"])
        plainGrown.append("")
        #expect(Array(plainGrown) == ["x", ""] && plainGrown.coded == nil)
    }

    @Test func decimalMarksAreReadOncePerDistinctText() {
        let cells = TextCells(["1.234,5", "2,0", "", "1.234,5", "abc", "2,0"])
        let read = GroupedNumber.column(cells, .comma, telling: true)
        #expect(read?.numbers.map { $0.isNaN ? -1 : $0 } == [1234.5, 2, -1, 1234.5, -1, 2])
        #expect(read?.unreadable == 1)
        let plain = GroupedNumber.column(TextCells(uncoded: Array(cells)), .comma, telling: true)
        #expect(plain?.unreadable == read?.unreadable)
        // Mostly words: text.
        #expect(
            GroupedNumber.column(TextCells(["a", "b", "a", "1,5"]), .comma, telling: true) == nil)
    }

    /// A column a sample judged text keeps no numbers in the numeric pass (`textual`), and
    /// reads the same: as text where it is, cell by cell where it was not text after all.
    @Test func fieldsJudgedTextReadTheSameWithoutTheirNumbers() throws {
        // A number, a text with blanks, a number, times (with and without a zone, missing
        // and unreadable cells), and numbers whose points group thousands (`;` file).
        var lines = ["t;host;value;when;sum"]
        for i in 0..<3000 {
            let host = i % 11 == 0 ? "" : "web-\(i % 5)"
            let when =
                i % 13 == 0
                ? "n/a"
                : i % 17 == 0
                    ? "soon"
                    : "2024-03-\(10 + i % 9)T0\(i % 10):00:00\(i % 2 == 0 ? "Z" : "")"
            let sum = i % 3 == 0 ? "1.234.\(100 + i % 900)" : "\(i)"
            lines.append("\(i);\(host);\(Double(i) / 4);\(when);\(sum)")
        }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let reader = DelimitedReader(options: LoadOptions())
        try bytes.withUnsafeBufferPointer { buffer in
            let structure = try #require(try reader.structure(buffer, parallel: false))
            #expect(structure.kinds.prefix(4) == [.number, .text, .number, .time])
            let all = [0, 1, 2, 3, 4]
            let plain = try reader.readColumns(
                all, names: structure.names, layout: structure.layout, in: buffer)
            #expect(plain.map(\.kind) == [.number, .text, .number, .time, .number])
            for textual: Set<Int> in [[1], [0, 1], [0, 2], [3], [4], [1, 3, 4]] {
                let lean = try reader.readColumns(
                    all, names: structure.names, layout: structure.layout, textual: textual,
                    in: buffer)
                // (Compared apart: a failure names the fields, not 3000 cells.)
                let same = lean == plain
                #expect(same, "textual \(textual.sorted()): \(lean.map(\.kind))")
            }
            // Every field judged text: the first still counts the rows.
            let alone = try reader.readColumns(
                [1], names: structure.names, layout: structure.layout, textual: [1], in: buffer)
            #expect(alone.first?.count == 3000)
        }
    }
}
