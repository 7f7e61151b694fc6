import ChartbookModel
/// Script text and the name diagnostics call it by (`tour.cb`, `<command line>`, `<stdin>`).
public struct ScriptSource: Equatable, Sendable {
    public var name: String
    public var text: String
    /// Directory relative paths in this script resolve against; nil: the working directory.
    public var directory: String?
    /// The line number of the text's first line: a script read as a stream runs in pieces,
    /// each numbered where it sits in the whole.
    public var firstLine = 1
    /// Where the text came from, which decides how a diagnostic points into it.
    public var origin: Origin = .script

    public enum Origin: Equatable, Sendable {
        /// A script file, `-e` commands, a piped script: `name:line:column`.
        case script
        /// A line typed at the prompt: the caret alone says where.
        case typed
        /// Commands made from a command line the user typed (`chartbook plot …`, `--svg`):
        /// the command line is shown, the caret under the word each part came from.
        case commandLine(GeneratedScript)
    }

    /// The commands made from a command line (nil for text the user wrote).
    public var generated: GeneratedScript? {
        if case .commandLine(let script) = origin { return script }
        return nil
    }

    /// The directory part of a file path (nil for a bare name): where a script's relative
    /// paths resolve.
    public static func directory(containing path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    public init(name: String, text: String, directory: String? = nil) {
        self.name = name
        self.text = text
        self.directory = directory
    }

    /// The commands of `generated`, named `name` (`chartbook plot`, `--svg`) in diagnostics.
    public init(name: String, generated: GeneratedScript) {
        self.init(name: name, text: generated.text)
        origin = .commandLine(generated)
    }

    /// A line typed at the prompt.
    public init(typed text: String) {
        self.init(name: "", text: text)
        origin = .typed
    }

    /// A script file's bytes as its text. A script is text: bytes holding NUL (a binary file,
    /// `/dev/zero`) are refused at once, before any of them is read as commands.
    /// A line longer than `maxLineBytes` is refused, naming it (a file is read no further
    /// than such a line, so its text would end inside it: "unterminated string").
    public init(
        name: String, bytes: [UInt8], directory: String?,
        maxLineBytes: Int = ResourceLimits().maxLineBytes
    ) throws(FileAccessError) {
        guard !bytes.contains(0) else {
            throw FileAccessError("it is not a text file (it holds NUL bytes), so not a script")
        }
        var line = 1, start = 0
        for (i, byte) in bytes.enumerated() where byte == 10 || i == bytes.count - 1 {
            if i - start + (byte == 10 ? 0 : 1) > maxLineBytes {
                throw FileAccessError(
                    "line \(line) is longer than \(ResourceLimits.bytesText(maxLineBytes)) "
                        + "(the limit for one line)")
            }
            line += 1
            start = i + 1
        }
        self.init(name: name, text: String(decoding: bytes, as: UTF8.self), directory: directory)
    }

    /// Physical lines, without their line terminators (`\n` or `\r\n`).
    public var lines: [String] {
        // "\r\n" is one Character in Swift: split on both forms.
        var lines = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }
        )
        .map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
