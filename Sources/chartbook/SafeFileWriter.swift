#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import ChartbookCommands

/// Writes whole files so that readers see the old content or the new, never a part, and so
/// that nothing but the named file can be changed (Docs/limits.md, "Writing files"):
///
/// - A **regular file or a new path** is replaced atomically: the bytes go to an anonymous
///   file in the same directory (`O_TMPFILE`; a `mkstemp` name where the file system lacks
///   it), which is flushed and renamed over the target. The target's permission bits (and,
///   for root, its owner) are kept. The temporary file has no name until the instant before
///   the rename, every failure removes it, and Ctrl-C, hang-up and termination wait for the
///   rename. Only SIGKILL in that instant can leave it, as `.chartbook-PID-…` with the
///   writer's process id: the next save in that directory removes those whose writer is gone.
/// - A **symbolic link** is followed: the file it points to is replaced and the link stays.
/// - A **character device or FIFO** (`/dev/null`, `/dev/tty`, a named pipe) is written
///   through, never replaced; a FIFO nobody reads is refused rather than waited on.
///   `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` write to that descriptor as it is.
/// - Anything else (a directory, a block device, a socket) is refused.
enum SafeFileWriter {
    struct Failure: Error {
        var reason: String
        /// An anonymous temporary file could not be given a name (no /proc): try a named one.
        var anonymousUnsupported = false
    }

    /// What goes into the file: written to the open descriptor, in one piece or in parts.
    typealias Content = (Int32) throws(Failure) -> Void

    static func write(_ bytes: [UInt8], to path: String, newFileMode: mode_t = 0o666)
        throws(Failure)
    {
        try write(to: path, newFileMode: newFileMode) { fd throws(Failure) in
            try writeAll(fd, bytes)
        }
    }

    /// All of `bytes` to `fd`.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(Failure) {
        if let code = StandardStreams.writeAll(fd, bytes) {
            throw Failure(reason: LocalFiles.reason(code))
        }
    }

    /// The file at `path` made of what `content` writes, with every guarantee above (a
    /// content written in parts holds at most a part in memory).
    static func write(to path: String, newFileMode: mode_t = 0o666, content: Content)
        throws(Failure)
    {
        if let fd = standardDescriptor(path) {
            try content(fd)
            return
        }
        let target = try followLinks(path)
        var info = stat()
        guard lstat(target, &info) == 0 else {
            guard errno == ENOENT else { throw Failure(reason: LocalFiles.reason(errno)) }
            let mask = umask(0)
            umask(mask)
            try replace(target, with: content, mode: newFileMode & ~mask, owner: nil)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try replace(
                target, with: content, mode: info.st_mode & 0o7777,
                owner: (info.st_uid, info.st_gid))
        case S_IFCHR, S_IFIFO: try writeThrough(target, content)
        case S_IFDIR: throw Failure(reason: "it is a directory")
        case S_IFBLK:
            throw Failure(
                reason: "it is a block device; chartbook writes only files, pipes and terminals")
        default: throw Failure(reason: "it is not a regular file")
        }
    }

    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the descriptor itself,
    /// written to as it is (opening the path again would start at offset 0 of a redirected file).
    static func standardDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                guard let fd = Int32(path.dropFirst(prefix.count)), fcntl(fd, F_GETFD) != -1 else {
                    return nil
                }
                return fd
            }
            return nil
        }
    }

    /// The path a chain of symbolic links ends at (the path itself when it is not a link).
    static func followLinks(_ path: String) throws(Failure) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else {
                return current
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw Failure(reason: LocalFiles.reason(errno)) }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
        }
        throw Failure(reason: "too many levels of symbolic links")
    }

    /// The directory part of `path` (`.` for a bare name).
    static func directory(of path: String) -> String {
        ScriptSource.directory(containing: path) ?? "."
    }

    /// Writes into an existing character device or FIFO.
    private static func writeThrough(_ path: String, _ content: Content) throws(Failure) {
        // O_NONBLOCK: opening a FIFO with no reader fails (ENXIO) instead of waiting forever.
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(
                reason: errno == ENXIO ? "no process is reading the pipe" : LocalFiles.reason(errno)
            )
        }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        try content(fd)
    }

    /// Atomic replacement of a regular file (or creation of a new one).
    private static func replace(
        _ path: String, with content: Content, mode: mode_t,
        owner: (uid_t, gid_t)?
    ) throws(Failure) {
        // An anonymous file is named through /proc: without it, a named one from the start
        // (content made in parts cannot be made twice).
        var started = false
        do {
            try replace(
                path, with: content, mode: mode, owner: owner,
                anonymous: access("/proc/self/fd", F_OK) == 0, started: &started)
        } catch let failure where failure.anonymousUnsupported && !started {
            // The file system has no anonymous files: a named temporary file instead.
            try replace(
                path, with: content, mode: mode, owner: owner, anonymous: false, started: &started)
        }
    }

    private static func replace(
        _ path: String, with content: Content, mode: mode_t, owner: (uid_t, gid_t)?,
        anonymous: Bool, started: inout Bool
    ) throws(Failure) {
        var temporary = TemporaryFile(directory: directory(of: path))
        TemporaryFile.removeLeftovers(in: temporary.directory)
        let fd = try temporary.open(anonymous: anonymous)
        do throws(Failure) {
            started = true
            try content(fd)
            guard fchmod(fd, mode) == 0 else { throw Failure(reason: LocalFiles.reason(errno)) }
            if let (uid, gid) = owner, geteuid() == 0 { _ = fchown(fd, uid, gid) }
            guard fsync(fd) == 0 else { throw Failure(reason: LocalFiles.reason(errno)) }
            // The named moment, from link to rename: signals that end the process wait.
            var quiet = sigset_t(), previous = sigset_t()
            sigemptyset(&quiet)
            for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&quiet, signal) }
            pthread_sigmask(SIG_BLOCK, &quiet, &previous)
            defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
            let name = try temporary.link(fd)
            guard rename(name, path) == 0 else { throw Failure(reason: LocalFiles.reason(errno)) }
            temporary.renamed = true
            close(fd)
        } catch {
            close(fd)
            temporary.remove()
            throw error
        }
    }

    /// `mkdir -p` with `mode` for the directories it makes.
    static func makeDirectories(_ path: String, mode: mode_t = 0o700) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, mode)
        }
    }
}

