import Testing
import ChartbookModel
import ChartbookData
import ChartbookCommands
import ChartbookTerminal
@testable import ChartbookKit

/// Random command lines through the real runner; every state reached is drawn for the
/// terminal and as SVG at several sizes: no crash, lines always the grid's width.
@Suite struct DrawingFuzzTests {
    static let soup = [
        "add plot line w", "add plot bar s.rev", "add plot dot big", "add plot area w",
        "add plot sparkline w",
        "set spacing 2", "set spacing 0.3", "add plot line", "add plot bar", "add plot dot",
        "add plot area", "add plot sparkline", "add refline", "set range",
        "set spacing", "scroll", "view", "select", "push w", "push s", "set data w window=5",
        "set direction rtl",
        "set direction ltr", "set padding left=3 right=40", "set reflines relative 0 1",
        "set reflines absolute 1e300",
        "set canvas block", "set canvas ascii", "set size 1x1", "set size 7x3", "set size auto",
        "set legend on",
        "set title \"日本 title\"", "set zero on", "remove plot w", "undo", "redo", "add plot bar w",
        "add plot line s.rev",
        "w", "s.rev", "big", "mean w", "p95 s.rev", "0", "-1e308", "1e308", "nan", "3", "-7.5",
        "0..1e-300", "adapt", "auto",
        "-5..5", "1", "+40", "-40", "end", "start", "last", "0..3", "style=smooth", "fill=gradient",
        "width=9",
        "kind=bar", "kind=dot", "height=3", "zero=on", "range=-1..1", "marker=cross", "size=0.1",
        "rounded=on",
    ]

    @Test func everyReachableStateDraws() {
        let files = InMemoryFiles(["/work/s.csv": "month,rev\nJan,1\nFeb,3\nMar,2\n"])
        let runner = ScriptRunner(executor: Executor(files: files))
        var notebook = Notebook()
        _ = runner.run(
            ScriptSource(
                name: "setup",
                text: "load s.csv labels=month; gen w walk 40 seed=2; data big = 1e300 -1e300 nan 5"
            ),
            in: &notebook
        ) { _ in }
        var random = RandomSource(seed: 77)
        let sizes = [(0, 0), (1, 1), (3, 2), (17, 6), (60, 18), (140, 40)]
        var withPlots = 0, scrolled = 0, kinds = Set<Plot.Kind>()
        for _ in 0..<1500 {
            let count = 1 + Int(random.next() % 4)
            let line = (0..<count).map { _ in
                Self.soup[Int(random.next() % UInt64(Self.soup.count))]
            }.joined(separator: " ")
            _ = runner.run(ScriptSource(name: "fuzz", text: line), in: &notebook) { _ in }
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
        // The soup must really reach charts, windows and every kind of plot.
        #expect(
            withPlots > 300 && scrolled > 100 && kinds.count == Plot.Kind.allCases.count,
            "\(withPlots) \(scrolled) \(kinds)")
    }
}
