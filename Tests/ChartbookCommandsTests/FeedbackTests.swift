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
                == "loaded w: 2 rows · times: date (2012-01-01 – 2012-01-02) · numbers: temp · text: kind · x: date (its one time column; x=none draws by row) · try: add plot line w.temp\n"
        )
        // Issue 31: x=none keeps the row number (and the try suggests the x).
        h.feedback = ""
        h.run("load w.csv x=none")
        #expect(
            h.feedback
                == "loaded w: 2 rows · times: date (2012-01-01 – 2012-01-02) · numbers: temp · text: kind · try: add plot line w.temp x=date\n"
        )
        #expect(h.session.dataset(named: "w")?.xColumn == nil)
        h.feedback = ""
        h.run("add plot line w.temp x=date; gen g walk 5")
        #expect(h.feedback == "made g: 5 rows · numbers: g\n")
    }

    /// Dates written with numbers only are text unless `time=` says their order: where the
    /// column tells it, `load` says the pattern — and the pattern reads the column as times.
    @Test func loadSaysWhichPatternReadsDatesWrittenWithNumbers() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/s.csv": "day,v\n01/01/2023,1\n13/01/2023,2\n",
            "/work/u.csv": "day,v\n01/02/2023,1\n02/03/2023,2\n",
        ])
        #expect(
            feedback(of: "load s.csv", &h)
                == "loaded s: 2 rows · numbers: v · text: day · day holds dates written day first (13/01/2023): load with x=day time=%d/%m/%Y reads them · try: add plot line s.v\n"
        )
        #expect(!feedback(of: "load s.csv x=day time=%d/%m/%Y", &h).contains("holds dates"))
        #expect(h.session.dataset(named: "s")?.column(named: "day")?.isTime == true)
        // Either order reads every cell: no pattern is said.
        #expect(!feedback(of: "load u.csv", &h).contains("holds dates"))
    }

    /// A column of whole numbers, ascending, in the range of seconds (or milliseconds) since
    /// 1970 of this century: `load` says `time=epoch` reads it — a guess, said as one.
    @Test func loadSaysSecondsSince1970ReadAsTimes() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/l.csv": "ts,ms\n1700000000,10\n1700000017,12\n",
            "/work/m.csv": "t,v\n1700000000000,1\n1700000000500,2\n",
            "/work/n.csv": "id,v\n1700000017,1\n1700000000,2\n",
        ])
        #expect(
            feedback(of: "load l.csv", &h)
                == "loaded l: 2 rows · numbers: ts, ms · ts looks like seconds since 1970 (1700000000 is 2023-11-14 22:13:20): load with x=ts time=epoch reads them as times · try: add plot line l.ms\n"
        )
        #expect(
            feedback(of: "load m.csv", &h).contains(
                "t looks like milliseconds since 1970 (1700000000000 is 2023-11-14 22:13:20): load with x=t time=epochms"
            ))
        // Not ascending: ids, not times.
        #expect(!feedback(of: "load n.csv", &h).contains("since 1970"))
        // Read as times, it says nothing more.
        #expect(!feedback(of: "load l.csv x=ts time=epoch", &h).contains("since 1970"))
        #expect(h.session.dataset(named: "l")?.column(named: "ts")?.isTime == true)
    }

    /// The feedback of `line` alone.
    func feedback(of line: String, _ h: inout Harness) -> String {
        h.feedback = ""
        h.run(line)
        return h.feedback
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

/// Issue 10, item 6: every name gets a "did you mean" and completion; columns match
/// whatever their case when that is unambiguous.
@Suite struct NameMatchingTests {
    var harness: Harness {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/sales.csv": "month,revenue,cost\nJan,1,2\nFeb,3,4\n",
            "/work/s.csv": "date,v\n2024-01-01,1\n2024-01-02,2\n",
        ])
        return h
    }

    @Test func unknownSeriesSuggestsTheColumn() {
        var h = harness
        h.run("load sales.csv labels=month")
        #expect(
            h.run("add plot line revenu")
                == "t.cb:1:15: error: unknown dataset or column 'revenu'; did you mean 'revenue'?\nadd plot line revenu\n              ^~~~~~\n"
        )
        #expect(h.run("add plot line Revenue") == nil)
        #expect(h.session.plots.first?.series.column == "revenue")
    }

    @Test func labelColumnsAreCaseInsensitiveAndPointedAt() {
        var h = harness
        #expect(h.run("load sales.csv labels=Month as s") == nil)
        #expect(h.session.dataset(named: "s")?.labels == ["Jan", "Feb"])
        var g = harness
        #expect(
            g.run("load sales.csv labels=mont")
                == "t.cb:1:23: error: unknown column 'mont' for labels= of load; did you mean 'month'?\nload sales.csv labels=mont\n                      ^~~~\n"
        )
    }

    @Test func setLabelsTakesAUniqueBareColumn() {
        var h = harness
        #expect(h.run("load s.csv; add plot line s.v; set labels date") == nil)
        #expect(
            h.session.axes.labelSource == .column(SeriesReference(dataset: "s", column: "date")))
    }

    @Test func bareColumnsComplete() {
        var h = harness
        h.run("load sales.csv labels=month")
        let result = Completer(files: InMemoryFiles()).complete(
            "add plot line rev", session: h.session)
        #expect(result.candidates == ["revenue "])
    }
}

