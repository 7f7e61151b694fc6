import ChartbookModel
import ChartbookCommands
import ChartbookKit

/// A plain read-eval-draw loop for a terminal on stdin. Redraws the chart after every command
/// that changes it, sized to the terminal minus the prompt rows.
struct InteractiveLoop {
    let runner: ScriptRunner
    let target: TerminalTarget
    let environment: TerminalEnvironment

    func run(_ notebook: inout Notebook) {
        var lineNumber = 0
        StandardStreams.out("chartbook 0.1.0 — type 'help' for commands, 'quit' or Ctrl-D to leave.\n")
        while true {
            let plots = notebook.session.plots.count
            StandardStreams.out("chartbook [\(plots) plot\(plots == 1 ? "" : "s")] > ")
            guard let line = StandardStreams.readLine() else { StandardStreams.out("\n"); return }
            lineNumber += 1
            var drawRequested: Session?
            var looping = InteractiveRunner(runner: runner)
            let outcome = looping.run(line, in: &notebook, showCaret: true) { event in
                switch event {
                case .output(let text): StandardStreams.out(text)
                case .diagnostic(let text): StandardStreams.err(text)
                case .draw(let session): drawRequested = session
                }
            }
            if outcome == .quit { return }
            if let session = drawRequested {
                var live = target
                (live.columns, live.rows) = environment.size()
                live.rows = max(1, live.rows - 2)
                StandardStreams.out(ChartRenderer.text(for: session, on: live))
            }
        }
    }
}

/// Runs one typed line: like a script line, but every change draws.
struct InteractiveRunner {
    var runner: ScriptRunner

    mutating func run(_ line: String, in notebook: inout Notebook, showCaret: Bool,
                      emit: (ScriptRunner.Event) -> Void) -> ScriptRunner.Outcome {
        var each = runner
        each.drawEach = true
        each.keepGoing = false
        return each.run(ScriptSource(name: "", text: line), in: &notebook) { event in
            if case .diagnostic(let text) = event {
                // At the prompt the file name and line number say nothing: keep "error: ..." and the caret.
                emit(.diagnostic(Self.stripLocation(text)))
            } else {
                emit(event)
            }
        }
    }

    static func stripLocation(_ text: String) -> String {
        guard let range = text.range(of: ": error: ") else { return text }
        return "error: " + text[range.upperBound...]
    }
}
