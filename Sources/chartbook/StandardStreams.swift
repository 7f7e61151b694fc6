#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to standard output and error with plain `write(2)`, retrying short writes.
enum StandardStreams {
    static func out(_ text: String) { write(STDOUT_FILENO, text) }
    static func err(_ text: String) { write(STDERR_FILENO, text) }

    private static func write(_ fd: Int32, _ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }

    /// One line from standard input without its terminator, nil at end of input.
    static func readLine() -> String? { Swift.readLine(strippingNewline: true) }
}
