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
