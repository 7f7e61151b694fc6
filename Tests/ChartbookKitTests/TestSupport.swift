import ChartbookCommands
import ChartbookModel
import ChartbookVegaLite
@testable import ChartbookKit

/// The session after running `script` as a script (each line its own command).
func sessionAfter(_ script: String, files: InMemoryFiles = InMemoryFiles()) -> Session {
    var notebook = Notebook()
    _ = ScriptRunner(executor: Executor(files: files)).run(
        ScriptSource(name: "t", text: script), in: &notebook
    ) { _ in }
    return notebook.session
}

/// What running `script` did: the session, standard output and the diagnostics.
struct ScriptRun {
    var session: Session
    var output = ""
    var diagnostics = ""
    var failed = false

    init(_ script: String, files: InMemoryFiles = InMemoryFiles()) {
        var notebook = Notebook()
        var output = "", diagnostics = ""
        let outcome = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { event in
            switch event {
            case .output(let text), .feedback(let text): output += text
            case .diagnostic(let text): diagnostics += text
            default: break
            }
        }
        session = notebook.session
        self.output = output
        self.diagnostics = diagnostics
        failed = outcome == .failed
    }
}

/// The top-level layers of the session's Vega-Lite spec (none when it has no `layer`).
func vegaLiteLayers(_ session: Session) -> [JSON] {
    guard case .array(let layers)? = VegaLiteSpec(session: session).json["layer"] else { return [] }
    return layers
}
