#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import ChartbookModel

/// File names that are not valid UTF-8 or hold control characters. chartbook shows such a
/// name with U+FFFD where its odd bytes were (as completion lists it, sanitised); this finds
/// the one directory entry that reads that way and returns its real bytes.
enum RawFileName {
    /// The real path bytes (NUL-terminated) for `path`, whose last component holds U+FFFD,
    /// when exactly one entry of its directory decodes and sanitises to that name.
    static func lookUp(_ path: String) -> [CChar]? {
        let directory = SafeFileWriter.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var matches = [[UInt8]]()
        while let entry = readdir(dir) {
            let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if TextMetrics.sanitized(String(decoding: raw, as: UTF8.self)) == name {
                matches.append(raw)
            }
        }
        guard matches.count == 1, let raw = matches.first else { return nil }
        let bytes = Array((directory == "/" ? "/" : directory + "/").utf8) + raw + [0]
        return bytes.map { CChar(bitPattern: $0) }
    }
}
