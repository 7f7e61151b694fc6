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
