import Testing
import ChartbookCommands
@testable import ChartbookKit

/// Issue 10, item 3: the one-line form is the commands it stands for; piped data is told
/// from a piped script.
@Suite struct OneShotTests {
    @Test func standsForCommands() {
        let shot = OneShot(
            kind: .line, file: "data/sales 2024.csv", columns: ["revenue", "unit cost"], x: "month",
            title: "Sales")
        #expect(
            shot.script
                == "load \"data/sales 2024.csv\" x=month\nadd plot line sales_2024.revenue\nadd plot line sales_2024.\"unit cost\"\nset title \"Sales\"\n"
        )
        let piped = OneShot(kind: .dot, file: "-", columns: [], by: "origin")
        #expect(piped.script == "load - as stdin\nadd plot dot stdin by=origin\n")
    }

    @Test func theScriptRuns() {
        var notebook = Notebook()
        let files = InMemoryFiles(["/work/s.csv": "month,revenue,cost\nJan,1,2\nFeb,3,4\n"])
        let shot = OneShot(kind: .bar, file: "s.csv", columns: ["revenue", "cost"], x: "month")
        let outcome = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "-e", text: shot.script), in: &notebook
        ) { _ in }
        #expect(outcome == .completed)
        #expect(notebook.session.plots.map(\.id) == ["revenue", "cost"])
    }

    @Test func pipedDataIsNotAScript() {
        #expect(PipedInput.looksLikeData("symbol,date,price\nMSFT,Jan 1 2000,39.8\n"))
        #expect(PipedInput.looksLikeData("# exported\n\nt\tv\n1\t2\n"))
        #expect(!PipedInput.looksLikeData("load a.csv; add plot line a.v\n"))
        #expect(!PipedInput.looksLikeData("data x = 1, 2, 3\n"))
        #expect(!PipedInput.looksLikeData("echo \"a, b\"\n"))
        #expect(!PipedInput.looksLikeData(""))
    }
}
