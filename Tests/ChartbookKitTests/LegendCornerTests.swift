import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `set legend top-left|bottom-left|bottom-right` (issue 51: a legend inside any corner):
/// the entries over the plot in that corner, Vega-Lite's orient of the same name, saved.
@Suite struct LegendCornerTests {
    static let script = "gen w walk 200\nadd plot line w.w\nadd plot line w.w as v color=red\n"

    @Test(arguments: [
        ("top-left", true, false), ("bottom-left", true, true), ("bottom-right", false, true),
        ("inside", false, false),
    ])
    func entriesStandInTheirCorner(position: String, left: Bool, bottom: Bool) throws {
        var notebook = Notebook()
        #expect(
            ScriptedSession.run(Self.script + "set legend \(position)", files: [:], &notebook) == ""
        )
        let target = TerminalTarget(columns: 80, rows: 20, colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        let area = scene.plotArea
        let entries = scene.texts.filter { $0.role == .legend }
        let first = try #require(entries.min { $0.column < $1.column })
        let last = try #require(entries.max { $0.column < $1.column })
        let row = try #require(entries.first?.row)
        #expect(row == (bottom ? area.row + area.height - 1 : area.row), "\(position)")
        if left {
            #expect(first.column == area.column + 1, "\(position)")
        } else {
            #expect(last.column + last.text.count == area.column + area.width, "\(position)")
        }
        let spec = VegaLiteExporter.spec(for: notebook.session, on: target, urls: false)
        #expect(spec.contains("\"orient\": \"\(position == "inside" ? "top-right" : position)\""))
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("set legend \(position)"))
    }
}

/// A theme's palette (issue 51: the theme as a value with a palette of its own): `set theme
/// paper` colours the plots with the Okabe–Ito colours, Solarized with its accents, dark and
/// light keep Tableau 10; every surface draws them; a saved script replays them.
@Suite struct ThemePaletteTests {
    @Test func plotsTakeTheThemesPalette() {
        var notebook = Notebook()
        let script = "gen w walk 50\nadd plot line w.w\nadd plot line w.w as v\nset theme paper"
        #expect(ScriptedSession.run(script, files: [:], &notebook) == "")
        let colors = notebook.session.plots.map(\.resolvedColor)
        #expect(colors == Array(Theme.paper.palette.prefix(2)))
        #expect(ScriptedSession.run("add plot line w.w as third", files: [:], &notebook) == "")
        #expect(notebook.session.plots.last?.resolvedColor == Theme.paper.palette[2])
        let svg = SVGExporter.svg(
            for: notebook.session, on: TerminalTarget(columns: 60, rows: 16, colorMode: .none))
        #expect(svg.contains(Theme.paper.palette[0].hexOpaque))
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        var replayed = Notebook()
        #expect(ScriptedSession.run(saved, files: [:], &replayed) == "")
        #expect(
            replayed.session.plots.map(\.resolvedColor)
                == notebook.session.plots.map(\.resolvedColor))
        #expect(ScriptedSession.run("set theme dark", files: [:], &notebook) == "")
        #expect(notebook.session.plots.first?.resolvedColor == Color.palette[0])
    }
}
