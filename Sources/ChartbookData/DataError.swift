/// Why bytes could not be read as a dataset. Messages are made by the caller's formatter.
public enum DataError: Error, Equatable, Sendable {
    case empty
    case unterminatedQuote(line: Int)
    case raggedRow(line: Int, fields: Int, expected: Int)
    case unknownLabelColumn(String, available: [String])
    case noNumericColumn(names: [String])
    /// The one column is the `labels=` one: nothing left to be a column.
    case onlyLabels(String)
    case invalidJSON(String)
    /// The caller asked to stop (Ctrl-C) before the read finished.
    case cancelled
    /// A field on `line` is longer than `limit` bytes (`ResourceLimits.maxFieldBytes`).
    case fieldTooLong(line: Int, limit: Int)
    /// A database cell (row `row`, 1-based, of column `column`) is longer than `limit` bytes
    /// (`ResourceLimits.maxFieldBytes`, the limit of a CSV field).
    case cellTooLong(row: Int, column: String, limit: Int)
    /// The record starting on `line` is longer than `limit` bytes.
    case lineTooLong(line: Int, limit: Int)
    /// A record has more than `limit` fields.
    case tooManyColumns(line: Int, limit: Int)
    /// Reading would take more than the memory budget (`needed` is at least this many bytes).
    case overBudget(needed: Int, budget: Int)
    /// A byte-order mark of an encoding that is not read (UTF-32).
    case unsupportedEncoding(String)
    /// NUL bytes near the start: a binary file, or UTF-16 without a byte-order mark.
    case notText
    /// A file read on demand is not the one loaded any more (another file at its path, or
    /// the same file written since).
    case changedSinceLoaded
    /// The file shrank while it was read (another process cut it): what was read is not it.
    case changedWhileRead
}
