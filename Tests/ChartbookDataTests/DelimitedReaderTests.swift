import Testing
import ChartbookModel
@testable import ChartbookData

@Suite struct DelimitedReaderTests {
    func read(_ text: String, _ options: LoadOptions = LoadOptions()) throws
        -> DelimitedReader.Table
    {
        try DelimitedReader(options: options).read(Array(text.utf8))
    }

    func numbers(_ table: DelimitedReader.Table, _ index: Int) -> [Double] {
        table.columns[index].numbers ?? []
    }

    @Test func headerDetectedAndNumbersParsed() throws {
        let t = try read("t,value\n0,1.5\n1,-2e3\n")
        #expect(t.columns.map(\.name) == ["t", "value"])
        #expect(numbers(t, 1) == [1.5, -2000])
    }

    @Test func noHeaderWhenFirstRowIsNumbers() throws {
        let t = try read("1,2\n3,4")
        #expect(t.columns.map(\.name) == ["c1", "c2"])
        #expect(numbers(t, 0) == [1, 3])
    }

    @Test func quotedFieldsWithSeparatorsQuotesAndNewlines() throws {
        let t = try read("name,v\n\"Smith, J\",1\n\"say \"\"hi\"\"\",2\n\"two\nlines\",3\n")
        #expect(t.columns[0].values == .text(["Smith, J", "say \"hi\"", "two\u{FFFD}lines"]))
        #expect(numbers(t, 1) == [1, 2, 3])
    }

    @Test func crlfBomAndNoTrailingNewline() throws {
        let t = try read("\u{FEFF}a;b\r\n1;2\r\n3;4")
        #expect(t.columns.map(\.name) == ["a", "b"])
        #expect(numbers(t, 1) == [2, 4])
    }

    @Test func tabSeparatedDetected() throws {
        let t = try read("x\ty\n1\t2\n")
        #expect(numbers(t, 1) == [2])
    }

    @Test func emptyFieldsAndShortRowsAreMissing() throws {
        let t = try read("a,b,c\n1,,3\n4\n\n7,8,9\n")
        #expect(numbers(t, 1).map(\.isNaN) == [true, true, false])
        #expect(numbers(t, 2)[1].isNaN)
        #expect(numbers(t, 0) == [1, 4, 7])
    }

    @Test func unparseableCellsAreCountedAndMissing() throws {
        let t = try read("v\n1\noops\n3\n")
        #expect(t.columns[0].unparseable == 1)
        #expect(numbers(t, 0)[1].isNaN)
    }

    @Test func textColumnsAndLabelColumn() throws {
        let t = try read("day,v\nMon,1\nTue,2\n", LoadOptions(labelColumn: "day"))
        #expect(t.labels == ["Mon", "Tue"])
        #expect(t.columns.map(\.name) == ["v"])
        #expect(throws: DataError.unknownLabelColumn("dya", available: ["day", "v"])) {
            try read("day,v\nMon,1\n", LoadOptions(labelColumn: "dya"))
        }
    }

    @Test func errors() {
        #expect(throws: DataError.empty) { try read("") }
        #expect(throws: DataError.unterminatedQuote(line: 2)) { try read("a\n\"1\n") }
        #expect(throws: DataError.raggedRow(line: 3, fields: 3, expected: 2)) {
            try read("a,b\n1,2\n1,2,3\n")
        }
    }

    /// A file of text alone loads (its rows are counted, its text made numbers by `let`).
    @Test func aFileOfTextAloneLoads() throws {
        let t = try read("a\nx\ny\n")
        #expect(t.columns.map(\.values) == [.text(["x", "y"])])
    }

    @Test func controlCharactersInNamesAndLabelsAreReplaced() throws {
        let t = try read(
            "\"v\u{1B}[31m\",l\n1,\"\u{1B}]0;pwn\u{07}\"\n", LoadOptions(labelColumn: "l"))
        #expect(t.columns[0].name == "v\u{FFFD}[31m")
        #expect(t.labels == ["\u{FFFD}]0;pwn\u{FFFD}"])
    }

    @Test func hugeLine() throws {
        let wide =
            (0..<5000).map { "c\($0)" }.joined(separator: ",") + "\n"
            + (0..<5000).map(String.init).joined(separator: ",") + "\n"
        let t = try read(wide)
        #expect(t.columns.count == 5000)
        #expect(numbers(t, 4999) == [4999])
    }
}

