#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartbookCommands
import ChartbookModel

/// Files on this machine, read with plain POSIX calls.
///
/// Regular files are mapped (large) or read (small); anything else that can be opened — a
/// pipe, a FIFO, a device such as /dev/stdin — is read once, as a stream, under the same
/// limits: the memory budget, the line limit, and Ctrl-C (`isCancelled`) between chunks.
struct LocalFiles: FileAccess {
    let home: String?
    let workingDirectory: String
    var limits = ResourceLimits()
    var isCancelled: @Sendable () -> Bool = { false }

    func resolve(_ path: String, relativeTo directory: String?) -> String {
        if path == "~" { return home ?? path }
        if path.hasPrefix("~/"), let home { return home + String(path.dropFirst(1)) }
        if path.hasPrefix("/") { return path }
        if path.isEmpty { return directory ?? workingDirectory }
        return (directory ?? workingDirectory) + "/" + path
    }

    func read(_ path: String) throws(FileAccessError) -> [UInt8] {
        let fd = try openForReading(path)
        defer { close(fd) }
        _ = try regularFileSize(fd)  // refuses a directory
        return try readStream(fd, budget: limits.memoryBudget)
    }

    /// Opens `path` read-only. A name that holds U+FFFD may stand for a file whose name is
    /// not UTF-8: it is looked up among the directory's entries by its lossy spelling.
    func openForReading(_ path: String) throws(FileAccessError) -> Int32 {
        while true {
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
            if fd >= 0 { return fd }
            let code = errno
            if code == EINTR {
                if isCancelled() { throw FileAccessError.cancelled } else { continue }
            }
            if code == ENOENT, path.contains("\u{FFFD}"), let raw = RawFileName.lookUp(path) {
                let fd = open(raw, O_RDONLY | O_CLOEXEC | O_NOCTTY)
                if fd >= 0 { return fd }
            }
            throw FileAccessError(Self.reason(code))
        }
    }

    /// The size of a regular file, nil for a stream; refuses directories.
    private func regularFileSize(_ fd: Int32) throws(FileAccessError) -> Int? {
        try regularFile(fd)?.size
    }

    /// The identity of the regular file open as `fd`; nil for a FIFO or a device.
    private func regularFile(_ fd: Int32) throws(FileAccessError) -> FileIdentity? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileAccessError(Self.reason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw FileAccessError("it is a directory")
        case S_IFREG:
            return FileIdentity(
                device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
        default: return nil
        }
    }

