import ChartbookCommands
import ChartbookModel
import Testing

/// The explore keys' moves (issue 54): each is the command a user could type, computed from
/// the session, and running it moves the selection or the view as the key says.
@Suite struct ExploreMoveTests {
    /// Takes `move` on the harness's session and runs its command; the command's text, or the
    /// note when none runs.
    @discardableResult
    func press(_ move: ExploreMove, _ h: inout Harness, walked: inout Int) -> String {
        let step = move.step(
            in: h.session, plotWidth: 60, walked: walked, executor: Executor(files: h.files))
        walked = step.walked
        guard let command = step.command else { return "note: " + (step.note ?? "") }
        let text = CommandPrinter.text(command)
        #expect(h.run(text) == nil, "\(text)")
        return text
    }

    func harness(_ csv: String, _ script: String) -> Harness {
        var h = Harness()
        h.files = InMemoryFiles(["/work/d.csv": csv])
        #expect(h.run("load /work/d.csv as d\n" + script) == nil)
        return h
    }

    @Test func anIndexChartIsWalkedPointByPoint() {
        var h = harness(
            "v\n" + (0..<30).map { "\($0 * 2)" }.joined(separator: "\n") + "\n", "add plot line d.v"
        )
        var walked = 0
        #expect(press(.right, &h, walked: &walked) == "select 0")
        #expect(press(.right, &h, walked: &walked) == "select 1")
        #expect(press(.left, &h, walked: &walked) == "select 0")
        #expect(press(.left, &h, walked: &walked) == "note: no point before this one")
        #expect(press(.last, &h, walked: &walked) == "select last")
        #expect(press(.right, &h, walked: &walked) == "note: no point after this one")
        #expect(press(.first, &h, walked: &walked) == "select 0")
        #expect(press(.rightFar, &h, walked: &walked) == "select 3")
        #expect(press(.leave, &h, walked: &walked) == "select none")
        #expect(h.session.selection == nil)
        #expect(press(.leave, &h, walked: &walked) == "note: nothing is selected")
        // None selected: ← takes the last point in view.
        #expect(press(.left, &h, walked: &walked) == "select 29")
    }

    @Test func anIndexChartZoomsAroundTheSelection() {
        var h = harness(
            "v\n" + (0..<40).map { "\($0)" }.joined(separator: "\n") + "\n", "add plot line d.v")
        var walked = 0
        press(.first, &h, walked: &walked)
        #expect(press(.rightFar, &h, walked: &walked) == "select 4")
        #expect(press(.zoomIn, &h, walked: &walked) == "view 0..19")
        #expect(press(.zoomIn, &h, walked: &walked) == "view 0..9")
        #expect(press(.zoomOut, &h, walked: &walked) == "view 0..19")
        #expect(press(.zoomOut, &h, walked: &walked) == "view all")
        #expect(press(.zoomOut, &h, walked: &walked) == "note: every point is in view")
        #expect(press(.pageForward, &h, walked: &walked) == "scroll next")
    }

    @Test func aTimeAxisIsWalkedAlongItsDrawnPoints() {
        // Not in order, with a missing value: the walk goes by time and skips the gap.
        let csv = """
            day,v
            2024-01-03,3
            2024-01-01,1
            2024-01-02,
            2024-01-05,5
            2024-01-04,4

            """
        var h = harness(csv, "add plot dot d.v")
        var walked = 0
        #expect(press(.right, &h, walked: &walked) == "select x=2024-01-01")
        #expect(press(.right, &h, walked: &walked) == "select x=2024-01-03")
        #expect(press(.right, &h, walked: &walked) == "select x=2024-01-04")
        #expect(press(.left, &h, walked: &walked) == "select x=2024-01-03")
        #expect(press(.last, &h, walked: &walked) == "select x=2024-01-05")
        #expect(press(.right, &h, walked: &walked) == "note: no point after this one")
        #expect(press(.first, &h, walked: &walked) == "select x=2024-01-01")
        #expect(press(.zoomIn, &h, walked: &walked) == "view 2024-01-01..2024-01-03")
        #expect(press(.zoomOut, &h, walked: &walked) == "view all")
    }

    /// End (select x= of the last point) outside a narrower view moves the view to the data's
    /// end, not half a window past it; Home to its start.
    @Test func theEndsKeepTheViewInsideTheData() {
        let csv = "x,v\n" + (0...100).map { "\($0),\($0 % 9)" }.joined(separator: "\n") + "\n"
        var h = harness(csv, "add plot line d.v x=x\nview 40..60")
        var walked = 0
        #expect(press(.last, &h, walked: &walked) == "select x=100")
        #expect(h.session.view.xInterval == 80...100)
        #expect(press(.first, &h, walked: &walked) == "select x=0")
        #expect(h.session.view.xInterval == 0...20)
    }

