import ChartbookModel

/// A command typed at the prompt over one or more lines (`\` at a line's end continues it):
/// the text to run, and the history entry — one line, without a password (a connection URL
/// may carry one).
struct ContinuedEntry {
    private var text = ""
    private var parts = [String]()

    /// Whether a command is being continued (the prompt is then `... `).
    var isContinuing: Bool { !text.isEmpty }

    /// Takes a typed line: nil while the command goes on; else the whole command and its
    /// history entry, and starts afresh.
    mutating func take(_ line: String) -> (text: String, entry: String)? {
        let trimmed = line.trimmingTrailingSpaces
        if trimmed.hasSuffix("\\") {
            text += line + "\n"
            parts.append(String(trimmed.dropLast()).trimmingTrailingSpaces)
            return nil
        }
        defer { reset() }
        return (text + line, ConnectionURL.redacting((parts + [line]).joined(separator: " ")))
    }

    /// Drops what was typed so far (Ctrl-C).
    mutating func reset() {
        text = ""
        parts = []
    }
}