/// The temporary file of one replacement: anonymous while written, named only to be renamed.
private struct TemporaryFile {
    let directory: String
    /// The name it was given (by `mkstemp`, or by `link` for an anonymous file).
    private(set) var name: String?
    var renamed = false

    init(directory: String) { self.directory = directory }

    /// Linux's O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not export
    /// without _GNU_SOURCE. Where a kernel or file system lacks it, `open` fails and
    /// `mkstemp` is used.
    static let tmpfileFlag: Int32 = 0o20000000 | O_DIRECTORY

    /// Opens it for writing, mode 0600 until the caller sets the final mode.
    mutating func open(anonymous: Bool) throws(SafeFileWriter.Failure) -> Int32 {
        if anonymous {
            let fd = Glibc.open(directory, Self.tmpfileFlag | O_WRONLY | O_CLOEXEC, 0o600)
            if fd >= 0 { return fd }
        }
        var template = Array((directory + "/" + Self.prefix + "XXXXXX").utf8CString)
        let named = mkstemp(&template)
        guard named >= 0 else { throw SafeFileWriter.Failure(reason: LocalFiles.reason(errno)) }
        _ = fcntl(named, F_SETFD, FD_CLOEXEC)
        name = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return named
    }

    /// A name in the directory for the file open as `fd`, to rename from. Never follows or
    /// replaces anything already there: `linkat` fails on an existing name, and a fresh
    /// random one is tried.
    mutating func link(_ fd: Int32) throws(SafeFileWriter.Failure) -> String {
        if let name { return name }
        for _ in 0..<16 {
            let candidate =
                directory + "/" + Self.prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW) == 0
            {
                name = candidate
                return candidate
            }
            let code = errno
            guard code == EEXIST else {
                throw SafeFileWriter.Failure(
                    reason: LocalFiles.reason(code), anonymousUnsupported: code == ENOENT)
            }
        }
        throw SafeFileWriter.Failure(reason: "cannot name a temporary file")
    }

    /// `.chartbook-PID-`: the names this process gives its temporary files.
    static var prefix: String { ".chartbook-\(getpid())-" }

    /// Removes `.chartbook-PID-…` files left in `directory` by writers that are gone (killed
    /// in the instant between naming and renaming). A live writer's, or one whose process id
    /// was taken again, is left alone.
    static func removeLeftovers(in directory: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix(".chartbook-") else { continue }
            let fields = name.dropFirst(".chartbook-".count).split(separator: "-")
            guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0,
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink(directory + "/" + name)
        }
    }

    /// Removes the named temporary file, if any and not yet renamed.
    func remove() {
        if let name, !renamed { unlink(name) }
    }
}
