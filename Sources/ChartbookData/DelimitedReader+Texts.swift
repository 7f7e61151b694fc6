import ChartbookModel

extension DelimitedReader {
    /// Pass 2, only for text columns: their cells as sanitised strings (coded, `TextCoder`),
    /// within the budget; the fields of `tallying`, which pass 1 stepped over, are counted
    /// into `tally` as they are read. `alreadyUsed`: bytes the numeric pass holds (they
    /// count against the budget too).
    func readTexts(
        of textColumns: Set<Int>, tallying: Set<Int>, into tally: inout FieldScanner.Tally,
        scanner: inout FieldScanner, body: FieldScanner.Mark, rows: Int, alreadyUsed: Int,
        shouldCancel: () -> Bool, release: (Int, Int) -> Void
    ) throws(DataError) -> [Int: TextCells] {
        guard !textColumns.isEmpty else { return [:] }
        // By position, not by a dictionary looked up per cell; one record array reused. Each
        // column's cells coded by their bytes as they are met (`TextCoder`).
        let fields = textColumns.sorted()
        var coders = fields.map {
            TextCoder(reserving: rows, classifying: tallying.contains($0))
        }
        let separator = scanner.separator, blank = SkippableLine.blank(for: separator)
        let bufferEnd = scanner.buffer.count
        scanner.seek(body)
        var records = 0
        var record = [FieldScanner.Field]()
        // The file's pages behind the scan are given back as the numbers' pass gives them
        // (a mapped file read twice stayed resident whole: a long file's `by=` took 2.6×
        // the memory of the same chart without it).
        var released = body.position
        guard let base = scanner.buffer.baseAddress else { return [:] }
        while try scanner.nextRecord(into: &record) {
            records &+= 1
            if records & (PassPaging.lookEvery - 1) == 0 {
                if shouldCancel() { throw .cancelled }
                if scanner.position - released >= PassPaging.releaseChunk {
                    release(released, scanner.position)
                    released = scanner.position
                }
            }
            var used = alreadyUsed
            for (k, c) in fields.enumerated() {
                if c < record.count {
                    let field = record[c]
                    coders[k].add(
                        base, field.start, field.end,
                        text: { TextMetrics.sanitized(scanner.text(of: field)) },
                        classify: {
                            CellFacts.of(
                                base, at: field.start, end: bufferEnd, separator: separator,
                                blank: blank)
                        })
                } else {
                    coders[k].add(base, 0, 0, text: { "" })
                }
                used += coders[k].bytes
            }
            if used > limits.memoryBudget {
                throw .overBudget(needed: used, budget: limits.memoryBudget)
            }
        }
        release(released, scanner.position)
        for (c, coder) in zip(fields, coders) where coder.classifying {
            coder.tally(into: &tally, column: c)
        }
        return Dictionary(uniqueKeysWithValues: zip(fields, coders.map(\.cells)))
    }
}
