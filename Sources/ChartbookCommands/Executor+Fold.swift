import ChartbookModel

/// `fold DATASET COLUMNS as KEY VALUE`: a wide table made long, in place, remembered as a
/// step of the dataset (`DatasetStep.fold`) so `reload` folds it again.
extension Executor {
    func fold(
        _ name: Located<String>, _ columns: Located<String>, as key: Located<String>,
        _ value: Located<String>, in s: inout Session
    ) throws(Diagnostic) -> [Effect] {
        let existing = try existingDataset(name, in: s)
        if existing.remote != nil {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: existing.name, needs: "folding"), at: name.range)
        }
        let dataset = try readAllColumns(of: existing, at: name.range)
        let names = try foldedColumns(columns, in: dataset)
        let step = Fold(columns: names, key: key.value, value: value.value, written: columns.value)
        // The new names may not be kept columns' (matched as every column name is) or each other.
        let kept = dataset.columns.filter { !names.contains($0.name) }.map(\.name)
        for (new, range) in [(key.value, key.range), (value.value, value.range)] {
            if Column.index(of: new, in: kept) != nil || key.value == value.value {
                throw Diagnostic(.duplicateName(.column, new), at: range)
            }
        }
        var long = try folded(dataset, step, at: columns.range)
        long.steps = dataset.steps + [.fold(step)]
        try replace(long, in: &s, at: name.range)
        let said =
            "folded \(TextMetrics.sanitized(name.value)): \(names.count) columns into \(TextMetrics.sanitized(key.value)) and \(TextMetrics.sanitized(value.value)), \(dataset.count) rows → \(long.count)\n"
        return [.feedback(said), .render]
    }

    /// The columns `text` names: `a,b,c`, or `FIRST..LAST` (every column from one to the
    /// other, in the dataset's order); each must hold numbers (or each times).
    func foldedColumns(_ text: Located<String>, in dataset: Dataset) throws(Diagnostic)
        -> [String]
    {
        let all = dataset.columns.map(\.name)
        func index(_ name: String) throws(Diagnostic) -> Int {
            guard let i = Column.index(of: name, in: all) else {
                throw Diagnostic(
                    .unknown(
                        .column, name, context: "fold of dataset '\(dataset.name)'", candidates: all
                    ),
                    at: text.range)
            }
            return i
        }
        var indices = [Int]()
        if let (lower, upper) = ValueParser.ends(of: text.value) {
            let (a, b) = (try index(lower), try index(upper))
            indices = Array(min(a, b)...max(a, b))
        } else {
            for part in text.value.split(separator: ",") { indices.append(try index(String(part))) }
        }
        let picked = indices.map { dataset.columns[$0] }
        guard picked.count >= 1, let kind = picked.first?.kind, kind != .text,
            picked.allSatisfy({ $0.kind == kind })
        else {
            let offending = picked.first { $0.kind == .text }?.name ?? ""
            throw Diagnostic(
                .invalidValue(
                    key: "fold", value: text.value,
                    expected:
                        "columns of numbers (or all of times) to fold"
                        + (offending.isEmpty ? "" : "; '\(offending)' holds text")),
                at: text.range)
        }
        return picked.map(\.name)
    }

    /// `dataset` made long by `fold`: each row, for each folded column in order, the other
    /// columns' cells, the column's name and its value.
    func folded(_ dataset: Dataset, _ fold: Fold, at range: SourceRange) throws(Diagnostic)
        -> Dataset
    {
        let folded = fold.columns.compactMap { dataset.column(named: $0) }
        guard folded.count == fold.columns.count else {
            throw Diagnostic(
                .unknown(
                    .column, fold.columns.first { dataset.column(named: $0) == nil } ?? "",
                    context: "fold of dataset '\(dataset.name)'",
                    candidates: dataset.columns.map(\.name)),
                at: range)
        }
        let n = dataset.count, k = folded.count
        try checkBudget(n * k, columns: Self.foldedWords(dataset, fold), at: range)
        let rows = (0..<(n * k)).map { $0 / k }
        var columns = dataset.columns.filter { !fold.columns.contains($0.name) }.map { c in
            Self.gathered(c, rows)
        }
        columns.append(Column(name: fold.key, text: (0..<(n * k)).map { folded[$0 % k].name }))
        let values = (0..<(n * k)).map { i in folded[i % k].numbers?[i / k] ?? .nan }
        columns.append(
            folded[0].isTime
                ? Column(name: fold.value, times: values)
                : Column(name: fold.value, numbers: values))
        var long = dataset
        long.columns = columns
        long.labels = dataset.labels.map { labels in rows.map { labels[$0] } }
        if let x = dataset.xColumn, fold.columns.contains(x) { long.xColumn = nil }
        return long
    }

    /// The 8-byte words one row of `dataset` folded by `fold` holds: each column kept (a text
    /// cell two: its `String`, whose characters the input's cells share), the key (text: the
    /// folded column's name, shared) and the value, the row's source index and its label.
    /// (Issue 49: every input column was counted for each output row, so folding 20 rows of
    /// 10 000 columns asked for 16 GB.)
    static func foldedWords(_ dataset: Dataset, _ fold: Fold) -> Int {
        let kept = dataset.columns.filter { !fold.columns.contains($0.name) }
        return kept.reduce(0) { $0 + ($1.kind == .text ? 2 : 1) } + 2 + 1 + 1
            + (dataset.labels == nil ? 0 : 2)
    }

    /// `column`'s cells at `rows`, in that order.
    static func gathered(_ column: Column, _ rows: [Int]) -> Column {
        switch column.values {
        case .numbers(let v):
            let picked = rows.map { v[$0] }
            return column.isTime
                ? Column(name: column.name, times: picked)
                : Column(name: column.name, numbers: picked)
        case .text(let t): return Column(name: column.name, text: rows.map { t[$0] })
        case .unread: return column
        }
    }
}
