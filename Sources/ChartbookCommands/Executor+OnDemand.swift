import ChartbookData
import ChartbookModel

/// Columns on demand: a large plain file is loaded as its structure (`OnDemandFile`), and its
/// columns are read within the command that first needs them — so every session the
/// executor commits holds every column its drawing reads (`Session.columnsInUse`), and a
/// failed read leaves the notebook as it was, like any failed command.
extension Executor {
    /// `bytes` (the file at `resolved`) as a dataset whose columns are not read yet, or nil
    /// when it is to be read whole: small, not a regular file, JSON, `labels=` given, or not
    /// plain (`DelimitedReader.structure`).
    func onDemandDataset(
        _ bytes: MappedBytes, resolved: String, name: String, options: LoadOptions,
        timeZone: TimeZoneSetting, shouldCancel: () -> Bool
    ) throws(DataError) -> Dataset? {
        guard let identity = bytes.identity, bytes.buffer.count >= limits.onDemandFrom,
            options.labelColumn == nil, !JSONTableReader.isJSON(path: resolved, bytes.buffer)
        else { return nil }
        var reader = DelimitedReader(options: options, limits: limits)
        reader.timeZone = timeZone
        guard
            let structure = try reader.structure(
                bytes.buffer, shouldCancel: shouldCancel, release: { bytes.release($0, $1) })
        else { return nil }
        let columns = structure.names.indices.map { field in
            Column(
                name: structure.names[field], unread: structure.kinds[field], field: field,
                count: structure.layout.rows)
        }
        let file = OnDemandFile(identity: identity, layout: structure.layout, timeZone: timeZone)
        return Dataset(
            name: name, columns: columns, source: .file(path: resolved, options: options),
            xColumn: options.xColumn, onDemand: file)
    }

    /// Reads, in each dataset of `s`, the unread columns a drawing of `s` reads.
    func readColumnsInUse(_ s: inout Session, at range: SourceRange) throws(Diagnostic) {
        var wanted = [String: Set<Int>]()
        for ref in s.columnsInUse {
            guard let dataset = s.dataset(named: ref.dataset), dataset.onDemand != nil,
                let index = Column.index(of: ref.column, in: dataset.columns.map(\.name)),
                !dataset.columns[index].isRead
            else { continue }
            wanted[dataset.name, default: []].insert(index)
        }
        let sorted = wanted.sorted(by: { $0.key < $1.key })
        // Every dataset's columns planned at once: one read between two runs.
        try prefetch(
            sorted.compactMap { name, indices in
                s.dataset(named: name).flatMap { columnsQuestion(indices, of: $0, at: range) }
            }, at: range)
        for (name, indices) in sorted {
            guard var dataset = s.dataset(named: name) else { continue }
            try readColumns(indices, of: &dataset, at: range)
            s.upsert(dataset)
        }
    }

    /// `dataset` with every column read (`describe`, `show data`, exports, a window).
    func readAllColumns(of dataset: Dataset, at range: SourceRange) throws(Diagnostic) -> Dataset {
        // A remote dataset holds the rows of its last drawing, never every row.
        guard dataset.remote == nil else {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: dataset.name, needs: "every row"), at: range)
        }
        guard !dataset.isRead else { return dataset }
        var read = dataset
        try readColumns(Set(dataset.columns.indices), of: &read, at: range)
        return read
    }

    /// `s` with every column of the datasets `names` read.
    func readAllColumns(of names: [String], in s: Session, at range: SourceRange)
        throws(Diagnostic) -> Session
    {
        var read = s
        for name in names {
            guard let dataset = s.dataset(named: name) else { continue }
            read.upsert(try readAllColumns(of: dataset, at: range))
        }
        return read
    }

    /// The unread columns among `indices` of `dataset` (a column's field is its place in
    /// the file), in order.
    private func unreadColumns(_ indices: Set<Int>, of dataset: Dataset) -> [Int] {
        indices.sorted().filter {
            dataset.columns.indices.contains($0) && !dataset.columns[$0].isRead
        }
    }

    /// The question reading the unread columns among `indices` of `dataset` from its file
    /// asks; nil where there are none (or it was not loaded on demand).
    func columnsQuestion(_ indices: Set<Int>, of dataset: Dataset, at range: SourceRange)
        -> FileQuestion?
    {
        columnsQuestion(unread: unreadColumns(indices, of: dataset), of: dataset, at: range)
    }

    /// The question reading columns `unread` (`unreadColumns`) of `dataset` asks.
    private func columnsQuestion(unread: [Int], of dataset: Dataset, at range: SourceRange)
        -> FileQuestion?
    {
        guard !unread.isEmpty, let file = dataset.onDemand,
            case .file(let path, let options) = dataset.source
        else { return nil }
        let fields = unread.compactMap { i -> Int? in
            if case .unread(let field, _, _) = dataset.columns[i].values { return field }
            return nil
        }
        // Fields a sample judged text: the numeric pass keeps none of their cells.
        let textual = Set(
            unread.compactMap { i -> Int? in
                if case .unread(let field, _, .text) = dataset.columns[i].values { return field }
                return nil
            })
        return .fields(
            fields, textual: textual, of: file, path: path, names: dataset.columns.map(\.name),
            options: options, at: range)
    }

    /// Reads the unread columns among `indices` of `dataset` from its file, which must be the
    /// one loaded (the answer to `columnsQuestion`). A column whose cells, read whole, are
    /// of another kind than the sample showed is refused: the chart would not be what the
    /// load said.
    private func readColumns(_ indices: Set<Int>, of dataset: inout Dataset, at range: SourceRange)
        throws(Diagnostic)
    {
        let unread = unreadColumns(indices, of: dataset)
        guard let question = columnsQuestion(unread: unread, of: dataset, at: range),
            case .fields(_, _, let file, _, let names, let options, _) = question
        else { return }
        guard case .columns(let read) = try self.read(question, at: range) else {
            throw Diagnostic(.unread([question]), at: range)
        }
        let epochColumn = options.xColumn.flatMap { Column.index(of: $0, in: names) }
        for (i, read) in zip(unread, read) {
            var column = read
            if let reading = options.time, i == epochColumn {
                column = try Self.timed(column, by: reading, zone: file.timeZone, at: range)
            }
            guard column.kind == dataset.columns[i].kind else {
                throw Diagnostic(
                    .columnKindChanged(
                        dataset: dataset.name, column: column.name,
                        judged: dataset.columns[i].kindName, read: column.kindName),
                    at: range)
            }
            dataset.columns[i] = column
        }
    }
}
