import Testing
import ChartbookModel
import ChartbookData
import ChartbookCommands
import ChartbookTerminal
@testable import ChartbookKit

/// Random sessions at random sizes, including 0×0 and 1×1: drawing never crashes, every
/// line has the grid's display width, and no escape sequence comes from data.
@Suite struct InvariantTests {
    @Test func randomSessionsDrawAtAnySize() {
        var random = RandomSource(seed: 2026)
        let kinds = ["line", "dot", "bar"]
        let canvases = ["braille", "block", "ascii"]
        let sizes = [
            (0, 0), (1, 1), (2, 1), (1, 5), (5, 2), (9, 4), (20, 6), (40, 12), (80, 24), (133, 41),
        ]
        for trial in 0..<120 {
            var notebook = Notebook()
            let executor = Executor(files: InMemoryFiles())
            var script = "gen a walk \(1 + random.next() % 400) seed=\(trial)\n"
            script +=
                "data b = "
                + (0..<(1 + random.next() % 30)).map { _ in
                    random.nextUnit() < 0.1 ? "nan" : String(Int(random.next() % 2000) - 1000)
                }.joined(separator: " ") + "\n"
            script += "data c = \"\u{1B}[1m日本\":1 \"x\":\(random.next() % 9)\n"
            for _ in 0..<(1 + random.next() % 4) {
                script +=
                    "add plot \(kinds[Int(random.next() % 3)]) \(["a", "b", "c"][Int(random.next() % 3)])\n"
            }
            if random.next() % 2 == 0 {
                script += "add refline \(Int(random.next() % 50) - 25) \"t\u{7}\"\n"
            }
            if random.next() % 2 == 0 {
                script +=
                    "set reflines labels=\(["left", "right", "both", "none"][Int(random.next() % 4)])\n"
            }
            if random.next() % 3 == 0 {
                script += "set title \"A title that is rather long \u{1B}[2J\"\n"
            }
            if random.next() % 3 == 0 { script += "select 0\n" }
            if random.next() % 4 == 0 { script += "set range -3..3\n" }
            script += "set canvas \(canvases[Int(random.next() % 3)])\n"
            let outcome = ScriptRunner(executor: executor).run(
                ScriptSource(name: "r", text: script), in: &notebook
            ) { _ in }
            #expect(outcome == .completed, "\(script)")
            for (columns, rows) in sizes {
                let target = TerminalTarget(columns: columns, rows: rows, colorMode: .truecolor)
                let grid = ChartRenderer.grid(for: notebook.session, on: target)
                #expect(grid.height == rows)
                for line in grid.lines {
                    #expect(TextMetrics.width(of: line) == columns, "\(columns)x\(rows): '\(line)'")
                }
                let text = ChartRenderer.text(for: notebook.session, on: target)
                #expect(
                    !text.contains("\u{1B}[1m日") && !text.contains("\u{1B}[2J")
                        && !text.contains("\u{7}"))
            }
        }
    }
}
