/// Why bytes could not be read as a dataset. Messages are made by the caller's formatter.
public enum DataError: Error, Equatable, Sendable {
    case empty
    case unterminatedQuote(line: Int)
    case raggedRow(line: Int, fields: Int, expected: Int)
    case unknownLabelColumn(String, available: [String])
    case noNumericColumn(names: [String])
    case invalidJSON(String)
    /// The caller asked to stop (Ctrl-C) before the read finished.
    case cancelled
}
