import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// The session after running `script` as a script (each line its own command).
func sessionAfter(_ script: String, files: InMemoryFiles = InMemoryFiles()) -> Session {
    var notebook = Notebook()
    _ = ScriptRunner(executor: Executor(files: files)).run(
        ScriptSource(name: "t", text: script), in: &notebook
    ) { _ in }
    return notebook.session
}
