#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes to standard output and error with plain `write(2)`, retrying short writes.
enum StandardStreams {
    static func out(_ text: String) { _ = writeAll(STDOUT_FILENO, Array(text.utf8)) }
    static func err(_ text: String) { _ = writeAll(STDERR_FILENO, Array(text.utf8)) }

    /// Writes every byte, retrying short writes and EINTR. Returns errno on failure, else nil.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }

    /// One line from standard input without its terminator, nil at end of input.
    static func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}
