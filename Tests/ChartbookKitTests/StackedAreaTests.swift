import ChartbookData
import ChartbookModel
import ChartbookScene
import ChartbookTransform
import ChartbookVegaLite
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `stack=` (issue 50): an area's `by=` groups stacked from zero, or as shares of each x's
/// total (`normalize`, a pipeline step after the window) — the shares equal a sum written
/// out here, the scene's bands stand each on the one below, Vega-Lite stacks in the same
/// order (and no longer stacks areas that chartbook overlaps), SQL engines refuse shares.
@Suite struct StackedAreaTests {
    /// Three groups over six x values; one value missing, one x where every value is 0.
    static let rows: [(x: Int, g: String, v: Double)] = [
        (1, "a", 2), (1, "b", 3), (1, "c", 5), (2, "a", 1), (2, "b", .nan), (2, "c", 3),
        (3, "a", 0), (3, "b", 0), (3, "c", 0), (4, "a", 4), (4, "b", 4), (4, "c", 2),
        (5, "a", 7), (5, "c", 1), (6, "b", 6),
    ]
    static let file =
        "x,g,v\n"
        + rows.map { "\($0.x),\($0.g),\($0.v.isNaN ? "" : "\($0.v)")" }.joined(separator: "\n")
        + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/d.csv": file], &notebook)
    }

    @Test func sharesAreEachValueOverItsXsTotal() throws {
        var notebook = Notebook()
        #expect(
            Self.run("load d.csv as d\nadd plot area d.v x=x by=g stack=normalize", &notebook) == ""
        )
        let drawn = try #require(notebook.session.plots.first?.drawn)
        let xs = try #require(drawn.table.column(named: "x")?.numbers)
        let groups = try #require(drawn.table.column(named: "g"))
        let ys = try #require(drawn.table.column(named: drawn.y)?.numbers)
        for i in xs.indices {
            let row = try #require(
                Self.rows.first { Double($0.x) == xs[i] && $0.g == groups.text(at: i) })
            let total = Self.rows.filter { Double($0.x) == xs[i] && !$0.v.isNaN }
                .reduce(0) { $0 + $1.v }
            if row.v.isNaN || total == 0 {
                #expect(ys[i].isNaN, "x \(xs[i]) \(row.g)")
            } else {
                #expect(abs(ys[i] - row.v / total) < 1e-15, "x \(xs[i]) \(row.g)")
            }
        }
    }

    @Test func eachPartStandsOnTheOneBelow() throws {
        var notebook = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot area d.v x=x by=g stack=on", &notebook) == "")
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 90, rows: 30, colorMode: .none))
        let bands = scene.layers.compactMap(\.band)
        #expect(bands.count == 3)
        #expect(scene.layers.allSatisfy { $0.fill == nil && $0.pattern != nil })
        // At x = 1 (the first point of every group): a's top is b's bottom, b's top c's.
        let first = bands.map { $0.runs[0][0] }
        #expect(first[0].from == first[1].to && first[1].from == first[2].to)
        #expect(first[2].from < first[0].from)
    }

    @Test func savedReplayedExportedAndRefused() throws {
        var notebook = Notebook()
        #expect(
            Self.run("load d.csv as d\nadd plot area d.v as s x=x by=g stack=normalize", &notebook)
                == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("stack=normalize"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
        let area = try #require(vegaLiteLayers(notebook.session).first)
        #expect(area["encoding"]?["y"]?["stack"] == "zero")
        #expect(area["encoding"]?["order"]?["field"] == "_group_order")
        #expect(area.text().contains("joinaggregate"))
        // Overlapping areas stay overlapping in Vega-Lite (it stacks colour groups unless told).
        #expect(Self.run("set plot s stack=off", &notebook) == "")
        #expect(vegaLiteLayers(notebook.session).first?["encoding"]?["y"]?["stack"] == .null)
        // Nothing to stack without groups; a share of negative parts is no share.
        let before = notebook.session
        let refused = Self.run("set plot s by=none stack=on", &notebook)
        #expect(refused.contains("error: invalid stack 'on': expected by=COLUMN beside it"))
        #expect(notebook.session == before)
        #expect(Self.run("let d.n = v - 3", &notebook) == "")
        let negative = Self.run("add plot area d.n x=x by=g stack=normalize", &notebook)
        #expect(negative.contains("has values below 0"))
        #expect(negative.contains("stack=on stacks them from zero instead"))
    }

    @Test func sqlEnginesRefuseShares() throws {
        var pipeline = TransformPipeline(x: "x", y: "v", by: "g")
        pipeline.shares = true
        for dialect in [SQLDialect.postgres, .clickhouse] {
            let source = SQLCompiler.Source(
                relation: "t", kinds: ["x": .number, "v": .number, "g": .text], rowOrder: nil)
            #expect(throws: TransformError.self) {
                try SQLCompiler(dialect).query(pipeline, over: source)
            }
        }
    }
}
