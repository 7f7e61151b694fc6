import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `band=` on a trend (issue 50): the band is the drawn table's low and high columns, drawn
/// under the line in the terminal and SVG as a `Scene.Band`, exported to Vega-Lite as an
/// area from those columns, saved and replayed, and refused where the fit has none.
@Suite struct TrendBandSessionTests {
    static let file =
        "x,y,g\n"
        + (0..<60).map { i in
            "\(i),\(Double(i) * 0.5 + Double((i * 37) % 11) - 5),\(i % 2 == 0 ? "a" : "b")"
        }.joined(separator: "\n") + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/d.csv": file], &notebook)
    }

    @Test func theBandIsDrawnUnderTheLine() throws {
        var notebook = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot trend d.y x=x band=on", &notebook) == "")
        let drawn = try #require(notebook.session.plots.first?.drawn)
        #expect(drawn.low == DrawnTable.lowColumn && drawn.high == DrawnTable.highColumn)
        #expect(drawn.fits[""]?.hasSuffix(", 95% band") == true)
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 100, rows: 30, colorMode: .none))
        let band = try #require(scene.layers.first?.band)
        #expect(band.runs.count == 1)
        // Widest at the ends, narrowest near the mean of x.
        let widths = band.runs[0].map { $0.to - $0.from }
        #expect(widths.allSatisfy { $0 >= 0 })
        #expect(
            (widths.first ?? 0) > (widths.min() ?? 0) && (widths.last ?? 0) > (widths.min() ?? 0))
        var off = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot trend d.y x=x", &off) == "")
        let plain = ChartRenderer.scene(
            for: off.session, on: TerminalTarget(columns: 100, rows: 30, colorMode: .none))
        #expect(plain.layers.first?.band == nil)
    }

    @Test func savedReplayedAndExported() throws {
        var notebook = Notebook()
        let script = "load d.csv as d\nadd plot trend d.y as t x=x by=g method=poly:2 band=90%"
        #expect(Self.run(script, &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("band=90%"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
        let layers = vegaLiteLayers(notebook.session)
        let area = try #require(layers.first { $0["mark"]?["type"] == "area" })
        #expect(area["encoding"]?["y"]?["field"] == .string(DrawnTable.lowColumn))
        #expect(area["encoding"]?["y2"]?["field"] == .string(DrawnTable.highColumn))
        #expect(Self.run("set plot t band=off", &notebook) == "")
        #expect(notebook.session.plots.first?.drawn?.low == nil)
    }

    @Test func refusedWhereTheFitHasNoBand() {
        var notebook = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot trend d.y as t x=x", &notebook) == "")
        let before = notebook.session
        let refused = Self.run("set plot t method=loess band=on", &notebook)
        #expect(refused.contains("error: invalid method 'loess'"))
        #expect(refused.contains("a confidence band needs a least-squares fit"))
        #expect(refused.hasSuffix("set plot t method=loess band=on\n                  ^~~~~\n"))
        #expect(notebook.session == before)
        #expect(Self.run("set plot t band=97", &notebook).contains("from 50% to 99.9%"))
        #expect(
            Self.run("add plot line d.y band=on", &notebook).contains("band")
        )
    }
}
