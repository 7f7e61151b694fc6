import Testing
import ChartbookFuzzing
import ChartbookModel
import ChartbookData
import ChartbookCommands
import ChartbookTerminal
@testable import ChartbookKit

/// Random command lines through the real runner; every state reached is drawn for the
/// terminal and as SVG at several sizes: no crash, lines always the grid's width.
@Suite struct DrawingFuzzTests {
    static let soup = FuzzVocabulary.drawingWords

    @Test func everyReachableStateDraws() {
        let files = InMemoryFiles([
            "/work/s.csv": "month,rev\nJan,1\nFeb,3\nMar,2\n",
            "/work/t.csv": "d,n,k,v\n2004-01-01,3,a,1\n2004-03-01,-1,b,5\n2005-01-05,0,a,nan\n",
        ])
        let runner = ScriptRunner(executor: Executor(files: files))
        var notebook = Notebook()
        _ = runner.run(
            ScriptSource(
                name: "setup",
                text:
                    "load s.csv labels=month; gen w walk 40 seed=2; data big = 1e300 -1e300 nan 5; load t.csv"
            ),
            in: &notebook
        ) { _ in }
        var random = RandomSource(seed: 77)
        let sizes = [(0, 0), (1, 1), (3, 2), (17, 6), (60, 18), (140, 40)]
        var withPlots = 0, scrolled = 0, kinds = Set<Plot.Kind>(), keyed = 0, walked = 0
        for iteration in 0..<1500 {
            let count = 1 + Int(random.next() % 4)
            let line = (0..<count).map { _ in
                Self.soup[Int(random.next() % UInt64(Self.soup.count))]
            }.joined(separator: " ")
            _ = runner.run(ScriptSource(name: "fuzz", text: line), in: &notebook) { _ in }
            // Words join into lines that mostly fail; now and then a window is opened (and a
            // plot added to an empty chart) on purpose, so scrolled states with plots are
            // drawn whatever the soup holds.
            if iteration % 150 == 149 {
                let nudges =
                    (notebook.session.plots.isEmpty
                        ? ["gen w walk 40 seed=2", "add plot line w"] : [])
                    + ["set spacing 2"]
                for nudge in nudges {
                    _ = runner.run(ScriptSource(name: "nudge", text: nudge), in: &notebook) { _ in }
                }
            }
            // An explore key (issue 54) on whatever state was reached: its command, run as
            // typed, must succeed — a key never ends in an error.
            let move = ExploreMove.allCases[Int(random.next() % UInt64(ExploreMove.allCases.count))]
            let step = move.step(
                in: notebook.session, plotWidth: 60, walked: walked, executor: runner.executor)
            walked = step.walked
            if let command = step.command {
                let text = CommandPrinter.text(command)
                var said = ""
                let outcome = runner.run(ScriptSource(typed: text), in: &notebook) { event in
                    if case .diagnostic(let d) = event { said += d }
                }
                #expect(outcome == .completed, "\(move) after '\(line)': \(said)")
                keyed += 1
            }
            if !notebook.session.plots.isEmpty { withPlots += 1 }
            if notebook.session.view.spacing != .auto { scrolled += 1 }
            kinds.formUnion(notebook.session.plots.map(\.kind))
            let (c, r) = sizes[Int(random.next() % UInt64(sizes.count))]
            let target = TerminalTarget(columns: c, rows: r, colorMode: .truecolor)
            let grid = ChartRenderer.grid(for: notebook.session, on: target)
            for text in grid.lines { #expect(TextMetrics.width(of: text) == grid.width, "\(line)") }
            let svg = SVGExporter.svg(for: notebook.session, on: target)
            #expect(svg.hasSuffix("</svg>\n"))
        }
        // The soup must really reach charts, windows and many kinds of plot.
        #expect(
            withPlots > 300 && scrolled > 100 && kinds.count >= 7 && keyed > 300,
            "\(withPlots) \(scrolled) \(kinds) \(keyed)")
    }

    /// Every kind, alone and with its options, on hostile data, at every size: no crash,
    /// lines always the grid's width, for colour and for none.
    @Test(arguments: Plot.Kind.allCases) func everyKindDrawsAtEverySize(_ kind: Plot.Kind) {
        let files = InMemoryFiles([
            "/work/s.csv": "month,rev,lo\nJan,1,0\nFeb,3,-1\nJan,2,1\n\u{1B}[2J,-4,nan\n,nan,2\n"
        ])
        let runner = ScriptRunner(executor: Executor(files: files))
        let options = [
            "", "x=month", "x=month labels=percent sort=descending", "by=month", "bins=1",
            "density=on", "low=lo open=lo high=rev", "y=month x=month", "center=\"日本\"",
            "x=lo method=poly:3", "x=lo method=loess", "x=lo method=exp agg=max",
        ]
        for option in options {
            var notebook = Notebook()
            _ = runner.run(
                ScriptSource(
                    name: "setup",
                    text:
                        "load s.csv; data big = 1e300 -1e300 nan 5 0; add plot \(kind.rawValue) s.rev \(option); add plot \(kind.rawValue) big; select 1"
                ),
                in: &notebook
            ) { _ in }
            for (c, r) in [(0, 0), (1, 1), (3, 2), (20, 10), (17, 6), (60, 18), (140, 40)] {
                for color in [ColorMode.truecolor, .none] {
                    let target = TerminalTarget(columns: c, rows: r, colorMode: color)
                    let grid = ChartRenderer.grid(for: notebook.session, on: target)
                    for text in grid.lines {
                        #expect(TextMetrics.width(of: text) == grid.width, "\(kind) \(option)")
                    }
                }
                let svg = SVGExporter.svg(
                    for: notebook.session, on: TerminalTarget(columns: c, rows: r, colorMode: .none)
                )
                #expect(svg.hasSuffix("</svg>\n"))
            }
            #expect(
                notebook.session.plots.contains { $0.kind == kind } || option != ""
                    || kind == .range || kind == .candlestick || kind == .errorbar
                    || kind == .trend, "\(kind)")
        }
    }
}
