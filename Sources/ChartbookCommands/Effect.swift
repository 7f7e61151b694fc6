import ChartbookModel

/// What a command asks the shell to do after it succeeded.
public enum Effect: Equatable, Sendable {
    /// Print text (a listing, help, a description). Already sanitised.
    case print(String)
    /// What a command did and what to try next (`loaded sales: 12 rows …`), for a person at
    /// the prompt; scripts leave it out, so their output is the chart alone. Sanitised.
    case feedback(String)
    /// The chart changed (or `show` asked): draw it.
    case render
    /// Leave the program.
    case quit
    /// `history`: the shell shows its command history; `changes` is the session's change log
    /// (what undo walks back), for shells without one (scripts).
    case history(changes: String, all: Bool)
    /// Write the chart as SVG to `path` (absolute); `range` is where the path was typed.
    case saveSVG(path: String, range: SourceRange, size: PixelSize?)
}
