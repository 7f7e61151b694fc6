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

    /// `extent=` (issue 29): whiskers computed from the rows sharing an x — the mean ± the
    /// sample standard deviation or the standard error, the quartiles around the median —
    /// drawn, read out and exported with the same numbers.
    @Test func extentComputesTheWhiskersFromTheRows() throws {
        let file = "g,v\na,1\na,2\na,6\nb,4\nb,4\nc,3\n"
        let files = InMemoryFiles(["/work/s.csv": file])
        func drawn(_ extent: String) throws -> (Dataset, DrawnTable) {
            let s = sessionAfter(
                "load s.csv as s\nadd plot errorbar s.v x=g extent=\(extent)", files: files)
            let drawn = try #require(s.plots.first?.drawn)
            return (drawn.table, drawn)
        }
        func column(_ t: Dataset, _ name: String?) -> [Double] {
            t.column(named: name ?? "")?.numbers ?? []
        }
        // a: mean 3, sample sd √7; b: 4, 0; c: one row, no spread (NaN: the whisker stands
        // at the value).
        let (sd, sdTable) = try drawn("stdev")
        let r7 = 7.0.squareRoot()
        #expect(column(sd, sdTable.y) == [3, 4, 3])
        #expect(column(sd, sdTable.low).prefix(2) == [3 - r7, 4])
        #expect(column(sd, sdTable.high).prefix(2) == [3 + r7, 4])
        #expect(column(sd, sdTable.low)[2].isNaN)
        let (se, seTable) = try drawn("stderr")
        #expect(column(se, seTable.high)[0] == 3 + r7 / 3.0.squareRoot())
        let (iqr, iqrTable) = try drawn("iqr")
        #expect(column(iqr, iqrTable.y) == [2, 4, 3])
        #expect(column(iqr, iqrTable.low)[0] == 1.5 && column(iqr, iqrTable.high)[0] == 4)
        // The readout gives the interval; low= beside extent= is refused.
        let text = ChartRenderer.text(
            for: sessionAfter(
                "load s.csv as s\nadd plot errorbar s.v x=g extent=iqr\nselect x=a", files: files),
            on: TerminalTarget(columns: 60, rows: 16, colorMode: .none))
        #expect(text.contains("v 2.000 (1.500–4.000)"), "\(text)")
        let run = ScriptRun(
            "load s.csv as s\nadd plot errorbar s.v x=g extent=stdev high=v", files: files)
        #expect(run.failed && run.diagnostics.contains("expected no high= beside it"))
    }
}
