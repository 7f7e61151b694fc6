import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `set xscale sqrt|symlog` (issue 51: every scale on x as on y, through the one
/// `ScaleTransform`): points placed by √x or sign·log₁₀(1 + |x|), ticks at round values or 0
/// and decades, readouts and `view` in data units, Vega-Lite's scale type; refused where
/// values cannot stand (below 0 on sqrt), on times, categories and horizontal bars.
@Suite struct XScaleTransformTests {
    static let squares =
        "x,y\n" + (0...10).map { "\($0 * $0),\($0)" }.joined(separator: "\n") + "\n"
    static let target = TerminalTarget(columns: 60, rows: 20, colorMode: .none)

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(
            script, files: ["/work/q.csv": squares, "/work/s.csv": AxisGuideTests.daily], &notebook)
    }

    @Test func sqrtPlacesSquaresEvenlyAlongX() throws {
        var notebook = Notebook()
        #expect(Self.run("load q.csv as q\nadd plot dot q.y x=x\nset xscale sqrt", &notebook) == "")
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        // Ticks at round values, each at √v.
        let ticks = scene.frame.xTicks
        #expect(ticks.count >= 3, "\(ticks)")
        for tick in ticks {
            let value = try #require(Double(tick.label))
            #expect(abs(tick.value - value.squareRoot()) < 1e-9, "\(tick)")
        }
        // The points 0, 1, 4 … 100 stand evenly: their dot columns step alike.
        guard case .markers(let points, _)? = scene.layers.first?.marks else {
            Issue.record("no markers")
            return
        }
        let columns = points.map(\.x).sorted()
        let steps = zip(columns, columns.dropFirst()).map { $1 - $0 }
        #expect(columns.count == 11 && (steps.max() ?? 0) - (steps.min() ?? 0) <= 1, "\(steps)")
        // Readouts and views are in data units.
        #expect(Self.run("select x=49", &notebook) == "")
        let text = ChartRenderer.text(for: notebook.session, on: Self.target)
        #expect(text.contains("▶ 49") && text.contains("y 7"), "\(text)")
        let spec = VegaLiteExporter.spec(for: notebook.session, on: Self.target, urls: false)
        #expect(spec.contains("\"type\": \"sqrt\""))
    }

    @Test func symlogTicksZeroAndDecadesBothWays() {
        let file = "x,y\n-5000,1\n-30,2\n0,3\n7,4\n800,5\n"
        var notebook = Notebook()
        let script = "load t.csv as t\nadd plot line t.y x=x\nset xscale symlog"
        #expect(ScriptedSession.run(script, files: ["/work/t.csv": file], &notebook) == "")
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        let labels = scene.frame.xTicks.map(\.label)
        #expect(
            labels.contains("0") && labels.contains("-1000") && labels.contains("100"), "\(labels)")
        for tick in scene.frame.xTicks {
            guard let value = Double(tick.label) else { continue }
            #expect(abs(tick.value - ScaleTransform.symlog.forward(value)) < 1e-9)
        }
    }

    @Test func refusedWhereValuesCannotStand() {
        var notebook = Notebook()
        #expect(Self.run("load q.csv as q\nadd plot dot q.y x=x\nset xscale sqrt", &notebook) == "")
        let before = notebook.session
        for (line, expected) in [
            ("view -5..50", "0 or more on a sqrt axis"),
            ("select x=-1", "0 or more on a sqrt axis"),
            ("add refline x=-3", "0 or more on a sqrt axis"),
        ] {
            let diagnostic = Self.run(line, &notebook)
            #expect(diagnostic.contains(expected), "\(line): \(diagnostic)")
            #expect(notebook.session == before)
        }
        var dated = Notebook()
        #expect(Self.run("load s.csv as s\nadd plot line s.sales", &dated) == "")
        #expect(Self.run("set xscale symlog", &dated).contains("holds times"))
        var bars = Notebook()
        #expect(Self.run("load q.csv as q\nadd plot hbar q.y", &bars) == "")
        #expect(Self.run("set xscale sqrt", &bars).contains("sqrt scale cannot show"))
    }
}
