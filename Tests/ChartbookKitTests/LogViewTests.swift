import ChartbookModel
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Windows on a log x axis (found by the layout fuzzer: `select x=0` then `scroll` on a log
/// axis built a window holding 0 and crashed on an empty range): a selection at or below 0
/// is refused, revealing a value keeps the window's ratio, and a scroll never leaves the
/// axis.
@Suite struct LogViewTests {
    static let file = "n,v\n3,1\n-1,5\n0,2\n1e300,2\n7,-3\n30,4\n300,1\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/t.csv": file], &notebook)
    }

    @Test func aWindowOnALogAxisStaysOnIt() {
        var notebook = Notebook()
        #expect(
            Self.run("load t.csv as t\nadd plot dot t.v x=n\nset xscale log\nscroll", &notebook)
                == "")
        let before = notebook.session
        let refused = Self.run("select x=0", &notebook)
        #expect(refused.contains("a value above 0 on a log axis"))
        #expect(notebook.session == before)
        for line in [
            "scroll", "scroll -50%", "scroll start", "scroll end", "select x=1e-300", "scroll",
        ] {
            _ = Self.run(line, &notebook)
            if let window = notebook.session.view.xInterval {
                #expect(window.lowerBound > 0 && window.upperBound.isFinite, "\(line): \(window)")
            }
        }
    }

    @Test func revealingKeepsTheWindowsRatio() throws {
        var notebook = Notebook()
        #expect(
            Self.run(
                "load t.csv as t\nadd plot dot t.v x=n\nset xscale log\nview 1..100", &notebook)
                == "")
        #expect(Self.run("select x=1000", &notebook) == "")
        let window = try #require(notebook.session.view.xInterval)
        // Two decades wide, centred on 1000 in decades: 100 to 10 000.
        #expect(
            abs(log10(window.lowerBound) - 2) < 1e-9 && abs(log10(window.upperBound) - 4) < 1e-9)
    }
}
