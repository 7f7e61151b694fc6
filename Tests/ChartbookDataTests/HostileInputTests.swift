import Testing
import ChartbookModel
@testable import ChartbookData

/// Regression tests for the hardening findings (issue 15): each one crashed, hung, grew
/// without bound or misread silently before its fix.
@Suite struct HostileInputTests {
    func read(
        _ bytes: [UInt8], limits: ResourceLimits = ResourceLimits(), fast: Bool = true,
        options: LoadOptions = LoadOptions()
    ) throws(DataError) -> DelimitedReader.Table {
        var reader = DelimitedReader(options: options, limits: limits)
        reader.useFastPath = fast
        return try bytes.withUnsafeBufferPointer { buffer throws(DataError) in
            try reader.read(buffer, parallel: false)
        }
    }

    func read(_ text: String, limits: ResourceLimits = ResourceLimits(), fast: Bool = true)
        throws(DataError) -> DelimitedReader.Table
    {
        try read(Array(text.utf8), limits: limits, fast: fast)
    }

    func numbers(_ table: DelimitedReader.Table, _ index: Int) -> [Double] {
        table.columns[index].numbers ?? []
    }

    /// Issue 25, item 14: an infinity reads as a missing value (it was stored, and drawn and
    /// listed as `inf`), hexadecimal as text (`0x1F` read as 31) — on both paths.
    @Test(arguments: [true, false]) func infinitiesAreMissingAndHexadecimalIsText(fast: Bool)
        throws
    {
        let table = try read("v,w\n1,0x1F\ninf,2\n3,7\n-Infinity,4\n", fast: fast)
        #expect(numbers(table, 0).map { $0.isNaN ? nil : $0 } == [1, nil, 3, nil])
        #expect(numbers(table, 1).map { $0.isNaN ? nil : $0 } == [nil, 2, 7, 4])
        #expect(!numbers(table, 0).contains { $0.isInfinite })
    }

    /// Finding 1: lone CR line ends made more rows than the fast path's newline count, and
    /// it wrote past its arrays (heap overflow). Both paths now read CR as a line end.
    @Test(arguments: [true, false]) func loneCarriageReturnsAreLineEnds(fast: Bool) throws {
        let text = "x,y\n" + String(repeating: "1,2\r", count: 50) + "3,4\n"
        let t = try read(text, fast: fast)
        #expect(numbers(t, 0).count == 51)
        #expect(numbers(t, 1).last == 4)
    }

    /// The fast path stops at its row bound instead of writing past it, however the bound
    /// was computed.
    @Test func fastPathNeverWritesPastItsRows() {
        let bytes = Array("1,2\r3,4\r5,6\r".utf8)
        let parser = FastNumericParser(
            separator: UInt8(ascii: ","), width: 2, budget: 1 << 20, shouldCancel: { false },
            release: { _, _ in })
        var a = [Double](repeating: -1, count: 2), b = [Double](repeating: -1, count: 2)
        let stats = a.withUnsafeMutableBufferPointer { pa in
            b.withUnsafeMutableBufferPointer { pb in
                bytes.withUnsafeBufferPointer { buffer in
                    parser.parsePart(
                        buffer.baseAddress!, from: 0, to: buffer.count,
                        into: [pa.baseAddress!, pb.baseAddress!],
                        rows: 0..<1)
                }
            }
        }
        #expect(stats.outcome == .fallback)
        #expect(a[1] == -1 && b[1] == -1)
    }