@Suite struct NumberParserTests {
    @Test(arguments: [
        "0", "-0", "1", "-1", "3.14159", "1e6", "1E-7", "+5", ".5", "5.",
        "123456789012345678901234567890",
        "0.1", "0.30000000000000004", "1.7976931348623157e308", "2e308", "4.9e-324",
        "2.2250738585072014e-308",
        "1e-400", "9007199254740993", "inf", "-inf", "nan", "infinity", "1_0", "", "-", "e5", "1e",
        "1e+",
        "12abc", " 1", "1 ", "00012", "0.000000000000000000001", "123.456e-2", "1.0000000000000002",
    ])
    func matchesStandardLibrary(_ text: String) {
        let expected = Double(text)
        let parsed = NumberParser.parse(text)
        #expect(
            parsed?.bitPattern == expected?.bitPattern
                || (parsed?.isNaN == true && expected?.isNaN == true),
            "\(text): \(String(describing: parsed)) vs \(String(describing: expected))")
    }

    /// Issue 25, item 14: hexadecimal, which `Double(String)` reads, is text in data.
    @Test(arguments: ["0x10", "0X1F", "-0x1p3", "0x.8"]) func hexadecimalIsNotANumber(
        _ text: String
    ) {
        #expect(Double(text) != nil)
        #expect(NumberParser.parse(text) == nil)
    }

    @Test func randomDecimalsMatchStandardLibrary() {
        var random = RandomSource(seed: 42)
        for _ in 0..<20_000 {
            let digits = Int(random.next() % 20) + 1
            var text = random.next() % 2 == 0 ? "-" : ""
            for i in 0..<digits {
                text += String(random.next() % 10)
                if i == Int(random.next() % UInt64(digits)) && !text.contains(".") { text += "." }
            }
            if random.next() % 3 == 0 { text += "e" + String(Int(random.next() % 60) - 30) }
            let expected = Double(text)
            #expect(NumberParser.parse(text)?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }
}

@Suite struct DataGeneratorTests {
    @Test func sameSeedSameValues() {
        let a = DataGenerator.values(for: Generator(kind: .walk, count: 100, seed: 5))
        #expect(a == DataGenerator.values(for: Generator(kind: .walk, count: 100, seed: 5)))
        #expect(a != DataGenerator.values(for: Generator(kind: .walk, count: 100, seed: 6)))
        #expect(a[0] == 0)
    }

    @Test func shapes() {
        #expect(DataGenerator.values(for: Generator(kind: .linear, count: 4)) == [0, 1, 2, 3])
        let sine = DataGenerator.values(for: Generator(kind: .sine, count: 41, period: 40))
        #expect(sine[10] == 1 && sine[30] == -1 && abs(sine[40]) < 1e-6)
        let noise = DataGenerator.values(for: Generator(kind: .noise, count: 10_000, seed: 1))
        let mean = noise.reduce(0, +) / 10_000
        #expect(abs(mean) < 0.05)
    }
}

/// The fast numeric path and the general RFC 4180 scanner agree on every input the fast
/// path accepts: random unquoted files with empty fields, short rows, blank lines, CRLF,
/// spaces, junk cells and long numbers — some large enough to be split across both cores.
@Suite struct FastPathEquivalenceTests {
    func tables(_ text: String) throws -> (DelimitedReader.Table, DelimitedReader.Table) {
        var general = DelimitedReader()
        general.useFastPath = false
        return (try DelimitedReader().read(Array(text.utf8)), try general.read(Array(text.utf8)))
    }

    func same(_ a: DelimitedReader.Table, _ b: DelimitedReader.Table) -> Bool {
        guard a.columns.count == b.columns.count, a.labels == b.labels else { return false }
        return zip(a.columns, b.columns).allSatisfy { x, y in
            guard x.name == y.name, x.unparseable == y.unparseable else { return false }
            switch (x.values, y.values) {
            case (.numbers(let p), .numbers(let q)):
                return p.count == q.count
                    && zip(p, q).allSatisfy {
                        $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN)
                    }
            case (.text(let p), .text(let q)): return p == q
            default: return false
            }
        }
    }

    @Test func randomFilesAgree() throws {
        var random = RandomSource(seed: 99)
        let cells = [
            "1", "-2.5", "0.000123", "1e5", "  7 ", "", "x", "12345678901234567890", "3.", ".5",
            "-0", "inf", "1_0",
        ]
        for trial in 0..<60 {
            let width = 1 + Int(random.next() % 4)
            let rows =
                trial % 10 == 0 ? 40_000 + Int(random.next() % 5000) : Int(random.next() % 200)
            var text =
                (0..<width).map { "h\($0)" }.joined(separator: ",")
                + (trial % 2 == 0 ? "\r\n" : "\n")
            for _ in 0..<rows {
                if random.next() % 50 == 0 { text += "\n"; continue }
                let n = random.next() % 20 == 0 ? Int(random.next() % UInt64(width)) + 1 : width
                text += (0..<n).map { _ in cells[Int(random.next() % UInt64(cells.count))] }.joined(
                    separator: ",")
                text += trial % 2 == 0 ? "\r\n" : "\n"
            }
            if random.next() % 2 == 0, text.hasSuffix("\n") { text.removeLast() }
            let (fast, general) = try tables(text)
            #expect(same(fast, general), "trial \(trial): \(rows) rows × \(width)")
        }
    }

    @Test func raggedAndQuotedFilesFallBackAndReportTheLine() {
        #expect(throws: DataError.raggedRow(line: 3, fields: 3, expected: 2)) {
            try DelimitedReader().read(Array("a,b\n1,2\n1,2,3\n".utf8))
        }
        let quoted = "a,b\n1,\"2\"\n3,4\n"
        #expect((try? DelimitedReader().read(Array(quoted.utf8)))?.columns[1].numbers == [2, 4])
    }
}

