import ChartbookData
import ChartbookModel
import ChartbookScene
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `labels=COLUMN` (issue 29): each point labelled with its own row's text in a column —
/// through filters, groups and the sorting of a line by x — refused where the rows drawn are
/// not the data's.
@Suite struct ColumnLabelTests {
    /// Points whose x is not in row order, with a group and a year per row.
    static let file = """
        x,y,g,year
        5,1,a,2001
        1,4,b,2002
        3,2,a,2003
        2,5,b,2004
        4,3,a,2005

        """

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        var diagnostics = ""
        let executor = Executor(files: InMemoryFiles(["/work/p.csv": file]))
        _ = ScriptRunner(executor: executor, keepGoing: true).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { if case .diagnostic(let d) = $0 { diagnostics += d } }
        return diagnostics
    }

    /// The labels a scene writes, by the x (cells) of their centre, left to right.
    static func labels(_ script: String) -> [String] {
        var notebook = Notebook()
        #expect(run(script, &notebook) == "")
        let target = TerminalTarget(columns: 70, rows: 20, colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        return scene.texts.filter { $0.role == .valueLabel }
            .sorted { ($0.centerColumn ?? 0) < ($1.centerColumn ?? 0) }.map(\.text)
    }

    @Test func eachPointTakesItsOwnRowsText() {
        // A line sorts its points by x; each keeps its row's year (the view leaves room at
        // the edges, where a label would overrun the plot area and be left out).
        #expect(
            Self.labels("load p.csv as p\nadd plot line p.y x=x labels=year\nview 0..6")
                == ["2002", "2004", "2003", "2005", "2001"])
        // In data order too (a connected scatter).
        #expect(
            Self.labels("load p.csv as p\nadd plot dot p.y x=x labels=year\nview 0..6")
                == ["2002", "2004", "2003", "2005", "2001"])
        // A filter keeps some rows, a group splits them: the years follow their rows.
        #expect(
            Self.labels(
                "load p.csv as p\nadd plot dot p.y x=x where=y>1 by=g labels=year\nview 0..6")
                == ["2002", "2004", "2003", "2005"])
        // Bars on the index: row for row.
        #expect(
            Self.labels("load p.csv as p\nadd plot bar p.y labels=year")
                == ["2001", "2002", "2003", "2004", "2005"])
    }

    @Test func refusedWhereTheRowsDrawnAreNotTheDatasAndSaved() {
        var notebook = Notebook()
        _ = Self.run("load p.csv as p", &notebook)
        let before = notebook.session
        for (line, message) in [
            ("add plot dot p.y labels=yaer", "unknown column 'yaer'"),
            ("add plot bar p.y x=g agg=mean labels=year", "computed rows, which have no row"),
            ("add plot dot p.y labels=\"a b\"", "unknown column 'a b'"),
        ] {
            #expect(Self.run(line, &notebook).contains(message), "\(line)")
            #expect(notebook.session == before, "\(line)")
        }
        #expect(
            Self.run("add plot line p.y x=x labels=year\nset plot y labels=on", &notebook) == "")
        #expect(notebook.session.plots.first?.style.labelColumn == nil)
        #expect(Self.run("set plot y labels=g", &notebook) == "")
        let script = SessionScript.text(for: notebook.session, scriptDirectory: nil)
        #expect(script.contains("add plot line p.y as y x=x labels=g"), "\(script)")
        var replayed = Notebook()
        #expect(Self.run(script, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
    }
}
