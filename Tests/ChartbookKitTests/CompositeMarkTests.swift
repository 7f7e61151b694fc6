import ChartbookData
import ChartbookModel
import ChartbookScene
import ChartbookTransform
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Composite marks (issue 50): `ecdf` and `density` expand into a statistic of the values
/// (the transform pipeline's `distribution` step) drawn as a line — their numbers equal
/// references written out here (sorted ranks; a direct sum of Gaussians; Scott's rule as
/// its formula), per group and filter, saved and replayed, refused by SQL engines.
@Suite struct CompositeMarkTests {
    /// 150 values in two groups, a few missing.
    static let rows: [(v: Double, g: String)] = (0..<150).map { i in
        let v = i % 23 == 0 ? Double.nan : Double((i * 37) % 101) / 4 + (i % 2 == 0 ? 10 : 0)
        return (v, i % 2 == 0 ? "a" : "b")
    }
    static let file =
        "v,g\n" + rows.map { "\($0.v.isNaN ? "" : "\($0.v)"),\($0.g)" }.joined(separator: "\n")
        + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/d.csv": file], &notebook)
    }

    /// The drawn table's (x, y) points of group `group`.
    static func points(_ notebook: Notebook, group: String?) throws -> [(Double, Double)] {
        let drawn = try #require(notebook.session.plots.first?.drawn)
        let table = drawn.table
        let xs = try #require(table.columns.first?.numbers)
        let ys = try #require(table.column(named: drawn.y)?.numbers)
        let groups = table.column(named: "g")
        return xs.indices.filter { group == nil || groups?.text(at: $0) == group }.map {
            (xs[$0], ys[$0])
        }
    }

    static func values(_ group: String) -> [Double] {
        rows.filter { $0.g == group && !$0.v.isNaN }.map(\.v)
    }

    @Test func ecdfIsTheShareAtOrBelowEachDistinctValue() throws {
        var notebook = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot ecdf d.v by=g", &notebook) == "")
        for group in ["a", "b"] {
            let values = Self.values(group)
            let distinct = Array(Set(values)).sorted()
            let expected = distinct.map { v in
                (v, Double(values.filter { $0 <= v }.count) / Double(values.count))
            }
            let drawn = try Self.points(notebook, group: group)
            #expect(drawn.count == expected.count)
            for (d, e) in zip(drawn, expected) {
                #expect(d.0 == e.0 && abs(d.1 - e.1) < 1e-15)
            }
            #expect(drawn.last?.1 == 1)
        }
        // Drawn in steps: every rise of the polyline is vertical.
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 100, rows: 30, colorMode: .none))
        guard case .polyline(let runs)? = scene.layers.first?.marks else {
            Issue.record("no polyline")
            return
        }
        for run in runs {
            for (a, b) in zip(run, run.dropFirst()) { #expect(a.x == b.x || a.y == b.y) }
        }
    }

    @Test(arguments: [nil, 0.75])
    func densityIsADirectSumOfGaussians(_ bandwidth: Double?) throws {
        var notebook = Notebook()
        let option = bandwidth.map { " bandwidth=\($0)" } ?? ""
        #expect(Self.run("load d.csv as d\nadd plot density d.v by=g\(option)", &notebook) == "")
        for group in ["a", "b"] {
            let values = Self.values(group)
            let n = Double(values.count)
            // Scott's rule, written out: 1.06 · min(s, IQR / 1.34) · n^(−1/5).
            let mean = values.reduce(0, +) / n
            let s = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (n - 1)).squareRoot()
            let sorted = values.sorted()
            func quantile(_ p: Double) -> Double {
                let h = (n - 1) * p
                let lo = Int(h.rounded(.down))
                return sorted[lo] + (h - Double(lo))
                    * (sorted[min(lo + 1, sorted.count - 1)] - sorted[lo])
            }
            let h =
                bandwidth ?? 1.06 * min(s, (quantile(0.75) - quantile(0.25)) / 1.34) * pow(n, -0.2)
            let drawn = try Self.points(notebook, group: group)
            #expect(drawn.count == 201)
            let (low, high) = (sorted[0], sorted[sorted.count - 1])
            #expect(drawn.first?.0 == low && drawn.last?.0 == high)
            for (x, y) in drawn {
                let density =
                    values.map { exp(-((x - $0) / h) * ((x - $0) / h) / 2) }.reduce(0, +)
                    / ((2 * Double.pi).squareRoot() * h * n)
                #expect(abs(y - density) <= 1e-12 * max(density, 1e-300) + 1e-15)
            }
            // A density: its area over a wide enough span is 1 (the trapezoid rule, to 1 %,
            // over the values' extent widened by the kernel — checked on the formula).
            let wide = stride(from: low - 6 * h, through: high + 6 * h, by: h / 20).map { x in
                values.map { exp(-((x - $0) / h) * ((x - $0) / h) / 2) }.reduce(0, +)
                    / ((2 * Double.pi).squareRoot() * h * n)
            }
            #expect(abs(wide.reduce(0, +) * h / 20 - 1) < 0.01)
        }
    }

    @Test func aStatisticOfTheValuesStandsDownTheChart() {
        var notebook = Notebook()
        #expect(
            Self.run("load d.csv as d\nadd plot density d.v\nadd refline median d.v", &notebook)
                == "")
        #expect(notebook.session.markedLines.map { notebook.session.isVertical($0) } == [true])
    }

    @Test func savedReplayedAndRefusedByEngines() throws {
        var notebook = Notebook()
        let script = "load d.csv as d\nadd plot density d.v as k bandwidth=0.5 where=g=a"
        #expect(Self.run(script, &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("add plot density d.v as k where=\"g=a\" bandwidth=0.5"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
        let plot = try #require(notebook.session.plots.first)
        let pipeline = try #require(TransformPipeline(plot: plot, in: notebook.session))
        #expect(pipeline.distribution == Distribution(KernelDensity(bandwidth: 0.5)))
        for dialect in [SQLDialect.postgres, .clickhouse] {
            let source = SQLCompiler.Source(
                relation: "t", kinds: ["v": .number, "g": .text], rowOrder: nil)
            #expect(throws: TransformError.self) {
                try SQLCompiler(dialect).query(pipeline, over: source)
            }
        }
        let refused = Self.run("set plot k bandwidth=-1", &notebook)
        #expect(refused.contains("bandwidth"))
    }

    @Test func linesTakeStepsToo() {
        var notebook = Notebook()
        #expect(Self.run("gen w walk 30\nadd plot line w style=step", &notebook) == "")
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 120, rows: 30, colorMode: .none))
        guard case .polyline(let runs)? = scene.layers.first?.marks else {
            Issue.record("no polyline")
            return
        }
        #expect(!runs.isEmpty)
        for run in runs {
            for (a, b) in zip(run, run.dropFirst()) { #expect(a.x == b.x || a.y == b.y) }
        }
    }
}
