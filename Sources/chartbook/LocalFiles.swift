#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChartbookCommands

/// Files on this machine, read with plain POSIX calls.
struct LocalFiles: FileAccess {
    let home: String?
    let workingDirectory: String

    func resolve(_ path: String, relativeTo directory: String?) -> String {
        if path == "~" { return home ?? path }
        if path.hasPrefix("~/"), let home { return home + String(path.dropFirst(1)) }
        if path.hasPrefix("/") { return path }
        if path.isEmpty { return directory ?? workingDirectory }
        return (directory ?? workingDirectory) + "/" + path
    }

    func read(_ path: String) throws(FileAccessError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw FileAccessError(Self.reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileAccessError(Self.reason(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileAccessError("it is a directory") }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw FileAccessError(Self.reason(errno)) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
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
                isDirectory = stat(directory + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return entries
    }

    /// A read-only private mapping; consumed ranges are dropped with MADV_DONTNEED so the
    /// file's pages leave the process's resident set as parsing moves on. Small files are read.
    func map(_ path: String) throws(FileAccessError) -> MappedBytes {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileAccessError(Self.reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileAccessError(Self.reason(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileAccessError("it is a directory") }
        let size = Int(info.st_size)
        guard (info.st_mode & S_IFMT) == S_IFREG, size >= 1 << 16 else { return MappedBytes(bytes: try read(path)) }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            return MappedBytes(bytes: try read(path))
        }
        madvise(address, size, MADV_SEQUENTIAL)
        let base = UInt(bitPattern: address)
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        return MappedBytes(buffer: buffer, release: { start, end in
            // Whole pages inside [start, end) only.
            let first = (base + UInt(start) + page - 1) / page * page
            let last = (base + UInt(end)) / page * page
            if last > first { madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), MADV_DONTNEED) }
        }, free: { munmap(UnsafeMutableRawPointer(bitPattern: base), size) })
    }

    /// Atomically (temporary file + rename), creating missing parent directories.
    func write(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let directory = String(path[..<slash])
            var info = stat()
            if stat(directory, &info) != 0 {
                AtomicFile.makeDirectories(directory, mode: 0o755)
                guard stat(directory, &info) == 0 else { throw FileAccessError("cannot create the directory '\(directory)'") }
            }
        }
        do { try AtomicFile.write(bytes, to: path) } catch { throw FileAccessError(error.reason) }
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
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
