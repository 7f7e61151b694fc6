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
