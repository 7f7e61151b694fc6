import Testing
import ChartbookModel
@testable import ChartbookData

/// Numbers written for people (`load … decimal=`): a decimal comma, or commas grouping
/// thousands — read where a column plainly is that, left as text where a cell may be either,
/// the same whole or on demand.
@Suite struct GroupedNumberTests {
    func read(_ text: String, _ decimal: LoadOptions.DecimalMark = .auto) throws
        -> DelimitedReader.Table
    {
        var options = LoadOptions()
        options.decimal = decimal
        return try DelimitedReader(options: options).read(Array(text.utf8))
    }

    @Test func aCellReadsAsTheSameDigitsWithAPoint() {
        let comma: [(String, Double)] = [
            ("-1,7", -1.7), ("4,0", 4), (" 12,25 ", 12.25), ("1.234,5", 1234.5),
            ("1.234.567", 1_234_567), ("+0,1", 0.1), ("12,5e3", 12_500), ("1,234", 1.234),
            ("7", 7),
        ]
        for (text, value) in comma { #expect(GroupedNumber.read(text, .comma) == value, "\(text)") }
        let point: [(String, Double)] = [
            ("1,234", 1234), ("1,234.5", 1234.5), ("-12,345,678.25", -12_345_678.25), ("0.5", 0.5),
        ]
        for (text, value) in point { #expect(GroupedNumber.read(text, .point) == value, "\(text)") }
        for text in [
            "2.5", "1.23,4", "12.34.567", "1,,2", ",5", "1,", ".5", "1.234.", "1,5e", "x1,5",
            "1,5 kg", "",
        ] {
            #expect(GroupedNumber.read(text, .comma) == nil, "\(text)")
        }
        for text in ["1,5", "12,34", "1234,567", "1,234,56", "$1,234"] {
            #expect(GroupedNumber.read(text, .point) == nil, "\(text)")
        }
        // What tells one way of writing from the other.
        #expect(GroupedNumber.tells("4,0", .comma) && GroupedNumber.tells("1,234.5", .point))
        #expect(GroupedNumber.tells("1,234,567", .point))
        #expect(!GroupedNumber.tells("1,250", .comma) && !GroupedNumber.tells("1,250", .point))
    }

    @Test func aSemicolonFileOfDecimalCommasIsReadAsNumbers() throws {
        let t = try read("day;temp;rain\n1;-1,7;2.5\n2;4,0;NA\n3;;0.4\n4;n/a;1\n5;warm;2\n")
        #expect(t.columns.map(\.kind) == [.number, .number, .number])
        let temp = try #require(t.columns[1].numbers)
        #expect(temp[0] == -1.7 && temp[1] == 4 && temp[2].isNaN && temp[3].isNaN)
        // 'warm' is counted as unreadable; the missing words and the blank are not.
        #expect(t.columns[1].unparseable == 1)
        #expect(t.columns[2].numbers?.first == 2.5)
    }

    @Test func aCommaFileOfGroupedThousandsIsReadAsNumbers() throws {
        let t = try read(
            "day,volume,price\n1,\"1,234,567\",\"1,250.50\"\n2,\"980\",\"12.5\"\n3,\"2,000\",\"-3,000\"\n"
        )
        #expect(t.columns[1].numbers == [1_234_567, 980, 2000])
        #expect(t.columns[2].numbers == [1250.5, 12.5, -3000])
        // Thousands grouped in a file separated otherwise, told by a cell (two groups).
        let tabbed = try read("a\tb\n1\t1,234,567\n2\t1,250\n")
        #expect(tabbed.columns[1].numbers == [1_234_567, 1250])
    }

    @Test func whatEitherWayMayReadStaysTextUnlessToldOtherwise() throws {
        let ambiguous = "id;amount\n1;1,250\n2;12,500\n3;7\n"
        #expect(try read(ambiguous).columns[1].kind == .text)
        #expect(try read(ambiguous, .comma).columns[1].numbers == [1.25, 12.5, 7])
        #expect(try read(ambiguous, .point).columns[1].numbers == [1250, 12_500, 7])
        // A comma file's quoted decimal commas: neither grouping nor a point's decimals.
        let quoted = "id,v\n1,\"1,5\"\n2,\"2,25\"\n"
        #expect(try read(quoted).columns[1].kind == .text)
        #expect(try read(quoted, .comma).columns[1].numbers == [1.5, 2.25])
        // Cells telling both ways: text.
        #expect(try read("a;b\n1;4,5\n2;1,234.5\n3;1,5\n").columns[1].kind == .text)
    }

    /// A column the point reads as numbers but for a few cells (`13.100.000`): those tell
    /// points grouping thousands, so the others (`684.000`) are read so too — unless a cell
    /// is a point's decimals (`2.5`), or the file is separated by commas.
    @Test func aCellThatTellsGroupingPointsRereadsItsColumn() throws {
        let t = try read("Land;Einwohner\nBayern;13.100.000\nBremen;684.000\nHamburg;1.852\n")
        #expect(t.columns[1].numbers == [13_100_000, 684_000, 1852])
        #expect(t.columns[1].unparseable == 0)
        let decimals = try read("a;b\n1;2.5\n2;684.000\n3;3.25\n4;13.100.000\n")
        #expect(decimals.columns[1].numbers?.prefix(3) == [2.5, 684, 3.25])
        #expect(decimals.columns[1].unparseable == 1)
        let commas = try read("a,b\n1,684.000\n2,1.852\n3,13.100.000\n")
        #expect(commas.columns[1].numbers?.prefix(2) == [684, 1.852])
    }

    /// Four groups and nothing more (`10.100.200.250`) is as much an address as a number in
    /// the billions: unasked, a column of only those stays text; beside other numbers it
    /// reads.
    @Test func addressesStayText() throws {
        let hosts = try read("host;ip\na;10.100.200.250\nb;10.100.200.251\nc;192.168.100.200\n")
        #expect(hosts.columns[1].kind == .text)
        #expect(
            try read("host;ip\na;10.100.200.250\n", .comma).columns[1].numbers == [10_100_200_250])
        let people = try read("Land;Einwohner\nCN;1.412.000.000\nDE;83.200.000\nLU;660.000\n")
        #expect(people.columns[1].numbers == [1_412_000_000, 83_200_000, 660_000])
    }

    @Test func withDecimalCommaAPointGroupsThousands() throws {
        let t = try read("a;b;c\n1.234;2.5;1.234,5\n5;3.5;6\n", .comma)
        #expect(t.columns[0].numbers == [1234, 5])
        // Points as fractions are not numbers of this file: the column is text.
        #expect(t.columns[1].kind == .text)
        #expect(t.columns[2].numbers == [1234.5, 6])
    }

    @Test func onDemandJudgesAsTheWholeRead() throws {
        var text = "t;temp;note;volume;people\n"
        for i in 0..<3000 {
            let temp = i % 7 == 0 ? "" : "\(i % 40 - 20),\(i % 10)"
            let people = i % 97 == 0 ? "12.345.678" : "\(1 + i % 9).\(100 + i % 900)"
            text += "\(i);\(temp);n\(i % 5);\(i + 1),\(100 + i % 900),\(100 + i % 900);\(people)\n"
        }
        let bytes = Array(text.utf8)
        for decimal in LoadOptions.DecimalMark.allCases {
            var options = LoadOptions()
            options.decimal = decimal
            let reader = DelimitedReader(options: options)
            let whole = try reader.read(bytes)
            try bytes.withUnsafeBufferPointer { buffer in
                let structure = try #require(try reader.structure(buffer))
                #expect(structure.kinds == whole.columns.map(\.kind), "\(decimal)")
                let read = try reader.readColumns(
                    [0, 1, 2, 3, 4], names: structure.names, layout: structure.layout,
                    in: buffer)
                #expect(read.map(\.kind) == whole.columns.map(\.kind))
                #expect(read[1].unparseable == whole.columns[1].unparseable)
                let present = { (c: Column) in c.numbers?.map { $0.isNaN ? nil : $0 } }
                #expect(present(read[4]) == present(whole.columns[4]), "\(decimal)")
                if decimal == .auto { #expect(whole.columns[4].numbers?[1] == 2101) }
            }
        }
    }

    @Test func aTextColumnTellsHowToReadItForTheHint() {
        let either = GroupedNumber.example(in: Column(name: "a", text: ["x", "1,250", "2"]))
        #expect(either == GroupedNumber.Example(cell: "1,250", marks: [.point, .comma]))
        let comma = GroupedNumber.example(in: Column(name: "a", text: ["4,5", "1,5"]))
        #expect(comma == GroupedNumber.Example(cell: "4,5", marks: [.comma]))
        #expect(GroupedNumber.example(in: Column(name: "a", text: ["x", "y", "1,5"])) == nil)
        #expect(GroupedNumber.example(in: Column(name: "a", numbers: [1, 2])) == nil)
    }
}
