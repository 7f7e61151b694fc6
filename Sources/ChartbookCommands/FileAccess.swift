import ChartbookModel
import Synchronization

/// The executor's only way to the file system, provided by the shell (and faked in tests).
public protocol FileAccess: Sendable {
    /// An absolute path for `path` as typed: `~` expanded, relative paths against `directory`
    /// (or the working directory when nil).
    func resolve(_ path: String, relativeTo directory: String?) -> String
    /// The file's bytes. Throws `FileAccessError` with a reason a person can act on.
    func read(_ path: String) throws(FileAccessError) -> [UInt8]
    /// Entries of a directory (for path completion); empty when it cannot be read.
    func list(_ directory: String) -> [DirectoryEntry]
    /// The first `bytes` bytes of a regular file, for completion (never blocks: nil for
    /// anything else — a FIFO, a device, a missing file).
    func head(_ path: String, bytes: Int) -> [UInt8]?
    /// The file's bytes for reading once, front to back (large data files): may be a memory
    /// mapping whose consumed pages can be given back with `MappedBytes.release`. A stream
    /// (pipe, device) read into memory may take at most `budget` bytes (the command's
    /// memory budget, which `set memory` changes).
    func map(_ path: String, budget: Int) throws(FileAccessError) -> MappedBytes
    /// Writes a whole file atomically (readers see the old file or the new one, never a
    /// part). Its directory must exist: a typo in a path must not create a tree.
    func write(_ bytes: [UInt8], to path: String) throws(FileAccessError)
    /// Writes a file as `write` does, from parts made while it is written: `produce` calls
    /// `append` with each, and only a part is held in memory. The file appears whole when
    /// `produce` returns, and the old one stays when it throws.
    func writeStreamed(
        to path: String,
        _ produce: (_ append: ([UInt8]) throws(FileAccessError) -> Void) throws(FileAccessError)
            -> Void
    ) throws(FileAccessError)
    /// Creates the directory `path` and any missing parents (a directory the user named as
    /// one: `snapshot on DIR`).
    func makeDirectory(_ path: String) throws(FileAccessError)
    /// Removes a file this session wrote (taking back half of a pair that must be written
    /// together).
    func remove(_ path: String) throws(FileAccessError)
}

extension FileAccess {
    public func list(_ directory: String) -> [DirectoryEntry] { [] }
    public func head(_ path: String, bytes: Int) -> [UInt8]? { nil }
    public func map(_ path: String, budget: Int) throws(FileAccessError) -> MappedBytes {
        MappedBytes(bytes: try read(path))
    }
    public func write(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
        throw FileAccessError("read-only")
    }
    /// The parts gathered, then written whole (for file systems in memory).
    public func writeStreamed(
        to path: String,
        _ produce: (_ append: ([UInt8]) throws(FileAccessError) -> Void) throws(FileAccessError)
            -> Void
    ) throws(FileAccessError) {
        var whole = [UInt8]()
        try produce { part throws(FileAccessError) in whole += part }
        try write(whole, to: path)
    }
    public func remove(_ path: String) throws(FileAccessError) {
        throw FileAccessError("read-only")
    }
    public func makeDirectory(_ path: String) throws(FileAccessError) {
        throw FileAccessError("read-only")
    }
}

/// One name in a directory.
public struct DirectoryEntry: Equatable, Sendable {
    public var name: String
    public var isDirectory: Bool
    public init(name: String, isDirectory: Bool) {
        self.name = name
        self.isDirectory = isDirectory
    }
}

public struct FileAccessError: Error, Equatable, Sendable {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    /// Ctrl-C while reading: the command stops with `Diagnostic.Kind.cancelled`.
    public static let cancelled = FileAccessError("interrupted")
}

/// Files held in memory, for tests and for sessions that must not touch the disk. Copies
/// share one store, so what a command writes can be read back.
public struct InMemoryFiles: FileAccess {
    final class Store: Sendable {
        let files: Mutex<[String: [UInt8]]>
        /// How many times each path was written (its identity's modification time).
        let versions = Mutex([String: Int64]())
        init(_ files: [String: [UInt8]]) { self.files = Mutex(files) }
    }
    let store: Store
    public var workingDirectory: String
    /// Paths that cannot be written (to test failures).
    public var readOnlyPrefixes: [String] = ["/readonly"]

    public init(_ files: [String: String] = [:], workingDirectory: String = "/work") {
        store = Store(files.mapValues { Array($0.utf8) })
        self.workingDirectory = workingDirectory
    }

