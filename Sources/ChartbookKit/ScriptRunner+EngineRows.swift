import ChartbookCommands
import ChartbookData
import ChartbookModel

/// `save csv` of a remote dataset (issue 28): every row of its query, streamed from the
/// engine's transport (PostgreSQL through a cursor, ClickHouse as one answer parsed as it
/// arrives: `Executor.forEachEngineRow`) into
/// the file as it is written — one batch in memory, the file
/// appearing whole only once the last row is in, byte for byte what `mode=local` writes.
extension ScriptRunner {
    /// Rows fetched and written at a time.
    static let csvBatch = 10_000

    /// Writes `dataset`'s rows as CSV to `path` and returns how many there were.
    func writeEngineRows(of dataset: Dataset, to path: String, at range: SourceRange)
        throws(Diagnostic) -> Int
    {
        guard let table = dataset.remote, case .query(let query) = dataset.source else {
            throw Diagnostic(
                .cannotWrite(path: path, reason: "the dataset is not in an engine"), at: range)
        }
        var failure: DatabaseFailure?
        // The file's own failure, when appending a batch stopped the engine's rows.
        var writeFailure: FileAccessError?
        var written = 0
        do {
            try executor.files.writeStreamed(to: path) { append throws(FileAccessError) in
                // The engine's failure is kept to be reported as itself.
                func engine<T>(_ step: () throws(DatabaseFailure) -> T) throws(FileAccessError) -> T
                {
                    do { return try step() } catch {
                        if let writeFailure { throw writeFailure }
                        failure = error
                        throw FileAccessError("the engine stopped")
                    }
                }
                var batch = dataset
                batch.columns = table.columns(of: [])
                try append(Array(DatasetTable.csvHeader(batch).utf8))
                try engine { () throws(DatabaseFailure) in
                    try executor.forEachEngineRow(
                        of: table, in: query, batch: Self.csvBatch
                    ) { rows throws(DatabaseFailure) in
                        batch.columns = table.columns(of: rows)
                        do throws(FileAccessError) {
                            try append(Array(DatasetTable.csvLines(batch).utf8))
                        } catch {
                            writeFailure = error
                            throw .data(.cancelled)
                        }
                        written += rows.count
                    }
                }
            }
        } catch {
            if let failure { throw executor.engineFailure(failure, query, at: range) }
            throw Diagnostic(.cannotWrite(path: path, reason: error.reason), at: range)
        }
        return written
    }
}
