import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Violins (issue 50): the density of each group (the `density` kind's pipeline step),
/// mirrored around the group's place as box plots stand, every violin on one width scale;
/// statistics stay on y; Vega-Lite draws horizontal areas on a numeric x of the categories,
/// box plots beside them at the same places.
@Suite struct ViolinTests {
    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/d.csv": CompositeMarkTests.file], &notebook)
    }

    @Test func aViolinIsTheDensityOfEachGroup() throws {
        var violin = Notebook(), density = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot violin d.v by=g bandwidth=1.5", &violin) == "")
        #expect(
            Self.run("load d.csv as d\nadd plot density d.v by=g bandwidth=1.5", &density) == "")
        #expect(violin.session.plots[0].drawn?.table == density.session.plots[0].drawn?.table)
    }

    @Test func mirroredOnOneScale() throws {
        var notebook = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot violin d.v by=g", &notebook) == "")
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 100, rows: 30, colorMode: .none))
        let bands = scene.layers.compactMap(\.band)
        #expect(bands.count == 2 && bands.allSatisfy(\.alongY))
        let drawn = try #require(notebook.session.plots.first?.drawn)
        let densities = try #require(drawn.table.column(named: drawn.y)?.numbers)
        let largest = try #require(densities.max())
        var widest = 0.0
        for band in bands {
            let points = band.runs.flatMap { $0 }
            let centre = (points[0].from + points[0].to) / 2
            for p in points {
                #expect(abs((p.from + p.to) / 2 - centre) < 1e-9)
                widest = max(widest, p.to - p.from)
            }
        }
        // The widest violin fills 0.8 of a slot; widths are densities on one scale.
        let slotDots = try #require(scene.xAffine).scale
        #expect(abs(widest - 0.8 * slotDots) < 1e-6)
        let all = bands.flatMap { $0.runs.flatMap { $0 } }.map { ($0.to - $0.from) / widest }
        #expect(all.count == densities.count)
        #expect(abs((all.max() ?? 0) - 1) < 1e-12)
        #expect(
            Set(all.map { ($0 * 1e6).rounded() })
                == Set(densities.map { ($0 / largest * 1e6).rounded() }))
    }

    @Test func statisticsStayOnYAndVegaLiteSlotsTheBoxes() throws {
        var notebook = Notebook()
        let script =
            "load d.csv as d\nadd plot violin d.v as v by=g bandwidth=2\nadd plot box d.v as b by=g\nadd refline median d.v"
        #expect(Self.run(script, &notebook) == "")
        #expect(notebook.session.markedLines.map { notebook.session.isVertical($0) } == [false])
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("add plot violin d.v as v by=g bandwidth=2"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
        let layers = vegaLiteLayers(notebook.session)
        let area = try #require(layers.first { $0["mark"]?["type"] == "area" })
        #expect(area["mark"]?["orient"] == "horizontal")
        #expect(area["encoding"]?["x"]?["field"] == "_left")
        #expect(area["encoding"]?["x2"]?["field"] == "_right")
        let box = try #require(layers.first { $0["mark"]?["type"] == "boxplot" })
        #expect(box["encoding"]?["x"]?["field"] == "_slot")
    }
}
