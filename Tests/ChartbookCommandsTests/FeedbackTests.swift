import Testing
import ChartbookModel
@testable import ChartbookCommands

/// Issue 10, item 1: commands say what they did and what to try next.
@Suite struct FeedbackTests {
    @Test func loadSaysWhatArrivedAndWhatToTry() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/sales.csv": "month,revenue,cost\nJan,1,2\nFeb,3,4\n",
            "/work/w.csv": "date,temp,kind\n2012-01-01,5,sun\n2012-01-02,7,rain\n",
        ])
        h.run("load sales.csv labels=month")
        #expect(
            h.feedback
                == "loaded sales: 2 rows · numbers: revenue, cost · labels: month · try: add plot line sales.revenue\n"
        )
        h.feedback = ""
        h.run("load w.csv")
        #expect(
            h.feedback
                == "loaded w: 2 rows · times: date (2012-01-01 – 2012-01-02) · numbers: temp · text: kind · try: add plot line w.temp x=date\n"
        )
        h.feedback = ""
        h.run("add plot line w.temp x=date; gen g walk 5")
        #expect(h.feedback == "made g: 5 rows · numbers: g\n")
    }

    @Test func writesSayWhatTheyWrote() {
        var h = Harness()
        h.run("snapshot on shots")
        #expect(h.feedback == "snapshots on: every change writes /work/shots/NNNN.svg\n")
    }
}

/// Issue 10, item 5: `history` is the changes, `history all` the typed lines; `undo N`.
@Suite struct HistoryTests {
    @Test func undoAndRedoSeveralSteps() throws {
        var h = Harness()
        h.run("gen a walk 5; gen b walk 5; gen c walk 5")
        #expect(h.run("undo 2") == nil)
        #expect(h.session.datasets.map(\.name) == ["a"])
        #expect(h.printed.contains("undid: gen c walk 5\nundid: gen b walk 5\n"))
        let before = h.session
        #expect(h.run("undo 5")?.contains("cannot undo 5 steps: there is 1") == true)
        #expect(h.session == before)
        #expect(h.run("redo 2") == nil)
        #expect(h.session.datasets.map(\.name) == ["a", "b", "c"])
        #expect(try parse("history all") == .history(all: true))
        #expect(try parse("undo") == .undo(count: 1))
        #expect(h.run("undo 0") != nil)
    }

    @Test func historyListsTheChanges() {
        var h = Harness()
        h.run("gen a walk 5; gen b walk 5; undo; history")
        #expect(h.printed.hasSuffix("   1  gen a walk 5\n   -  gen b walk 5  (undone)\n"))
    }
}
