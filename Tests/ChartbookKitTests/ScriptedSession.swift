import ChartbookData
import ChartbookModel

@testable import ChartbookCommands
@testable import ChartbookKit

/// Runs a script (commands a line) on a notebook over files held in memory, going on past a
/// failing line, as the feature tests drive chartbook: what it said as diagnostics ("" when
/// nothing failed).
enum ScriptedSession {
    static func run(_ script: String, files: [String: String], _ notebook: inout Notebook)
        -> String
    {
        var diagnostics = ""
        let executor = Executor(files: InMemoryFiles(files))
        _ = ScriptRunner(executor: executor, keepGoing: true).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { if case .diagnostic(let d) = $0 { diagnostics += d } }
        return diagnostics
    }
}