@Suite struct JSONTableReaderTests {
    func read(_ text: String, labels: String? = nil) throws -> DelimitedReader.Table {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            try JSONTableReader(labelColumn: labels).read(buffer)
        }
    }

    /// Issue 49, item 8: what refuses a JSON file says where and why — a lone surrogate, a
    /// number no double holds, an object nested past the depth read (it was a column of
    /// nothing, unsaid), Foundation's own place — and a surrogate pair is read.
    @Test func aRefusedJSONFileNamesThePlace() throws {
        #expect(
            throws: DataError.invalidJSON(
                "line 2, column 9: the escape \\ud800 is half of a surrogate pair, without its other half"
            )
        ) { try read("[{\"v\": 1},\n{\"s\": \"a\\ud800\"}]") }
        let digits = String(repeating: "1", count: 5_000)
        #expect(
            throws: DataError.invalidJSON(
                "line 1, column 8: a number of 5000 characters, more than a number holds")
        ) { try read("[{\"w\": \(digits)}]") }
        var deep = "1"
        for key in "bcdefghij".reversed() { deep = "{\"\(key)\": \(deep)}" }
        #expect(
            throws: DataError.invalidJSON(
                "row 2: 'a.b.c.d.e.f.g.h' holds an object nested deeper than 8 objects, the most read as columns; flatten it first (jq)"
            )
        ) { try read("[{\"v\": 1}, {\"v\": 2, \"a\": \(deep)}]") }
        #expect(throws: DataError.invalidJSON("line 2, column 11: it does not parse as JSON")) {
            try read("[{\"v\": 1},\n {\"v\": tru}]")
        }
        let pair = try read("[{\"v\": 1, \"s\": \"\\ud83d\\ude00\"}]")
        #expect(pair.columns.count == 2)
    }

    @Test func numbersRowsAndObjects() throws {
        let plain = try read("[3, 1, 4, null]")
        #expect(
            plain.columns.count == 1
                && Array(plain.columns[0].numbers?.prefix(3) ?? []) == [3, 1, 4], "\(plain)")
        let rows = try read("[[0, 1.5], [1, 2.5, 9]]")
        #expect(rows.columns.map(\.name) == ["c1", "c2", "c3"])
        #expect(rows.columns[2].numbers?.last == 9)
        let objects = try read(
            #"[{"month": "Jan", "rev": 12, "cost": "8.5"}, {"month": "Feb", "rev": 15}]"#,
            labels: "month")
        #expect(objects.labels == ["Jan", "Feb"])
        #expect(objects.columns.map(\.name) == ["rev", "cost"])
        #expect(
            objects.columns[1].numbers?.first == 8.5
                && objects.columns[1].numbers?.last?.isNaN == true)
    }

    @Test func errors() throws {
        #expect(throws: DataError.invalidJSON("it does not parse as JSON")) { try read("[1, 2") }
        #expect(throws: DataError.empty) { try read("[]") }
        #expect(try read(#"["a", "b"]"#).columns.map(\.values) == [.text(["a", "b"])])
        func isJSON(_ path: String, _ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { JSONTableReader.isJSON(path: path, $0) }
        }
        #expect(isJSON("a", "  [1]"))
        #expect(!isJSON("a.csv", "a,b"))
        #expect(isJSON("log", "{\"t\": 1}\n"))
        #expect(isJSON("x.jsonl", "") && isJSON("x.NDJSON", "") && isJSON("x.json", ""))
    }

    /// Objects within a row's object are columns of their own, named by their path
    /// (`req.bytes`), in the order they first appear; arrays and objects within arrays stay
    /// one cell that is no value; keys in strings are not keys.
    @Test func nestedObjectsAreColumnsOfTheirPaths() throws {
        let table = try read(
            #"[{"a": 1, "req": {"path": "/a", "size": {"bytes": 10}}, "tags": [{"x": 1}], "s": "\"q\": {", "e": {}}, "#
                + #"{"req": {"bytes": 3, "path": "/b"}, "a": 2, "z": {"y": 5}}]"#)
        #expect(
            table.columns.map(\.name) == [
                "a", "req.path", "req.size.bytes", "tags", "s", "e", "req.bytes", "z.y",
            ])
        #expect(table.columns[2].numbers?.first == 10)
        #expect(table.columns[6].numbers?.last == 3)
        #expect(table.columns[1].values == .text(["/a", "/b"]))
        // `maxDepth` objects deep: read; deeper is refused, named (issue 49: it was a
        // column of nothing, unsaid).
        var deep = "1"
        for level in 0..<JSONTableReader.maxDepth - 1 { deep = "{\"k\(level)\": \(deep)}" }
        let deepTable = try read("[{\"v\": 1, \"d\": \(deep)}]")
        #expect(deepTable.columns.count == 2)
        #expect(deepTable.columns.allSatisfy { $0.name.split(separator: ".").count <= 8 })
        #expect(throws: DataError.self) { try read("[{\"v\": 1, \"d\": {\"x\": \(deep)}}]") }
    }

    /// Issue 31: JSON Lines (one object a line) load like an array of objects (they were
    /// misread as CSV with a misleading error); a line that is not an object is named.
    @Test func jsonLines() throws {
        let table = try read("{\"t\": 1, \"v\": 2.5}\n\n{\"t\": 2, \"w\": 3}\r\n{\"v\": 4}\n")
        #expect(table.columns.map(\.name) == ["t", "v", "w"])
        #expect(table.columns[1].numbers?.map { $0.isNaN ? nil : $0 } == [2.5, nil, 4])
        #expect(throws: DataError.invalidJSON("line 2 of JSON Lines is not one JSON object")) {
            try read("{\"t\": 1}\n[1, 2]\n")
        }
    }
}
