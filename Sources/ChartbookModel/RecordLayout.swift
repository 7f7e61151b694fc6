/// How the records of a plain delimited file lie, as one scan of it found: what a later read
/// of some of its columns needs to find them again (columns on demand).
public struct RecordLayout: Equatable, Sendable {
    /// The byte fields are separated by.
    public var separator: UInt8
    /// The offset in bytes of the first record (after a byte-order mark and the header),
    /// and its line (1-based, for messages about a record).
    public var body: Int
    public var bodyLine: Int
    /// Records (blank and `#` comment lines are not records).
    public var rows: Int
    /// Where the scan split the records for the two cores (a record's start, or the end),
    /// and the records before it: reading splits there, without counting lines again.
    public var splitOffset: Int
    public var rowsBeforeSplit: Int

    public init(
        separator: UInt8, body: Int, bodyLine: Int, rows: Int, splitOffset: Int,
        rowsBeforeSplit: Int
    ) {
        self.separator = separator
        self.body = body
        self.bodyLine = bodyLine
        self.rows = rows
        self.splitOffset = splitOffset
        self.rowsBeforeSplit = rowsBeforeSplit
    }
}