/// Issue 10, item 7: Ctrl-C stops a long `gen`, and nothing changes.
@Suite struct CancelTests {
    @Test func genIsCancellable() {
        var h = Harness()
        h.run("gen a walk 5")
        let before = h.session
        h.isCancelled = { true }
        #expect(h.run("gen big walk 1000000")?.contains("interrupted; nothing changed") == true)
        #expect(h.session == before)
    }
}

/// Issue 10: a dataset as a table, and back out as CSV.
@Suite struct DataTableTests {
    var harness: Harness {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/w.csv":
                "date,temp,kind\n2012-01-01,5,sun\n2012-01-02,7.25,\"rain, heavy\"\n2012-01-03,,fog\n"
        ])
        h.run("load w.csv")
        return h
    }

    @Test func showDataIsAnAlignedTable() {
        var h = harness
        #expect(h.run("show data w 1..5") == nil)
        #expect(
            h.printed.hasSuffix(
                """
                #        date  temp  kind
                1  2012-01-02  7.25  rain, heavy
                2  2012-01-03        fog
                rows 1–2 of 3

                """))
        #expect(h.run("show data w 3..1")?.contains("invalid rows") == true)
    }

    @Test func saveCSVRoundTrips() {
        var h = harness
        #expect(h.run("save csv out.csv w") == nil)
        let text = String(decoding: h.files.files["/work/out.csv"] ?? [], as: UTF8.self)
        #expect(
            text
                == "date,temp,kind\n2012-01-01,5,sun\n2012-01-02,7.25,\"rain, heavy\"\n2012-01-03,,fog\n"
        )
        #expect(h.feedback.hasSuffix("wrote out.csv (3 rows of w)\n"))
        // Read back and written again: the same bytes.
        #expect(h.run("load out.csv as back; save csv again.csv back") == nil)
        #expect(h.files.files["/work/again.csv"] == h.files.files["/work/out.csv"])
    }
}

/// Issue 11, design first: every plot option is one entry of one table, read, written,
/// completed, merged and listed from it.
@Suite struct PlotOptionTableTests {
    static let samples: [String: String] = [
        "x": "date", "by": "symbol", "where": "\"symbol=A\"", "axis": "right", "order": "data",
        "color": "#112233", "width": "3", "style": "smooth", "dash": "dotted", "linejoin": "miter",
        "last": "on", "spokes": "on",
        "linecap": "butt", "marker": "diamond",
        "size": "2",
        "outline": "#fefefe", "outlinewidth": "2", "fill": "gradient", "fillcolor": "#445566",
        "gradient": "#112233..#fefefe", "gradienttype": "radial", "rounded": "on",
        "kind": "bar", "range": "0..100", "zero": "on", "height": "3", "labels": "percent",
        "bins": "sturges", "density": "on", "sort": "descending", "center": "\"total\"",
        "y": "product", "low": "lo", "high": "hi", "open": "first",
        "agg": "median", "bin": "month-of-year", "top": "5", "bandwidth": "2.5", "shape": "symbol",
        "band": "90%", "stack": "normalize", "jitter": "0.5",
        "rolling": "max:30d", "running": "sum",
        "change": "pct", "method": "poly:3", "facet": "sex~species", "extent": "iqr",
        "detail": "host", "opacity": "0.5", "text": "year", "place": "right",
    ]

    @Test func everyOptionReadsBackAsWritten() throws {
        #expect(Set(Self.samples.keys) == Set(PlotOption.all.map(\.name)))
        for option in PlotOption.all {
            let kind = option.kinds.sorted { $0.rawValue < $1.rawValue }[0]
            // A bar's width is a share of its slot.
            let value =
                option.name == "width" && kind == .bar
                ? "0.5" : try #require(Self.samples[option.name])
            let command = try parse("set plot p \(option.name)=\(value)")
            guard case .setPlot(_, let options) = command else {
                Issue.record("not a set plot")
                continue
            }
            let settings = try Parser.plotSettings(options, kind: kind) { option in
                Diagnostic(.optionNotFor(option.name, kind: kind.rawValue), at: option.key.range)
            }
            var plot = Plot(
                id: "p", kind: kind, series: SeriesReference(dataset: "d", column: "v"),
                style: PlotStyle().merged(with: settings.style))
            plot.binding = settings.binding.applied(to: plot.binding)
            // `text=COLUMN` is `labels=COLUMN` by another name: a script writes `labels=`.
            let written = option.name == "text" ? "labels" : option.name
            #expect(PlotOption.written(plot) == ["\(written)=\(value)"], "\(option.name)")
        }
    }

