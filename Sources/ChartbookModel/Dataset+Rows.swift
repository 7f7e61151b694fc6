extension Dataset {
    /// The dataset with only `rows` (indices, in order), every column and label kept:
    /// what a panel of a faceted page computes its plots' transforms over.
    public func keeping(rows: [Int]) -> Dataset {
        var kept = self
        kept.window = nil
        kept.columns = columns.map { $0.keeping(rows: rows) }
        kept.labels = labels.map { labels in rows.map { $0 < labels.count ? labels[$0] : "" } }
        return kept
    }

    /// `tables` (alike in their columns) one after another: the first's columns, each
    /// holding every table's cells in turn.
    public static func concatenated(_ tables: [Dataset]) -> Dataset? {
        guard var first = tables.first else { return nil }
        for (c, column) in first.columns.enumerated() {
            var joined = column
            for other in tables.dropFirst() {
                guard c < other.columns.count else { continue }
                joined.append(contentsOf: other.columns[c])
            }
            first.columns[c] = joined
        }
        return first
    }
}

extension Column {
    /// The column with only `rows`, in order (an unread column stays unread, of that count).
    public func keeping(rows: [Int]) -> Column {
        var kept = self
        switch values {
        case .numbers(let v): kept.values = .numbers(rows.map { $0 < v.count ? v[$0] : .nan })
        case .text(let v): kept.values = .text(v.keeping(rows: rows))
        case .unread(let field, _, let kind):
            kept.values = .unread(field: field, count: rows.count, kind: kind)
        }
        return kept
    }

    /// Appends `other`'s cells (of the same kind: numbers to numbers, text to text).
    public mutating func append(contentsOf other: Column) {
        switch (values, other.values) {
        case (.numbers(let a), .numbers(let b)): values = .numbers(a + b)
        case (.text(let a), .text(let b)): values = .text(a + b)
        case (.numbers(let a), .text(let b)):
            values = .text(TextCells(a.indices.map(text(at:))) + b)
        case (.text(let a), .numbers):
            values = .text(a + TextCells((0..<other.count).map(other.text(at:))))
        default: break
        }
    }
}
