/// What reading a column of a large delimited file later needs (columns on demand): the
/// file as it was when loaded, where its records start and how they split, how many there
/// are, and the zone its zoneless times are read in. `load` scans the file once for this
/// and judges each column's kind from a sample; a column's cells are read when a drawing,
/// `describe` or an export first needs them — from the same file, or not at all when it has
/// changed since (`reload` reads it again).
public struct OnDemandFile: Equatable, Sendable {
    /// The file as loaded: reading is refused when it is no longer this one.
    public var identity: FileIdentity
    /// The byte fields are separated by.
    public var separator: UInt8
    /// The offset in bytes of the first record (after a byte-order mark and the header),
    /// and its line (1-based, for messages about a record).
    public var body: Int
    public var bodyLine: Int
    /// Fields per record (the header's).
    public var width: Int
    /// Records (blank and `#` comment lines are not records).
    public var rows: Int
    /// Where the scan split the records for the two cores (a record's start, or the end),
    /// and the records before it: reading splits there, without counting lines again.
    public var splitOffset: Int
    public var rowsBeforeSplit: Int
    /// The zone times written without one are read in (`set timezone` when loaded).
    public var timeZone: TimeZoneSetting

    public init(
        identity: FileIdentity, separator: UInt8, body: Int, bodyLine: Int, width: Int,
        rows: Int, splitOffset: Int, rowsBeforeSplit: Int, timeZone: TimeZoneSetting
    ) {
        self.splitOffset = splitOffset
        self.rowsBeforeSplit = rowsBeforeSplit
        self.bodyLine = bodyLine
        self.identity = identity
        self.separator = separator
        self.body = body
        self.width = width
        self.rows = rows
        self.timeZone = timeZone
    }
}

/// Which file a path named when it was read: the same device, inode, size and modification
/// time mean the same bytes (the rule `make` and `rsync` rely on).
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    /// Bytes.
    public var size: Int
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public var modified: Int64

    public init(device: UInt64, inode: UInt64, size: Int, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }
}
