#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Shows text taller than the window through a pager (`$PAGER`, else `less -FRX`), as `git`
/// does; prints it directly when there is no pager or stdout is not a terminal.
struct Pager {
    /// `PAGER` from the environment (the executable reads it; nil: less).
    var command: String?

    /// Writes `text`, paged when it has more than `rows` lines.
    func show(_ text: String, rows: Int) {
        let lines = text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
        guard lines >= rows, isatty(STDOUT_FILENO) == 1, let pipe = open() else {
            StandardStreams.out(text)
            return
        }
        _ = text.utf8CString.withUnsafeBufferPointer { buffer in
            fwrite(buffer.baseAddress, 1, max(buffer.count - 1, 0), pipe)
        }
        pclose(pipe)
    }

    /// The pager's stdin, or nil when it cannot be started.
    private func open() -> UnsafeMutablePointer<FILE>? {
        let pager = command.flatMap { $0.isEmpty ? nil : $0 } ?? "less -FRX"
        guard pager != "cat" else { return nil }
        // -F: quit at once when the text fits after all; -R: colours; -X: leave it on screen.
        return popen(pager, "w")
    }
}
