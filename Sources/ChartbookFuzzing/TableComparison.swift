import ChartbookData
import ChartbookModel

/// Exact comparison and sanity checks of read tables, for the readers' fuzz target.
enum TableComparison {
    /// Equal names, kinds, text and numbers bit for bit (NaN equals NaN here).
    static func same(_ a: DelimitedReader.Table, _ b: DelimitedReader.Table) -> Bool {
        guard a.labels == b.labels, a.columns.count == b.columns.count else { return false }
        for (x, y) in zip(a.columns, b.columns) {
            guard x.name == y.name, x.unparseable == y.unparseable else { return false }
            switch (x.values, y.values) {
            case (.numbers(let p), .numbers(let q)):
                guard p.map(\.bitPattern) == q.map(\.bitPattern) else { return false }
            case (.text(let p), .text(let q)):
                guard p == q else { return false }
            default: return false
            }
        }
        return true
    }

    /// Rectangular, at least one column beside the labels, no unsafe character in a name or
    /// cell.
    static func invariants(_ table: DelimitedReader.Table) -> [String] {
        var problems = [String]()
        let rows = table.columns.first?.count ?? 0
        if table.columns.contains(where: { $0.count != rows }) {
            problems.append("columns of different lengths")
        }
        if let labels = table.labels, labels.count != rows {
            problems.append("labels and rows differ in number")
        }
        if table.columns.isEmpty { problems.append("no column") }
        let texts =
            table.columns.map(\.name) + (table.labels ?? [])
            + table.columns.flatMap { column -> [String] in
                if case .text(let cells) = column.values { return cells.strings }
                return []
            }
        if texts.contains(where: { $0.unicodeScalars.contains(where: TextMetrics.isUnsafe) }) {
            problems.append("an unsanitised name or cell")
        }
        return problems
    }
}
