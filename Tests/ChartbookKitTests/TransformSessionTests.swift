import ChartbookCommands
import ChartbookModel
import ChartbookScene
import Testing

@testable import ChartbookKit

/// Issue 27 end to end: transform options typed, drawn, saved, refused.
@Suite struct TransformSessionTests {
    static let files = InMemoryFiles([
        "/yields.csv": """
        site,year,yield
        A,2001,10
        A,2001,12
        A,2002,14
        B,2001,20
        B,2002,22
        B,2002,26
        C,2001,5
        """,
        "/co2.csv": "date,ppm\n19580329,315.7\n19580405,317.4\n19580412,bad\n19580419,317.3\n",
    ])

    func run(_ script: String) -> ScriptRun { ScriptRun(script, files: Self.files) }

    @Test func aggregatesDrawOneValuePerX() throws {
        let r = run(
            "load /yields.csv as b\nadd plot grouped b.yield x=site by=year agg=mean\nshow data yield"
        )
        #expect(!r.failed, "\(r.diagnostics)")
        let plot = try #require(r.session.plots.first)
        #expect(r.session.values(of: plot) == [11, 14, 20, 24, 5])
        #expect(r.session.xCategories.names == ["A", "B", "C"])
        #expect(r.output.contains("rows"))
    }

    @Test func barsWhoseRowsShareAnXAreRefused() {
        let r = run("load /yields.csv as b\nadd plot grouped b.yield x=site by=year")
        #expect(r.failed)
        #expect(r.diagnostics.contains("has up to 2 rows at one x (site=A)"))
        #expect(r.diagnostics.contains("agg=mean"))
        #expect(r.session.plots.isEmpty)
    }

    @Test func countingRowsNeedsNoColumn() throws {
        let r = run("load /yields.csv as b\nadd plot bar b x=site agg=count")
        #expect(!r.failed, "\(r.diagnostics)")
        let plot = try #require(r.session.plots.first)
        #expect(plot.id == "count")
        #expect(r.session.values(of: plot) == [3, 3, 1])
    }

    @Test func transformsRoundTripThroughSaveScript() throws {
        let typed = [
            "add plot bar b.yield as yield x=site agg=median",
            "add plot line b.yield as r x=year agg=max rolling=max:2",
            "add plot line b.yield as s x=year agg=sum running=sum",
            "add plot dot b.yield as c x=year agg=q3 change=pct",
        ]
        let r = run("load /yields.csv as b\n" + typed.joined(separator: "\n"))
        #expect(!r.failed, "\(r.diagnostics)")
        let script = SessionScript.text(for: r.session, scriptDirectory: nil)
        for line in typed { #expect(script.contains(line), "\(script)") }
        let replayed = run(script)
        let drawn = { (s: Session) in s.plots.map { s.values(of: $0)?.map(\.description) } }
        #expect(drawn(replayed.session) == drawn(r.session))
    }

    @Test func removingATransformDrawsTheRowsAgain() throws {
        let r = run(
            "load /yields.csv as b\nadd plot dot b.yield x=site agg=mean\nset plot yield agg=none")
        #expect(!r.failed, "\(r.diagnostics)")
        let plot = try #require(r.session.plots.first)
        #expect(plot.drawn == nil)
        #expect(r.session.values(of: plot)?.count == 7)
    }

    @Test func errorsPointAtTheOption() {
        let r = run("load /yields.csv as b\nadd plot bar b.yield x=site bin=month agg=sum")
        #expect(r.failed)
        #expect(
            r.diagnostics.contains("bin=month needs an x of times; 'site' is not"),
            "\(r.diagnostics)")
        let span = run("load /yields.csv as b\nadd plot line b.yield x=year rolling=7d")
        #expect(
            span.diagnostics.contains("a rolling span needs an x of times"), "\(span.diagnostics)")
        let index = run("load /yields.csv as b\nadd plot line b.yield agg=sum")
        #expect(
            index.diagnostics.contains("this plot's x is the row number"), "\(index.diagnostics)")
        #expect(index.diagnostics.contains("t.cb:2:27"), "\(index.diagnostics)")
    }

    @Test func datesWrittenAsNumbersReadByAPattern() throws {
        let r = run("load /co2.csv as c x=date time=%Y%m%d\nadd plot line c.ppm")
        #expect(!r.failed, "\(r.diagnostics)")
        let date = try #require(r.session.dataset(named: "c")?.column(named: "date"))
        #expect(date.isTime)
        #expect(date.text(at: 0) == "1958-03-29")
        #expect(r.session.xScaleKind == .time)
        let script = SessionScript.text(for: r.session, scriptDirectory: nil)
        #expect(script.contains("time=%Y%m%d"))
        let wrong = run("load /co2.csv as c x=date time=%d.%m.%Y")
        #expect(wrong.diagnostics.contains("none of 4 does (the first reads '19580329')"))
    }

    @Test func referenceLinesAtAStatisticOfSomeRows() throws {
        let r = run(
            "load /yields.csv as b\nadd plot dot b.yield x=year\nadd refline mean b.yield where=year<2002\nadd refline max b.yield where=site=A,C"
        )
        #expect(!r.failed, "\(r.diagnostics)")
        let lines = r.session.markedLines
        #expect(lines.count == 2)
        #expect(r.session.value(of: lines[0]) == (10 + 12 + 20 + 5) / 4.0)
        #expect(r.session.value(of: lines[1]) == 14)
        #expect(lines[0].statisticName == "mean year<2002")
        let script = SessionScript.text(for: r.session, scriptDirectory: nil)
        #expect(script.contains("add refline max b.yield where=\"site=A,C\""), "\(script)")
        let replayed = run(script)
        #expect(replayed.session.markedLines == lines)
        let none = run("load /yields.csv as b\nadd refline mean b.yield where=year>3000")
        #expect(none.diagnostics.contains("keeps no row of 'b'"))
        let constant = run("load /yields.csv as b\nadd refline 5 where=year>3000")
        #expect(constant.diagnostics.contains("expected a statistic to filter"))
    }
}