    /// A kind's style is its own: `width=` is a stroke in points for a line and a share of
    /// the slot for a bar, checked as such by both `add plot` and `set plot`.
    @Test func widthMeansWhatTheKindDraws() {
        var h = Harness()
        #expect(
            h.run("gen w walk 5; add plot line w width=3; add plot bar w as b width=0.5") == nil)
        #expect(h.session.plots[0].style.stroke.width == 3)
        #expect(h.session.plots[0].style.bar.width == nil)
        #expect(h.session.plots[1].style.bar.width == 0.5)
        #expect(h.session.plots[1].style.stroke.width == nil)
        #expect(
            h.run("set plot b width=3")
                == "t.cb:1:18: error: invalid width '3': expected a number above 0, at most 1\nset plot b width=3\n                 ^\n"
        )
        #expect(h.run("set plot w width=0.25") == nil)
        #expect(h.session.plots[0].style.stroke.width == 0.25)
        #expect(h.session.plots[1].style.bar.width == 0.5)
    }

    @Test func listShowsEveryOption() {
        var h = Harness()
        h.run("gen w walk 5; add plot area w fillcolor=red gradienttype=radial; plots")
        #expect(h.printed.contains("fillcolor=#ff0000") || h.printed.contains("fillcolor=red"))
        #expect(h.printed.contains("gradienttype=radial"))
    }
}

/// Issue 31: `load … labels=month` keeps `month` usable as a column (x=, by=, where=), while
/// `show data` and `save csv` write it once.
@Suite struct LabelColumnKeptTests {
    @Test func theLabelsColumnStaysAColumn() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/s.csv": "month,revenue\nJan,1\nFeb,3\nMar,2\n"])
        #expect(h.run("load s.csv labels=month") == nil)
        #expect(h.session.dataset(named: "s")?.labels == ["Jan", "Feb", "Mar"])
        #expect(h.run("add plot bar s.revenue x=month") == nil)
        #expect(h.run("load s.csv as t labels=month x=month") == nil)
        h.printed = ""
        h.run("show data s")
        #expect(h.printed.hasPrefix("#  month  revenue\n0  Jan          1\n"))
        #expect(h.run("save csv out.csv s") == nil)
        #expect(
            String(decoding: h.files.files["/work/out.csv"] ?? [], as: UTF8.self)
                == "month,revenue\nJan,1\nFeb,3\nMar,2\n")
    }
}

/// Issue 54's frictions: what a user meets after the second step.
@Suite struct NotebookFrictionTests {
    /// `save script` writes a file's path as the script reads it: below its folder, its
    /// rest; beside it in one project, with `..`; in another tree, as it is.
    @Test func scriptsReadTheirDataRelatively() {
        #expect(SessionScript.relative("/p/data/cars.csv", to: "/p") == "data/cars.csv")
        #expect(SessionScript.relative("/p/data/cars.csv", to: "/p/out") == "../data/cars.csv")
        #expect(SessionScript.relative("/p/a/b/c.csv", to: "/p/x/y") == "../../a/b/c.csv")
        #expect(SessionScript.relative("/tmp/c.csv", to: "/work/main") == "/tmp/c.csv")
        #expect(SessionScript.relative("data/c.csv", to: "/work") == "data/c.csv")
        #expect(SessionScript.relative("/p/c.csv", to: nil) == "/p/c.csv")
    }