    /// Everything `fd` yields, in chunks of 64 KiB (a pipe's capacity; a regular file this
    /// reads is under 64 KiB, a larger one is mapped), held to the limits and at most `budget`
    /// bytes. A chunk of 1 MiB cost a 10-row chart 256 page faults and a memset of the MiB:
    /// 1 ms of its start on a machine where a fault takes 3.5 µs.
    private func readStream(_ fd: Int32, budget: Int) throws(FileAccessError) -> [UInt8] {
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var sinceNewline = 0
        while true {
            if isCancelled() { throw FileAccessError.cancelled }
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileAccessError(Self.reason(errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            guard bytes.count <= budget else {
                throw FileAccessError(
                    "it is larger than the memory budget of \(ResourceLimits.bytesText(budget))")
            }
            // A stream of NULs (/dev/zero, /dev/urandom) or one endless line is judged by its
            // start: the reader refuses it from what is here, without reading the rest.
            if bytes.count <= n && chunk[0..<n].contains(0) && !Self.startsWithUTF16Mark(bytes) {
                break
            }
            if let last = chunk[0..<n].lastIndex(of: 10) {
                sinceNewline = n - last - 1
            } else {
                sinceNewline += n
            }
            if sinceNewline > limits.maxLineBytes { break }
        }
        return bytes
    }

    private static func startsWithUTF16Mark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2
            && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
    }

    func head(_ path: String, bytes: Int) -> [UInt8]? {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; only regular files are read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var buffer = [UInt8](repeating: 0, count: max(bytes, 0))
        let got = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return got >= 0 ? Array(buffer.prefix(got)) : nil
    }

    func list(_ directory: String) -> [DirectoryEntry] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var entries = [DirectoryEntry]()
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var isDirectory = entry.pointee.d_type == UInt8(DT_DIR)
            if entry.pointee.d_type == UInt8(DT_LNK) || entry.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isDirectory =
                    stat(directory + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return entries
    }

    /// A read-only private mapping; consumed ranges are dropped with MADV_DONTNEED so the
    /// file's pages leave the process's resident set as parsing moves on. Small files and
    /// streams are read — through the one descriptor opened here (a FIFO is opened once).
    func map(_ path: String, budget: Int) throws(FileAccessError) -> MappedBytes {
        let fd = try openForReading(path)
        defer { close(fd) }
        let identity = try regularFile(fd)
        guard let size = identity?.size, size >= 1 << 16,
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED
        else {
            return MappedBytes(bytes: try readStream(fd, budget: budget), identity: identity)
        }
        madvise(address, size, MADV_SEQUENTIAL)
        // A fault while it is read means the file shrank: `MappedFileFaults` fills the lost
        // pages with zeros, and the reader is told.
        let faultsBefore = MappedFileFaults.count
        let base = UInt(bitPattern: address)
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let buffer = UnsafeBufferPointer(
            start: address.assumingMemoryBound(to: UInt8.self), count: size)
        let bytes = MappedBytes(
            buffer: buffer,
            release: { start, end in
                // The pages before `end`, from the one holding `start`: a pass gives back
                // its ranges one after another, and the page a range ends in is the page the
                // next begins in — left by both when each took only whole pages, one page
                // a call (27 MiB of a 10^7-row long file held at the end of its passes). A
                // page another pass still reads is faulted in again from the page cache:
                // the mapping is read-only, so nothing is lost.
                let first = (base + UInt(start)) / page * page
                let last = (base + UInt(end)) / page * page
                if last > first {
                    madvise(
                        UnsafeMutableRawPointer(bitPattern: first), Int(last - first), MADV_DONTNEED
                    )
                }
            }, free: { munmap(UnsafeMutableRawPointer(bitPattern: base), size) },
            shrank: { MappedFileFaults.count != faultsBefore })
        bytes.identity = identity
        return bytes
    }

    /// Replaces or writes through `path` (see `SafeFileWriter`), creating missing parent
    /// directories.
    func write(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
        try checkDirectory(of: path)
        do { try SafeFileWriter.write(bytes, to: path) } catch {
            throw FileAccessError(error.reason)
        }
    }

    func writeStreamed(
        to path: String,
        _ produce: (_ append: ([UInt8]) throws(FileAccessError) -> Void) throws(FileAccessError)
            -> Void
    ) throws(FileAccessError) {
        try checkDirectory(of: path)
        do {
            try SafeFileWriter.write(to: path) { fd throws(SafeFileWriter.Failure) in
                do throws(FileAccessError) {
                    try produce { part throws(FileAccessError) in
                        do throws(SafeFileWriter.Failure) {
                            try SafeFileWriter.writeAll(fd, part)
                        } catch { throw FileAccessError(error.reason) }
                    }
                } catch { throw SafeFileWriter.Failure(reason: error.reason) }
            }
        } catch { throw FileAccessError(error.reason) }
    }

    /// A path's directory must exist: a typo in a path must not create a tree.
    private func checkDirectory(of path: String) throws(FileAccessError) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let directory = String(path[..<slash])
            var info = stat()
            guard stat(directory, &info) == 0 else {
                throw FileAccessError(
                    "the directory '\(TextMetrics.sanitized(directory))' does not exist")
            }
        }
    }

    func makeDirectory(_ path: String) throws(FileAccessError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw FileAccessError("'\(TextMetrics.sanitized(path))' is not a directory")
            }
            return
        }
        SafeFileWriter.makeDirectories(path, mode: 0o755)
        guard stat(path, &info) == 0 else {
            throw FileAccessError("cannot create the directory '\(TextMetrics.sanitized(path))'")
        }
    }

    func remove(_ path: String) throws(FileAccessError) {
        guard unlink(path) == 0 else { throw FileAccessError(Self.reason(errno)) }
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "it is a directory"
        default: String(cString: strerror(code))
        }
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(
            decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
