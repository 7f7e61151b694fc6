import Testing
import ChartbookModel
import ChartbookData
import ChartbookCommands
import ChartbookTerminal
@testable import ChartbookKit

/// `save script` round trip: replaying the saved script draws exactly the same chart —
/// terminal cells and colours, and SVG — for sessions reached by random commands.
@Suite struct SaveScriptTests {
    static let files = InMemoryFiles(["/work/s.csv": "month,rev,cost\nJan,1,2\nFeb,3,4\nMar,2,5\n"])

    func draw(_ session: Session) -> (String, String) {
        let target = TerminalTarget(columns: 70, rows: 20, colorMode: .truecolor)
        return (
            StyledDump.describe(ChartRenderer.grid(for: session, on: target)),
            SVGExporter.svg(for: session, on: target)
        )
    }

    /// Issue 31: a dataset no plot uses is kept, and the script says why.
    @Test func aDatasetNoPlotUsesIsKeptAndSaidSo() {
        let session = sessionAfter(
            "load s.csv labels=month\ngen w walk 5 seed=1\ngen spare walk 3 seed=2\nadd plot line w",
            files: Self.files)
        let text = SessionScript.text(for: session, scriptDirectory: "/work")
        #expect(
            text.contains(
                "# s: no plot draws it; kept as the session had it\nload \"s.csv\" as s labels=month\n"
            ))
        #expect(text.contains("# spare: no plot draws it; kept as the session had it\ngen spare"))
        #expect(!text.contains("# w:"))
        // Used by the x labels only: not a comment.
        let labelled = sessionAfter(
            "load s.csv labels=month\ngen w walk 3 seed=1\nadd plot line w\nset labels s",
            files: Self.files)
        #expect(!SessionScript.text(for: labelled, scriptDirectory: "/work").contains("# s:"))
    }

    @Test func replayDrawsTheSameChart() {
        let runner = ScriptRunner(executor: Executor(files: Self.files))
        let soup =
            DrawingFuzzTests.soup + [
                "set title \"Q\\\"uote\"", "set reflines units=\" ms\" format=suffix",
                "set theme light",
                "add refline 2 \"two\" color=red style=dotted fit=off", "set labels s sparsity=2",
                "gen g sine 30 period=7", "add plot line g", "data t = \"a b\":1 c:2",
                "add plot bar t",
            ]
        var random = RandomSource(seed: 11)
        var compared = 0
        for trial in 0..<50 {
            var notebook = Notebook()
            _ = runner.run(
                ScriptSource(
                    name: "setup", text: "load s.csv labels=month; gen w walk 40 seed=\(trial)"),
                in: &notebook
            ) { _ in }
            for _ in 0..<45 {
                let line = (0..<(1 + Int(random.next() % 3))).map { _ in
                    soup[Int(random.next() % UInt64(soup.count))]
                }
                .joined(separator: " ")
                _ = runner.run(ScriptSource(name: "fuzz", text: line), in: &notebook) { _ in }
            }
            let script = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
            var replayed = Notebook()
            var errors = ""
            let outcome = runner.run(
                ScriptSource(name: "saved", text: script, directory: "/work"), in: &replayed
            ) {
                if case .diagnostic(let d) = $0 { errors += d }
            }
            #expect(outcome == .completed, "trial \(trial): \(errors)\n\(script)")
            // Documented: values pushed onto a loaded dataset are not saved (the file is its
            // source), so such a session replays with the file's values.
            let pushedOntoAFile = notebook.session.datasets.contains { dataset in
                guard case .file = dataset.source else { return false }
                return replayed.session.dataset(named: dataset.name)?.columns != dataset.columns
            }
            if pushedOntoAFile { continue }
            let (a, b) = (draw(notebook.session), draw(replayed.session))
            #expect(a.0 == b.0, "trial \(trial): terminal differs\n\(script)")
            #expect(a.1 == b.1, "trial \(trial): SVG differs\n\(script)")
            if !notebook.session.plots.isEmpty { compared += 1 }
        }
        #expect(compared > 20)
    }

    @Test func writesTheFileAndReportsUnwritablePaths() {
        var notebook = Notebook()
        let executor = Executor(files: Self.files)
        let runner = ScriptRunner(executor: executor)
        _ = runner.run(
            ScriptSource(
                name: "t", text: "load s.csv; add plot line s.rev; save script out/rebuild.cb"),
            in: &notebook
        ) { _ in }
        let saved = String(decoding: Self.files.files["/work/out/rebuild.cb"] ?? [], as: UTF8.self)
        #expect(
            saved.contains("load \"s.csv\" as s") || saved.contains("load \"../s.csv\"")
                || saved.contains("load \"/work/s.csv\" as s"))
        #expect(saved.contains("add plot line s.rev as rev"))
        var errors = ""
        _ = runner.run(ScriptSource(name: "t", text: "save script /readonly/x.cb"), in: &notebook) {
            if case .diagnostic(let d) = $0 { errors += d }
        }
        #expect(errors.hasPrefix("t:1:13: error: cannot write '/readonly/x.cb': permission denied"))
    }

    /// `by=none` takes a plot's groups off; a column named none is written in quotes, and
    /// both read back as they were.
    @Test func byNoneTakesTheGroupsOff() {
        let files = InMemoryFiles(["/work/g.csv": "none,g,v\na,x,1\nb,y,2\n"])
        let off = sessionAfter(
            "load g.csv as g\nadd plot line g.v by=g\nset plot v by=none", files: files)
        #expect(off.plots.first?.binding.by == nil)
        let named = sessionAfter("load g.csv as g\nadd plot line g.v by=\"none\"", files: files)
        #expect(named.plots.first?.binding.by == "none")
        let script = SessionScript.text(for: named, scriptDirectory: "/work")
        #expect(script.contains("by=\"none\""))
        #expect(sessionAfter(script, files: files).plots == named.plots)
    }
}
