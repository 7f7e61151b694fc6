import Testing
import ChartbookModel
@testable import ChartbookData

/// Numbers with a decimal comma (`load … decimal=`): read where they are plainly that, left
/// as text where a comma may group thousands, the same whole or on demand.
@Suite struct DecimalCommaTests {
    func read(_ text: String, _ decimal: LoadOptions.DecimalMark = .auto) throws
        -> DelimitedReader.Table
    {
        var options = LoadOptions()
        options.decimal = decimal
        return try DelimitedReader(options: options).read(Array(text.utf8))
    }

    @Test func aCellReadsAsTheSameDigitsWithAPoint() {
        let cases: [(String, Double, ambiguous: Bool)] = [
            ("-1,7", -1.7, false), ("4,0", 4, false), (" 12,25 ", 12.25, false),
            ("1.234,5", 1234.5, false), ("1.234.567", 1_234_567, false), ("+0,1", 0.1, false),
            ("12,5e3", 12_500, false), ("1,234", 1.234, true), ("-123,500", -123.5, true),
            ("1234,500", 1234.5, false), ("7", 7, false),
        ]
        for (text, value, ambiguous) in cases {
            let reading = DecimalComma.read(text)
            #expect(reading?.value == value, "\(text)")
            #expect(reading?.ambiguous == ambiguous, "\(text)")
        }
        for text in [
            "2.5", "1.23,4", "12.34.567", "1,,2", ",5", "1,", ".5", "1.234.", "1,5e", "x1,5",
            "1,5 kg", "",
        ] {
            #expect(DecimalComma.read(text) == nil, "\(text)")
        }
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

    @Test func whatACommaMayGroupStaysTextUnlessToldOtherwise() throws {
        let ambiguous = "id;amount\n1;1,250\n2;12,500\n3;7\n"
        #expect(try read(ambiguous).columns[1].kind == .text)
        #expect(try read(ambiguous, .comma).columns[1].numbers == [1.25, 12.5, 7])
        // A file separated by commas, its cells quoted: auto keeps them text.
        let quoted = "id,v\n1,\"1,5\"\n2,\"2,25\"\n"
        #expect(try read(quoted).columns[1].kind == .text)
        #expect(try read(quoted, .comma).columns[1].numbers == [1.5, 2.25])
        // decimal=. reads points only.
        #expect(try read("a;b\n1;4,5\n", .point).columns[1].kind == .text)
    }

    @Test func withDecimalCommaAPointGroupsThousands() throws {
        let t = try read("a;b;c\n1.234;2.5;1.234,5\n5;3.5;6\n", .comma)
        #expect(t.columns[0].numbers == [1234, 5])
        // Points as fractions are not numbers of this file: the column is text.
        #expect(t.columns[1].kind == .text)
        #expect(t.columns[2].numbers == [1234.5, 6])
    }

    @Test func onDemandJudgesAsTheWholeRead() throws {
        var text = "t;temp;note\n"
        for i in 0..<3000 {
            text += "\(i);\(i % 7 == 0 ? "" : "\(i % 40 - 20),\(i % 10)");n\(i % 5)\n"
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
                    [0, 1, 2], names: structure.names, layout: structure.layout, in: buffer)
                #expect(read.map(\.kind) == whole.columns.map(\.kind))
                #expect(read[1].unparseable == whole.columns[1].unparseable)
            }
        }
    }

    @Test func aTextColumnTellsItsCommaForTheHint() {
        #expect(DecimalComma.example(in: Column(name: "a", text: ["x", "1,250", "2"])) == "1,250")
        #expect(DecimalComma.example(in: Column(name: "a", text: ["x", "y", "1,5"])) == nil)
        #expect(DecimalComma.example(in: Column(name: "a", numbers: [1, 2])) == nil)
    }
}
