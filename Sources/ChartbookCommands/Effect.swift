import ChartbookModel

/// What a command asks the shell to do after it committed. Effects that refer to a session
/// carry it, so the effects of a `source`d script, carried out after the whole script
/// committed, each show their own step.
public enum Effect: Equatable, Sendable {
    /// Print text (a listing, help, a description). Already sanitised.
    case print(String)
    /// What a command did and what to try next (`loaded sales: 12 rows …`), for a person at
    /// the prompt; scripts leave it out, so their output is the chart alone. Sanitised.
    case feedback(String)
    /// The chart changed (or `show` asked). Commands return it; `Executor.run` turns it into
    /// `draw` of the session the command committed, so a shell only ever sees `draw`.
    case render
    /// Draw the chart of `session`, made by `command` (as typed).
    case draw(Session, command: String)
    /// Leave the program.
    case quit
    /// `history`: the shell shows its command history; `changes` is the session's change log
    /// (what undo walks back), for shells without one (scripts).
    case history(changes: String, all: Bool)
    /// Step through `lesson` (`play`): a shell on a terminal drives it with keys; elsewhere
    /// it runs through, drawing after every step as `--each` does.
    case play(ScriptSource)
    /// Write `output` to `path` (absolute) — carried out only once the command (a whole
    /// `source`) has committed; `range` is where the path was typed.
    case write(Output, path: String, range: SourceRange)
    /// A remote dataset's query was run again (`load`, `reload`): what the shell kept of its
    /// earlier drawings may be stale, so it forgets them.
    case forgetRemoteAnswers(DatabaseQuery)

    /// This effect with `render` bound to the session `command` committed.
    func bound(to session: Session, command: String) -> Effect {
        self == .render ? .draw(session, command: command) : self
    }
}

/// What a command writes to a file, named by what it is (its format is a detail of each).
public enum Output: Equatable, Sendable {
    /// The chart of `session`, drawn as `format` describes.
    case chart(Session, ChartFormat)
    /// Text the command made whole (a script, a CSV table), and what to say once written.
    case document(String, written: String)
    /// The session's making as a page: every step still in the history with its narration,
    /// command and the chart it made (`save html`).
    case notebook([Notebook.Entry], title: String?)
    /// Every row of a remote dataset as CSV (`save csv`), streamed from its engine while the
    /// file is written; `shownPath` is the path as typed, for the message.
    case engineRows(Dataset, shownPath: String)
}

/// How a chart is written.
public enum ChartFormat: Equatable, Sendable {
    /// SVG, `size` in pixels (nil: the session's size, else the terminal's).
    case svg(size: PixelSize?)
    /// That SVG drawn as a PNG image, `scale` device pixels per SVG pixel.
    case png(size: PixelSize?, scale: Double)
    /// That SVG drawn as a one-page PDF.
    case pdf(size: PixelSize?)
    /// A Vega-Lite v5 specification of the session (what the user meant, not the layout);
    /// `urls`: loaded files by reference instead of inline rows.
    case vegaLite(urls: Bool)
}