    public var files: [String: [UInt8]] { store.files.withLock { $0 } }

    public func write(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
        if readOnlyPrefixes.contains(where: { path.hasPrefix($0) }) {
            throw FileAccessError("permission denied")
        }
        store.files.withLock { $0[path] = bytes }
        store.versions.withLock { $0[path, default: 0] += 1 }
    }

    /// Directories are implied by the files in them here.
    public func makeDirectory(_ path: String) throws(FileAccessError) {
        if readOnlyPrefixes.contains(where: { path.hasPrefix($0) }) {
            throw FileAccessError("permission denied")
        }
    }

    public func remove(_ path: String) throws(FileAccessError) {
        if readOnlyPrefixes.contains(where: { path.hasPrefix($0) }) {
            throw FileAccessError("permission denied")
        }
        guard store.files.withLock({ $0.removeValue(forKey: path) }) != nil else {
            throw FileAccessError("no such file")
        }
    }

    /// The file as a copy, with an identity: the path's hash for its inode, its writes for
    /// its modification time (so on-demand reading sees a rewritten file as changed).
    public func map(_ path: String, budget: Int) throws(FileAccessError) -> MappedBytes {
        let bytes = try read(path)
        let identity = FileIdentity(
            device: 0, inode: UInt64(truncatingIfNeeded: path.hashValue), size: bytes.count,
            modified: store.versions.withLock { $0[path] ?? 0 })
        return MappedBytes(bytes: bytes, identity: identity)
    }

    public func resolve(_ path: String, relativeTo directory: String?) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") { return "/home/user/" + path.dropFirst(2) }
        return path.isEmpty
            ? (directory ?? workingDirectory) : (directory ?? workingDirectory) + "/" + path
    }

    public func read(_ path: String) throws(FileAccessError) -> [UInt8] {
        guard let bytes = store.files.withLock({ $0[path] }) else {
            throw FileAccessError("no such file")
        }
        return bytes
    }

    public func head(_ path: String, bytes: Int) -> [UInt8]? {
        store.files.withLock { $0[path] }.map { Array($0.prefix(bytes)) }
    }

    public func list(_ directory: String) -> [DirectoryEntry] {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var entries = [String: Bool]()
        for path in files.keys where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") {
                entries[String(rest[..<slash])] = true
            } else {
                entries[String(rest)] = false
            }
        }
        return entries.map { DirectoryEntry(name: $0.key, isDirectory: $0.value) }.sorted {
            $0.name < $1.name
        }
    }
}

/// Bytes to parse: an owned copy, or a read-only memory mapping provided by the shell.
/// `release` tells the owner a range has been consumed (a mapping drops those pages, so a
/// file being parsed does not stay resident). Not copied: a class, used by one load.
public final class MappedBytes: @unchecked Sendable {
    public let buffer: UnsafeBufferPointer<UInt8>
    /// Which file the bytes are, when they are a regular file's (nil: a stream, or a copy of
    /// unknown origin). Only a file with an identity can be read on demand.
    public var identity: FileIdentity?
    private let releaseRange: @Sendable (Int, Int) -> Void
    private let free: @Sendable () -> Void
    private let shrankWhileRead: @Sendable () -> Bool

    /// A mapping (or any memory) with its page-release and unmap functions, and `shrank`:
    /// whether the file lost pages of the mapping since it was made (the shell replaces them
    /// with zeros rather than let the read fault), so what was read from it is not the file.
    public init(
        buffer: UnsafeBufferPointer<UInt8>, release: @escaping @Sendable (Int, Int) -> Void,
        free: @escaping @Sendable () -> Void, shrank: @escaping @Sendable () -> Bool = { false }
    ) {
        self.buffer = buffer
        releaseRange = release
        self.free = free
        shrankWhileRead = shrank
    }

    /// Whether the file shrank under the mapping while it was read: what was read is wrong.
    public var shrank: Bool { shrankWhileRead() }

    /// An owned copy of `bytes` (of the file `identity`, when known).
    public convenience init(bytes: [UInt8], identity: FileIdentity? = nil) {
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = memory.initialize(from: bytes)
        let view = UnsafeBufferPointer(start: memory.baseAddress, count: bytes.count)
        let address = UInt(bitPattern: memory.baseAddress)
        self.init(
            buffer: view, release: { _, _ in },
            free: { UnsafeMutableRawPointer(bitPattern: address)?.deallocate() })
        self.identity = identity
    }

    public func release(_ start: Int, _ end: Int) { releaseRange(start, end) }

    deinit { free() }
}
