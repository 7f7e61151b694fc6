import ChartbookModel
import Testing

@testable import ChartbookData

/// Columns on demand read exactly what reading the whole file reads: the same records, the
/// same cells, the same kinds — on random files with numbers, dates in several forms, text,
/// blanks, comment and blank lines, CRLF line ends and missing trailing fields.
@Suite struct OnDemandReadingTests {
    /// A random plain file (no quotes) of `rows` records and 2…6 columns.
    static func randomFile(_ random: inout RandomSource, rows: Int) -> String {
        let width = 2 + Int(random.next() % 5)
        let kinds = (0..<width).map { _ in random.next() % 5 }
        let lineEnd = random.next() % 3 == 0 ? "\r\n" : "\n"
        var text = (0..<width).map { "col\($0)" }.joined(separator: ",") + lineEnd
        for row in 0..<rows {
            switch random.next() % 40 {
            case 0: text += lineEnd  // blank line
            case 1: text += "# a comment, with a separator" + lineEnd
            case 2: text += "   " + lineEnd
            default: break
            }
            var cells = [String]()
            for kind in kinds {
                let r = random.next()
                if r % 23 == 0 { cells.append(""); continue }
                switch kind {
                case 0: cells.append(String(row))
                case 1: cells.append(String(Double(Int64(r % 200_000) - 100_000) / 100))
                case 2:
                    cells.append("2024-\(1 + r % 12 < 10 ? "0" : "")\(1 + r % 12)-1\(r % 10)")
                case 3: cells.append(r % 7 == 0 ? "n/a" : "name\(r % 13)")
                default: cells.append(r % 3 == 0 ? "1.5e\(r % 5)" : " \(r % 1000) ")
                }
            }
            // Sometimes a record ends early (its last fields are missing).
            if random.next() % 50 == 0 { cells.removeLast() }
            text += cells.joined(separator: ",")
            if row < rows - 1 || random.next() % 2 == 0 { text += lineEnd }
        }
        return text
    }

    /// Equal columns, a missing cell (NaN) equal to a missing cell.
    static func same(_ a: Column, _ b: Column) -> Bool {
        guard a.name == b.name, a.kind == b.kind, a.unparseable == b.unparseable else {
            return false
        }
        switch (a.values, b.values) {
        case (.numbers(let x), .numbers(let y)):
            return x.count == y.count
                && zip(x, y).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }
        default: return a.values == b.values
        }
    }

    @Test func structureAndColumnsEqualReadingTheWholeFile() throws {
        var random = RandomSource(seed: 1414)
        for round in 0..<30 {
            let rows = [1, 2, 50, 3000, 8000][round % 5]
            let bytes = Array(Self.randomFile(&random, rows: rows).utf8)
            let reader = DelimitedReader()
            let whole: DelimitedReader.Table
            do { whole = try reader.read(bytes) } catch {
                // A file read whole refuses, so does its scan (a one-record file whose only
                // record is taken for a header, say).
                #expect(throws: error) {
                    _ = try bytes.withUnsafeBufferPointer { try reader.structure($0) }
                }
                continue
            }
            try bytes.withUnsafeBufferPointer { buffer in
                let structure = try #require(try reader.structure(buffer, parallel: round % 2 == 0))
                #expect(structure.layout.rows == whole.columns[0].count, "round \(round)")
                #expect(structure.names == whole.columns.map(\.name))
                // Every column alone, and all together.
                let all = Array(whole.columns.indices)
                for fields in all.map({ [$0] }) + [all] {
                    let read = try reader.readColumns(
                        fields, names: structure.names, layout: structure.layout, in: buffer,
                        parallel: round % 2 == 1)
                    for (k, field) in fields.enumerated() {
                        #expect(
                            Self.same(read[k], whole.columns[field]),
                            "round \(round), column \(field)")
                    }
                }
                // The sample covers files this small: its kinds are the whole file's.
                if bytes.count < DelimitedReader.sampleBytes {
                    #expect(structure.kinds == whole.columns.map(\.kind))
                }
            }
        }
    }

    @Test func filesThatAreNotPlainAreReadWhole() throws {
        let reader = DelimitedReader()
        for text in ["a,b\n\"1\",2\n", "a,b\n1,2\r3,4\n", "a,b\n1,2\n3,4\r"] {
            let bytes = Array(text.utf8)
            let structure = try bytes.withUnsafeBufferPointer { try reader.structure($0) }
            #expect(structure == nil, "\(text)")
        }
    }

    @Test func aRaggedRecordIsReportedWithItsLineWhenRead() throws {
        var text = "a,b,c\n"
        for i in 0..<20_000 { text += "\(i),\(i),\(i)\n" }
        text += "1,2,3,4\n"
        let bytes = Array(text.utf8)
        let reader = DelimitedReader()
        try bytes.withUnsafeBufferPointer { buffer in
            let structure = try #require(try reader.structure(buffer))
            #expect(throws: DataError.raggedRow(line: 20_002, fields: 4, expected: 3)) {
                _ = try reader.readColumns(
                    [1], names: structure.names, layout: structure.layout, in: buffer)
            }
        }
    }

    @Test func changedRecordsAreRefused() throws {
        let reader = DelimitedReader()
        let before = Array("a,b\n1,2\n3,4\n".utf8)
        let after = Array("a,b\n1,2\n3,4\n5,6\n".utf8)
        let found = try before.withUnsafeBufferPointer { try reader.structure($0) }
        let structure = try #require(found)
        _ = after.withUnsafeBufferPointer { buffer in
            #expect(throws: DataError.changedSinceLoaded) {
                _ = try reader.readColumns(
                    [0], names: structure.names, layout: structure.layout, in: buffer)
            }
        }
    }
}
