import ChartbookModel
import ChartbookScene
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Sparklines as layers in a region (issue 51, seed 001): `place=right|left` in a margin
/// beside the plot, as tall as it; `place=above` a strip over the plot; a chart without a
/// main plot, or too narrow, keeps them in the strip below — none is left out.
@Suite struct SparkPlaceTests {
    static let file =
        "t,a,b\n" + (0..<40).map { "\($0),\($0 % 7),\($0 * $0)" }.joined(separator: "\n") + "\n"

    static func scene(_ script: String, columns: Int = 90, rows: Int = 20) -> Scene {
        var notebook = Notebook()
        #expect(ScriptedSession.run(script, files: ["/work/d.csv": file], &notebook) == "")
        return ChartRenderer.scene(
            for: notebook.session,
            on: TerminalTarget(columns: columns, rows: rows, colorMode: .none))
    }

    @Test func aMarginSparklineStandsBesideThePlotAsTallAsIt() throws {
        let scene = Self.scene(
            "load d.csv as d x=t\nadd plot line d.a\nadd plot sparkline d.b place=right")
        let strip = try #require(scene.sparklines.first)
        let area = scene.plotArea
        #expect(strip.plotArea.column > area.column + area.width)
        #expect(strip.plotArea.row == area.row + 1 && strip.plotArea.height == area.height - 2)
        // Its name on the plot's first row, its last value (39² = 1521) on the last.
        #expect(scene.texts.contains { $0.text == "b" && $0.row == area.row })
        #expect(scene.texts.contains { $0.text == "1521" && $0.row == area.row + area.height - 1 })
        // Left of the plot on the left.
        let left = Self.scene(
            "load d.csv as d x=t\nadd plot line d.a\nadd plot sparkline d.b place=left")
        #expect((left.sparklines.first?.plotArea.column ?? 99) < left.plotArea.column)
    }

    @Test func aboveStandsOverThePlot() throws {
        let scene = Self.scene(
            "load d.csv as d x=t\nadd plot line d.a\nadd plot sparkline d.b place=above height=2")
        let strip = try #require(scene.sparklines.first)
        #expect(strip.plotArea.row + strip.plotArea.height <= scene.plotArea.row)
        #expect(strip.plotArea.height == 2)
    }

    @Test func withoutRoomTheyTakeTheStripBelow() throws {
        let narrow = Self.scene(
            "load d.csv as d x=t\nadd plot line d.a\nadd plot sparkline d.b place=right",
            columns: 30)
        let strip = try #require(narrow.sparklines.first)
        #expect(strip.plotArea.row > narrow.plotArea.row + narrow.plotArea.height)
        let alone = Self.scene("load d.csv as d x=t\nadd plot sparkline d.b place=right")
        #expect(alone.sparklines.count == 1)
    }
}