    @Test func utf16WithByteOrderMarkIsConverted() throws {
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in "t,v\n1,2.5\n2,€3\n".utf16 {
                bytes +=
                    bigEndian
                    ? [UInt8(unit >> 8), UInt8(unit & 0xff)]
                    : [UInt8(unit & 0xff), UInt8(unit >> 8)]
            }
            let t = try read(bytes)
            #expect(t.columns.map(\.name) == ["t", "v"])
            #expect(numbers(t, 0) == [1, 2])
        }
    }

    @Test func utf32AndBinaryAreRefusedWithAHint() {
        #expect(throws: DataError.unsupportedEncoding("UTF-32")) {
            try read([0xFF, 0xFE, 0, 0, 0x31, 0, 0, 0])
        }
        #expect(throws: DataError.notText) { try read([0x31, 0, 0x2C, 0, 0x32, 0, 10, 0]) }
        #expect(throws: DataError.notText) { try read([UInt8](repeating: 0, count: 4096)) }
    }

    /// Finding 4: 50,000 columns took 8.6 GiB (quadratic pointer lists), then crashed.
    @Test(arguments: [true, false]) func tooManyColumnsAreRefused(fast: Bool) {
        let line = (0..<300).map(String.init).joined(separator: ",")
        let limits = ResourceLimits(maxColumns: 200)
        #expect(throws: DataError.tooManyColumns(line: 1, limit: 200)) {
            try read(line + "\n", limits: limits, fast: fast)
        }
    }

    @Test func wideTablesWithinTheLimitTakeTheGeneralPath() throws {
        let width = FastNumericParser.maxWidth + 50
        let header = (0..<width).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<width).map(String.init).joined(separator: ",")
        let t = try read(header + "\n" + row + "\n" + row + "\n")
        #expect(t.columns.count == width)
        #expect(numbers(t, width - 1) == [Double(width - 1), Double(width - 1)])
    }

    @Test func longFieldsAndLinesAreRefused() {
        let limits = ResourceLimits(maxFieldBytes: 100, maxLineBytes: 150)
        let long = String(repeating: "a", count: 101)
        #expect(throws: DataError.fieldTooLong(line: 2, limit: 100)) {
            try read("n,v\n\(long),1\n", limits: limits)
        }
        let fields = (0..<40).map { _ in "abcd" }.joined(separator: ",")
        #expect(throws: DataError.lineTooLong(line: 1, limit: 150)) {
            try read(fields + "\n", limits: limits)
        }
    }

    @Test(arguments: [true, false]) func memoryBudgetIsCheckedBeforeAllocating(fast: Bool) {
        let text = "v\n" + String(repeating: "1\n", count: 70_000)
        let limits = ResourceLimits(memoryBudget: 100_000)
        #expect {
            try read(text, limits: limits, fast: fast)
        } throws: { error in
            if case .overBudget(_, let budget) = error as? DataError { return budget == 100_000 }
            return false
        }
    }

    /// Finding 11: a NUL inside a number read as its prefix ("2\0 3" as 2). (Past the first
    /// 64 KiB, where a NUL makes the whole file "not text".)
    @Test(arguments: [true, false]) func nulInsideANumberIsNotANumber(fast: Bool) throws {
        var bytes =
            Array(String(repeating: "v\n1\n", count: 1).utf8)
            + Array(String(repeating: "5\n", count: 40_000).utf8)
        bytes += [0x32, 0, 0x20, 0x33, 10]
        let t = try read(bytes, fast: fast)
        #expect(numbers(t, 0).last?.isNaN == true)
        #expect(t.columns[0].unparseable == 1)
        #expect(
            [UInt8]([0x32, 0, 0x33]).withUnsafeBufferPointer { NumberParser.parse($0, 0, 3) } == nil
        )
    }

    @Test(arguments: [true, false]) func missingValueWordsAreMissing(fast: Bool) throws {
        let t = try read("t,v\n1,NA\n2,3.5\n3,null\n4,n/a\n5,#N/A\n6,\n7,None\n", fast: fast)
        #expect(t.columns[1].isNumeric)
        #expect(numbers(t, 1).filter { !$0.isNaN } == [3.5])
        #expect(t.columns[1].unparseable == 0)
    }

    @Test(arguments: [true, false]) func commentLinesAreSkipped(fast: Bool) throws {
        let t = try read("# exported 2024\nt,v\n# a note\n1,2\n#3,4\n5,6\n", fast: fast)
        #expect(t.columns.map(\.name) == ["t", "v"])
        #expect(numbers(t, 0) == [1, 5])
    }

    /// A `#` column name (`#,Name,Type 1`, as in a well-known Pokémon file) is a header,
    /// not a comment: the first line splits like the next.
    @Test(arguments: [true, false]) func hashHeaderIsAHeader(fast: Bool) throws {
        let t = try read("#,Name,Total\n1,Bulbasaur,318\n# a comment\n2,Ivysaur,405\n", fast: fast)
        #expect(t.columns.map(\.name) == ["#", "Name", "Total"])
        #expect(numbers(t, 2) == [318, 405])
    }

    /// Found by the readers fuzzer: a `#` first line that was kept as a record but judged not
    /// a header became a data row for the text pass and a comment for the fast path, and the
    /// columns came out of different lengths. It is the header now; with header=no, a comment.
    @Test func hashFirstLineIsTheHeaderOrAComment() throws {
        for fast in [true, false] {
            let t = try read("#x,2950\nA,3\n", fast: fast)
            #expect(t.columns.map(\.name) == ["#x", "2950"])
            #expect(t.columns.allSatisfy { $0.count == 1 })
        }
        var reader = DelimitedReader(options: LoadOptions(header: .no))
        let t = try reader.read(Array("#x,2950\nA,3\n".utf8))
        #expect(t.columns.map(\.count) == [1, 1])
        reader.useFastPath = false
        #expect(try reader.read(Array("#x,2950\nA,3\n".utf8)) == t)
    }

    @Test func blankFilesAreEmpty() {
        for text in ["\n\n\n", "  \n\t\n", "\r\r\r", "x,y\n"] {
            #expect(throws: DataError.empty, "\(Array(text.utf8))") { try read(text) }
        }
    }

    /// Finding 11: escape sequences in a header (`ESC[1;31m`) made `;` win the separator
    /// guess and every value was lost.
    @Test func separatorIsTheOneConsistentAcrossRecords() throws {
        let t = try read("na\u{1B}[1;31mme,v\n1,2\n3,4\n")
        #expect(t.columns.count == 2)
        #expect(numbers(t, 1) == [2, 4])
        let semicolons = Array("a;b;c\n1;2;3\n".utf8).withUnsafeBufferPointer {
            SeparatorDetector.detect($0, from: 0)
        }
        #expect(semicolons == UInt8(ascii: ";"))
    }

    @Test func jsonHoldsToTheLimits() {
        let keys = (0..<30).map { "\"k\($0)\": \($0)" }.joined(separator: ",")
        let bytes = Array("[{\(keys)}]".utf8)
        #expect(throws: DataError.tooManyColumns(line: 1, limit: 20)) {
            try bytes.withUnsafeBufferPointer { b throws(DataError) in
                try JSONTableReader(limits: ResourceLimits(maxColumns: 20)).read(b)
            }
        }
        #expect {
            try bytes.withUnsafeBufferPointer { b throws(DataError) in
                try JSONTableReader(limits: ResourceLimits(memoryBudget: 1000)).read(b)
            }
        } throws: { error in
            if case .overBudget = error as? DataError { return true }
            return false
        }
    }

    /// Binary bytes that start with `[` or `{` (as 1 in 128 reads of /dev/urandom do) are
    /// refused as not text, as the CSV reader refuses them, not parsed as broken JSON (the
    /// integration check of /dev/urandom failed once in a while on it).
    @Test(arguments: ["[", "{", " ["])
    func binaryStartingLikeJSONIsNotText(_ lead: String) {
        let bytes = Array(lead.utf8) + [0, 1, 2, 0xFF, 0x7B]
        #expect(throws: DataError.notText) {
            try bytes.withUnsafeBufferPointer { b throws(DataError) in
                try JSONTableReader(limits: ResourceLimits()).read(b)
            }
        }
    }

    /// Records with no field make no column: refused, not a table of nothing (found by the
    /// readers fuzzer: `\n {}` read as a dataset of no columns).
    @Test(arguments: ["\n {}", "[{}]", "[[], []]", "{}\n{}\n"])
    func jsonRecordsWithNoFieldAreRefused(_ text: String) {
        let bytes = Array(text.utf8)
        #expect {
            try bytes.withUnsafeBufferPointer { b throws(DataError) in
                try JSONTableReader(limits: ResourceLimits()).read(b)
            }
        } throws: { error in
            guard case .invalidJSON(let why) = error as? DataError else { return false }
            return why.contains("have no fields")
        }
    }
}