    @Test func anAscendingNumberAxisIsSearchedByHalving() {
        let csv =
            "x,v\n" + (0..<1000).map { "\(Double($0) / 10),\($0 % 7)" }.joined(separator: "\n")
            + "\n"
        var h = harness(csv, "add plot line d.v x=x\nselect x=50")
        var walked = 0
        #expect(press(.right, &h, walked: &walked) == "select x=50.1")
        #expect(press(.leftFar, &h, walked: &walked) == "select x=40.1")
        #expect(press(.first, &h, walked: &walked) == "select x=0")
        #expect(press(.last, &h, walked: &walked) == "select x=99.9")
    }

    @Test func tabStepsAlongTheNextPlot() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/a.csv": "x,v\n0,1\n10,2\n20,3\n",
            "/work/b.csv": "x,w\n3,1\n13,2\n23,3\n",
        ])
        #expect(
            h.run(
                "load /work/a.csv as a\nload /work/b.csv as b\nadd plot line a.v x=x\nadd plot line b.w x=x"
            )
                == nil)
        var walked = 0
        #expect(press(.right, &h, walked: &walked) == "select x=0")
        #expect(press(.right, &h, walked: &walked) == "select x=10")
        #expect(press(.nextPlot, &h, walked: &walked) == "select x=13")
        #expect(walked == 1)
        #expect(press(.right, &h, walked: &walked) == "select x=23")
        #expect(press(.nextPlot, &h, walked: &walked) == "select x=20")
        #expect(walked == 0)
    }

    @Test func categoriesAreWalkedByName() {
        var h = harness("city,v\nOslo,1\nRome,2\nLima,3\n", "add plot bar d.v x=city")
        var walked = 0
        #expect(press(.right, &h, walked: &walked) == "select x=Oslo")
        #expect(press(.right, &h, walked: &walked) == "select x=Rome")
        #expect(press(.last, &h, walked: &walked) == "select x=Lima")
    }

    /// A pie of rows (a category axis without names): the keys step through its slices by
    /// number; + and - say they need names.
    @Test func aPieIsWalkedByNumber() {
        var h = harness("v\n3\n4\n5\n", "add plot pie d.v")
        var walked = 0
        #expect(press(.right, &h, walked: &walked) == "select 0")
        #expect(press(.right, &h, walked: &walked) == "select 1")
        #expect(press(.last, &h, walked: &walked) == "select last")
        #expect(press(.zoomIn, &h, walked: &walked).hasPrefix("note: + and - zoom"))
    }

    @Test func whatCannotMoveSaysSo() {
        var h = harness("v\n1\n2\n3\n", "")
        var walked = 0
        #expect(
            press(.right, &h, walked: &walked) == "note: the keys explore a chart: add a plot first"
        )
        h.run("add plot histogram d.v")
        #expect(press(.right, &h, walked: &walked).hasPrefix("select x="))
    }

    /// A histogram's bins, walked as the chart bins them: each key selects a bin's centre,
    /// and the readout reads that bin.
    @Test func aHistogramIsWalkedByBin() {
        let values = (0..<40).map { "\(Double($0) * 0.25)" }.joined(separator: "\n")
        var h = harness("v\n" + values + "\n", "add plot histogram d.v bins=4")
        var walked = 0
        let first = press(.right, &h, walked: &walked)
        #expect(first.hasPrefix("select x="))
        guard case .x(let a) = h.session.selection else {
            Issue.record("no selection")
            return
        }
        let second = press(.right, &h, walked: &walked)
        guard case .x(let b) = h.session.selection else {
            Issue.record("no selection")
            return
        }
        #expect(second != first && b > a)
        #expect(press(.left, &h, walked: &walked) == first)
        #expect(press(.left, &h, walked: &walked) == "note: no point before this one")
        let last = press(.last, &h, walked: &walked)
        #expect(last.hasPrefix("select x=") && last != first)
        #expect(press(.right, &h, walked: &walked) == "note: no point after this one")
    }

    @Test func helpKeysNamesEveryMove() throws {
        let text = try HelpText.help(Located("keys", at: .generated))
        for move in ExploreMove.allCases {
            #expect(text.contains(move.keys + " "), "\(move)")
        }
    }
}