    /// A second plot of a column is named by what it shows, not by a number.
    @Test func secondPlotsAreNamedByWhatTheyShow() {
        var h = Harness()
        #expect(
            h.run(
                "gen w walk 30; add plot line w; add plot line w rolling=5; add plot line w running=sum; add plot line w rolling=9"
            ) == nil)
        #expect(h.session.plots.map(\.id) == ["w", "w_rolling", "w_running", "w_rolling2"])
    }

    /// `as ID` is read among the options too; a title of several words is refused with
    /// the quoted text to type.
    @Test func idsAfterOptionsAndUnquotedTitles() {
        var h = Harness()
        #expect(h.run("gen w walk 30; add plot line w color=red as fast") == nil)
        #expect(h.session.plots.map(\.id) == ["fast"])
        #expect(h.run("add plot line w as a as b")?.contains("unexpected 'as'") == true)
        #expect(
            h.run("set title Seattle weather")
                == "t.cb:1:19: error: unexpected 'weather'; put text with spaces in quotes: set title \"Seattle weather\"\nset title Seattle weather\n                  ^~~~~~~\n"
        )
        #expect(h.run("set ylabel deg C")?.contains("set ylabel \"deg C\"") == true)
    }

    /// `fold`'s range or list of quoted names, the quotes around each end.
    @Test func foldTakesQuotedEnds() {
        for columns in [
            "\"Jan 2024\"..\"Mar 2024\"", "\"Jan 2024..Mar 2024\"",
            "\"Jan 2024\",\"Feb 2024\",\"Mar 2024\"",
        ] {
            var h = Harness()
            h.files = InMemoryFiles([
                "/work/w.csv": "region,Jan 2024,Feb 2024,Mar 2024\nnorth,1,2,3\n"
            ])
            #expect(h.run("load w.csv as s; fold s \(columns) as month sales") == nil, "\(columns)")
            let months = h.session.dataset(named: "s")?.column(named: "month")
            #expect((0..<3).map { months?.text(at: $0) } == ["Jan 2024", "Feb 2024", "Mar 2024"])
        }
        var h = Harness()
        h.files = InMemoryFiles(["/work/w.csv": "region,Jan 2024,Feb 2024\nnorth,1,2\n"])
        #expect(
            h.run("load w.csv as s; fold s \"Jan 2024\".. as month sales")?.contains(
                "expected a column after '..', found 'as'") == true)
    }

    /// A column is found by the legend's spelling of it (a plot id, `Jan_2024`) too, when
    /// one column has that spelling; the plot draws the column by its own name.
    @Test func columnsAnswerToTheLegendsSpelling() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/w.csv": "region,Jan 2024,Feb 2024\nnorth,1,2\n"])
        #expect(h.run("load w.csv as s; add plot line s.Jan_2024; add plot line Feb_2024") == nil)
        #expect(h.session.plots.map(\.series.column) == ["Jan 2024", "Feb 2024"])
        var twice = Harness()
        twice.files = InMemoryFiles(["/work/w.csv": "a b,a/b\n1,2\n"])
        #expect(
            twice.run("load w.csv as s; add plot line s.a_b")?.contains("unknown column") == true)
    }

    /// `bin=6h` (and 10min, 2w …): spans of time over a time x, each bin's rows combined and
    /// drawn at the bin's centre; written back as typed; refused over numbers.
    @Test func spansOfTimeBinATimeX() throws {
        var h = Harness()
        let rows = (0..<24).map { "2024-03-01T\(String(format: "%02d", $0)):00:00Z,\($0)" }
        h.files = InMemoryFiles(["/work/h.csv": "t,v\n" + rows.joined(separator: "\n") + "\n"])
        #expect(h.run("load h.csv as h x=t; add plot line h.v as p bin=6h agg=sum") == nil)
        let drawn = try #require(h.session.plots.first?.drawn)
        let x = try #require(drawn.table.columns.first)
        #expect(x.isTime)
        let start = 1_709_251_200.0  // 2024-03-01T00:00:00Z
        #expect(x.numbers == [0, 1, 2, 3].map { start + Double($0) * 21_600 + 10_800 })
        // Each six hours' values summed: 0+…+5, 6+…+11 …
        #expect(drawn.table.column(named: drawn.y)?.numbers == [15, 51, 87, 123])
        #expect(PlotOption.written(h.session.plots[0]).contains("bin=6h"))
        #expect(
            h.run("data d = 1 2 3; add plot bar d x=d bin=10min agg=sum")?.contains(
                "needs an x of times") == true)
    }

    /// `show data` names its dataset only when there are several.
    @Test func showDataOfTheOnlyDataset() {
        var h = Harness()
        #expect(h.run("data d = 1 2 3; show data 1..2") == nil)
        #expect(h.printed.contains("rows 1–2 of 3"))
        #expect(h.run("data e = 4; show data")?.contains("expected a dataset name: d, e") == true)
    }

    /// A kind of another chart is refused with the way to draw it beside this one.
    @Test func anotherChartsKindNamesAddPanel() {
        var h = Harness()
        let refused = h.run("gen w walk 30; add plot line w; add plot histogram w") ?? ""
        #expect(refused.contains("'add panel'"))
        var beside = Harness()
        #expect(
            beside.run("gen w walk 30; add plot line w; add panel; add plot histogram w") == nil)
    }
}
