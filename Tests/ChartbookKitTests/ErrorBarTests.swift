import ChartbookData
import ChartbookModel
import ChartbookScene
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `add plot errorbar` (issue 29): a capped whisker from low to high and the value.
@Suite struct ErrorBarTests {
    static let file = """
        x,mean,low,high
        1,10,8,13
        2,20,,24
        3,15,5,
        4,,1,2

        """

    @Test func whiskersSpanLowToHighTheValueStandingInForAMissingEnd() throws {
        let session = sessionAfter(
            "load e.csv as e\nadd plot errorbar e.mean x=x",
            files: InMemoryFiles(["/work/e.csv": Self.file]))
        let scene = ChartRenderer.scene(
            for: session, on: TerminalTarget(columns: 60, rows: 20, colorMode: .none))
        guard case .whiskers(let whiskers)? = scene.layers.first?.marks else {
            Issue.record("no whiskers")
            return
        }
        // The row without a value has none; the others run low → high, a missing end at
        // the value.
        #expect(whiskers.count == 3)
        let y = try #require(scene.yMappings["mean"])
        let row = { (v: Double) in y.cell(v, dotsPerCell: scene.dotsPerCell.y) }
        #expect(whiskers.map(\.high) == [row(13), row(24), row(15)])
        #expect(whiskers.map(\.low) == [row(8), row(20), row(5)])
        #expect(whiskers.map(\.value) == [row(10), row(20), row(15)])
        // The y range holds every whisker.
        #expect(scene.yRange.lowerBound <= 5 && scene.yRange.upperBound >= 24)
        // The caps in the terminal (where an end is the value, its dot stands there), and
        // the readout gives the interval.
        let text = ChartRenderer.text(
            for: sessionAfter(
                "load e.csv as e\nadd plot errorbar e.mean x=x\nselect 0",
                files: InMemoryFiles(["/work/e.csv": Self.file])),
            on: TerminalTarget(columns: 60, rows: 20, colorMode: .none))
        // (The x axis's ticks are ┬ too: its row is left out.)
        let plot = text.split(separator: "\n").filter { !$0.contains("└") }.joined()
        #expect(plot.filter { $0 == "┬" }.count == 2 && plot.filter { $0 == "┴" }.count == 2)
        #expect(text.contains("mean 10 (8–13)"), "\(text)")
    }
}
