import ChartbookCommands
import ChartbookKit
import ChartbookModel
import LineEditor

/// Exploring a chart with keys at an empty prompt (issue 54): which key is which move, when
/// a key acts on the chart rather than the line, and the command each press runs as if typed.
extension NotebookREPL {
    /// The move a key makes: the one table of key bindings (`help keys` lists the moves).
    static func move(for key: LineEditor.Key) -> ExploreMove {
        switch key {
        case .left: .left
        case .right: .right
        case .shiftLeft: .leftFar
        case .shiftRight: .rightFar
        case .home: .first
        case .end: .last
        case .plus: .zoomIn
        case .minus: .zoomOut
        case .pageUp: .pageBack
        case .pageDown: .pageForward
        case .tab: .nextPlot
        case .escape: .leave
        }
    }

    /// Whether `key` at an empty line acts on the chart in `box`: there is a plot and no
    /// continued line; Tab and Esc only while a point is selected (Tab completes otherwise,
    /// and Esc starts libedit's Meta keys).
    static func explores(_ key: LineEditor.Key, in box: SessionBox) -> Bool {
        guard !box.continuing, !box.session.mainPlots.isEmpty else { return false }
        switch key {
        case .tab, .escape: return box.session.selection != nil
        default: return true
        }
    }

    /// Runs the command `key` stands for (history and `save script` keep it), with the key and
    /// the command said under the chart; only a note when the chart cannot move that way.
    func explore(
        _ key: LineEditor.Key, in notebook: inout Notebook, box: SessionBox,
        remember: (String) -> HistoryStore
    ) -> ScriptRunner.Outcome {
        let move = Self.move(for: key)
        let session = notebook.session
        let step = move.step(
            in: session, plotWidth: ChartRenderer.plotWidth(of: session, on: target()),
            walked: box.walked, executor: runner.executor)
        box.walked = step.walked
        guard let command = step.command else {
            draw(session, below: [move.keys + "  " + (step.note ?? "")], clear: false)
            return .completed
        }
        let text = CommandPrinter.text(command)
        let history = remember(text)
        let said = ([move.keys + "  " + text] + [step.note].compactMap { $0 })
            .joined(separator: " · ")
        let outcome = execute(text, in: &notebook, history: history, note: said)
        box.session = notebook.session
        return outcome
    }
}
