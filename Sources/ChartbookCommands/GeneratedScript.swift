/// Commands made from a command line the user typed (`chartbook plot line d.csv rev`,
/// `--svg out.svg`), with where each part came from: a diagnostic about a generated command
/// points into the command line as typed, never into a script the user did not write.
public struct GeneratedScript: Equatable, Sendable {
    /// The command line as the user typed it (its words, joined by spaces).
    public private(set) var commandLine = ""
    /// The commands, one a line.
    public private(set) var text = ""
    private var spans = [Span]()
    private var line = 1

    /// A part of the generated text that came from a word of the command line.
    struct Span: Equatable, Sendable {
        var line: Int
        /// Scalar columns (1-based) of the generated line.
        var columns: Range<Int>
        /// Scalar columns (1-based) of the command line.
        var typed: Range<Int>
    }

    public init() {}

    /// Adds a word of the command line; returns its columns there.
    @discardableResult
    public mutating func typed(_ word: String) -> Range<Int> {
        if !commandLine.isEmpty { commandLine += " " }
        let start = commandLine.unicodeScalars.count + 1
        commandLine += word
        return start..<(commandLine.unicodeScalars.count + 1)
    }

    /// Appends `piece` to the current command; `from`: the command-line columns it stands for.
    public mutating func append(_ piece: String, from typed: Range<Int>? = nil) {
        let start =
            (text.split(separator: "\n", omittingEmptySubsequences: false).last?
                .unicodeScalars.count ?? 0) + 1
        text += piece
        if let typed {
            spans.append(
                Span(
                    line: line, columns: start..<(start + piece.unicodeScalars.count), typed: typed)
            )
        }
    }

    /// Ends the current command.
    public mutating func endCommand() {
        text += "\n"
        line += 1
    }

    /// Where in the command line a range of the generated text came from: the span it falls
    /// in, else the span of the same command nearest to it; nil for a command with none.
    func typedRange(for range: SourceRange) -> Range<Int>? {
        let own = spans.filter { $0.line == range.start.line }
        if let inside = own.first(where: { $0.columns.contains(range.start.column) }) {
            return inside.typed
        }
        return own.min {
            abs($0.columns.lowerBound - range.start.column)
                < abs($1.columns.lowerBound - range.start.column)
        }?.typed
    }
}
