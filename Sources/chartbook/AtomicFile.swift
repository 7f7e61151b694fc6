#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writes files so that readers see the old content or the new, never a part: write a
/// temporary file in the same directory, flush it to disk, rename it over the target.
enum AtomicFile {
    struct Failure: Error { var reason: String }

    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(Failure) {
        let temporary = path + ".tmp.\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(reason: LocalFiles.reason(errno)) }
        if let code = StandardStreams.writeAll(fd, bytes) {
            close(fd); unlink(temporary)
            throw Failure(reason: LocalFiles.reason(code))
        }
        guard fsync(fd) == 0, close(fd) == 0 else { unlink(temporary); throw Failure(reason: LocalFiles.reason(errno)) }
        guard rename(temporary, path) == 0 else {
            let reason = LocalFiles.reason(errno)
            unlink(temporary)
            throw Failure(reason: reason)
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
