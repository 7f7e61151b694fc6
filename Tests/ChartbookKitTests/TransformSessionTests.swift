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
        "/wide.csv": "year,name,jan,feb,mar\n2020,a,1,2,3\n2021,b,4,,6\n",
        "/macro.csv":
            "year,quarter,gdp\n2000,1,100\n2000,2,101\n2000,3,103\n2000,4,104\n2001,1,106\n",
        "/co2.csv": "date,ppm\n19580329,315.7\n19580405,317.4\n19580412,bad\n19580419,317.3\n",
        "/survey.csv": "answer,size\nyes,12 ms\nno,3 ms\nyes,big\n",
        "/de.csv": "Datum;Wert\n27.11.2026;1,5\n28.11.2026;2,25\n",
        "/de.json": #"[{"Datum": "27.11.2026", "Wert": 1.5}, {"Datum": "28.11.2026", "Wert": 2}]"#,
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

    /// Dates with points are times unasked; a `time=` pattern for such a column, as scripts
    /// wrote before, still reads its cells (their own text, not a time's), CSV and JSON.
    @Test func datesWithPointsReadUnaskedOrByTheirPattern() throws {
        for path in ["/de.csv", "/de.json"] {
            for options in ["", " x=Datum time=%d.%m.%Y"] {
                let r = run("load \(path) as d\(options)\nadd plot line d.Wert")
                #expect(!r.failed, "\(path)\(options): \(r.diagnostics)")
                let date = try #require(r.session.dataset(named: "d")?.column(named: "Datum"))
                #expect(date.isTime && date.text(at: 0) == "2026-11-27", "\(path)\(options)")
                #expect(r.session.xScaleKind == .time)
            }
        }
        // A pattern the cells do not match names their text.
        let wrong = run("load /de.csv as d x=Datum time=%Y-%m-%d")
        #expect(
            wrong.diagnostics.contains("(the first reads '27.11.2026')"), "\(wrong.diagnostics)")
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
        // The percentiles of agg= are statistics of lines too (R-7).
        let p = run("load /yields.csv as b\nadd plot dot b.yield x=year\nadd refline p99 b.yield")
        let yields = try #require(p.session.dataset(named: "b")?.column(named: "yield")?.numbers)
        #expect(
            p.session.markedLines.first.flatMap { p.session.value(of: $0) }
                == Statistics.quantile(0.99, of: yields))
        let script = SessionScript.text(for: r.session, scriptDirectory: nil)
        #expect(script.contains("add refline max b.yield where=\"site=A,C\""), "\(script)")
        let replayed = run(script)
        #expect(replayed.session.markedLines == lines)
        let none = run("load /yields.csv as b\nadd refline mean b.yield where=year>3000")
        #expect(none.diagnostics.contains("keeps no row of 'b'"))
        let constant = run("load /yields.csv as b\nadd refline 5 where=year>3000")
        #expect(constant.diagnostics.contains("expected a statistic to filter"))
    }

    @Test func derivedColumnsAreColumnsLikeAnyOther() throws {
        let r = run(
            """
            load /macro.csv as m
            let m.t = year + (quarter - 1) / 4
            let m.late = if(quarter > 2, "late", "early")
            add plot line m.gdp x=t by=late where=t<2001
            reload m
            """)
        #expect(!r.failed, "\(r.diagnostics)")
        let m = try #require(r.session.dataset(named: "m"))
        #expect(m.column(named: "t")?.numbers == [2000, 2000.25, 2000.5, 2000.75, 2001])
        #expect(m.derivations.map(\.name) == ["t", "late"])
        let script = SessionScript.text(for: r.session, scriptDirectory: nil)
        #expect(
            script.contains(
                "let m.t = year + (quarter - 1) / 4\nlet m.late = if(quarter > 2, \"late\", \"early\")\n"
            ), "\(script)")
        let replayed = run(script)
        #expect(replayed.session.dataset(named: "m")?.columns == m.columns)
        #expect(r.session.xScaleKind == .linear)
    }

    @Test func derivedColumnsAreRedefinedButSourceColumnsKept() {
        let again = run("load /macro.csv as m\nlet m.t = year\nlet m.t = year * 2")
        #expect(!again.failed)
        #expect(again.session.dataset(named: "m")?.column(named: "t")?.numbers?.first == 4000)
        let clash = run("load /macro.csv as m\nlet m.gdp = year")
        #expect(clash.diagnostics.contains("column 'gdp' already exists"), "\(clash.diagnostics)")
    }

    @Test func expressionErrorsPointIntoTheLine() {
        let r = run("load /macro.csv as m\nlet m.t = year + \"a\"")
        #expect(
            r.diagnostics
                == "t.cb:2:11: error: '+' cannot take number and text\nlet m.t = year + \"a\"\n          ^~~~~~~~~~\n",
            "\(r.diagnostics)")
        let unknown = run("load /macro.csv as m\nlet m.t = yeer * 2")
        #expect(unknown.diagnostics.contains("did you mean 'year'?"))
    }

    @Test func pushedRowsAreComputedToo() throws {
        let r = run("data d = 1 2 3\nlet d.twice = d * 2\npush d 10")
        #expect(!r.failed, "\(r.diagnostics)")
        #expect(r.session.dataset(named: "d")?.column(named: "twice")?.numbers == [2, 4, 6, 20])
    }

    /// A dataset of text alone: its rows counted, its text made numbers; a pushed value has
    /// no column to go to and is refused, the dataset unchanged.
    @Test func aDatasetOfTextAlone() throws {
        let r = run(
            "load /survey.csv as s\nadd plot bar s x=answer agg=count\nlet s.n = number(replace(size, \" ms\", \"\"))"
        )
        #expect(!r.failed, "\(r.diagnostics)")
        #expect(r.session.plots.first.flatMap { r.session.values(of: $0) } == [2, 1])
        #expect(
            (0..<3).map { r.session.dataset(named: "s")?.column(named: "n")?.text(at: $0) }
                == ["12", "3", ""])
        let pushed = run("load /survey.csv as s\npush s 1")
        #expect(pushed.diagnostics.contains("a dataset with a column of numbers to push onto"))
        #expect(pushed.session.dataset(named: "s")?.count == 3)
    }

    @Test func foldMakesAWideTableLong() throws {
        let r = run("load /wide.csv as w\nfold w jan..mar as month value\nreload w")
        #expect(!r.failed, "\(r.diagnostics)")
        let w = try #require(r.session.dataset(named: "w"))
        #expect(w.columns.map(\.name) == ["year", "name", "month", "value"])
        #expect(w.column(named: "year")?.numbers == [2020, 2020, 2020, 2021, 2021, 2021])
        #expect(
            (0..<6).map { w.column(named: "month")?.text(at: $0) ?? "" } == [
                "jan", "feb", "mar", "jan", "feb", "mar",
            ])
        #expect(w.column(named: "value")?.text(at: 4) == "")
        let script = SessionScript.text(for: r.session, scriptDirectory: nil)
        #expect(script.contains("fold w jan..mar as month value"), "\(script)")
        let cells = { (d: Dataset?) in d?.columns.map { c in (0..<c.count).map(c.text) } }
        #expect(cells(run(script).session.dataset(named: "w")) == cells(w))
        let listed = run("load /wide.csv as w\nfold w jan,mar as m v")
        #expect(listed.session.dataset(named: "w")?.count == 4)
    }

    @Test func foldRefusesTextAndPlottedColumns() {
        let text = run("load /wide.csv as w\nfold w name..feb as m v")
        #expect(text.diagnostics.contains("'name' holds text"), "\(text.diagnostics)")
        let plotted = run("load /wide.csv as w\nadd plot line w.jan\nfold w jan..mar as m v")
        #expect(plotted.diagnostics.contains("used by plot 'jan'"), "\(plotted.diagnostics)")
        #expect(plotted.session.dataset(named: "w")?.count == 2)
        let clash = run("load /wide.csv as w\nfold w jan..mar as year v")
        #expect(clash.diagnostics.contains("column 'year' already exists"), "\(clash.diagnostics)")
    }
}
