import Testing
import ChartbookModel
import ChartbookTransform
@testable import ChartbookCommands

@Suite struct ExecutorTests {
    /// What a remote engine cannot compute reads as one sentence in the refusal, for a plot's
    /// transforms, a statistic and a summary alike.
    @Test func whatAnEngineCannotComputeIsSaidWhole() {
        #expect(
            Executor.needs(.unsupported("the p90 of a column", backend: "ClickHouse"))
                == "the p90 of a column, which ClickHouse cannot compute")
        let refusal = Diagnostic(
            .remoteNeedsLocal(
                dataset: "h", needs: Executor.needs(.unsupported("agg=p95", backend: "ClickHouse"))),
            at: SourceRange(line: 1, column: 1, length: 1))
        #expect(refusal.message.hasSuffix("not agg=p95, which ClickHouse cannot compute"))
    }

    @Test func dataAddPlotAndDefaultIDs() {
        var h = Harness()
        #expect(
            h.run("data sales = Jan:12 Feb:15 Mar:18; add plot line sales; add plot bar sales")
                == nil)
        #expect(h.session.plots.map(\.id) == ["sales", "sales2"])
        #expect(h.session.plots.map(\.paletteSlot) == [0, 1])
        #expect(h.session.dataset(named: "sales")?.labels == ["Jan", "Feb", "Mar"])
    }

    @Test func paletteSlotsStayWhenAPlotIsRemoved() {
        var h = Harness()
        h.run(
            "gen a sine 10; gen b walk 10; gen c noise 10; add plot line a; add plot line b; add plot line c; remove plot b; add plot dot a as a2"
        )
        #expect(h.session.plots.map(\.paletteSlot) == [0, 2, 1])
    }

    @Test func seriesResolution() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/s.csv": "month,rev,cost\nJan,1,2\nFeb,3,4\n"])
        #expect(h.run("load s.csv") == nil)
        #expect(h.run("add plot line rev") == nil)
        #expect(h.session.plots[0].series == SeriesReference(dataset: "s", column: "rev"))
        #expect(
            h.run("add plot line s")
                == "t.cb:1:15: error: dataset 's' has 2 numeric columns (rev, cost); write it as 's.rev'\nadd plot line s\n              ^\n"
        )
        #expect(
            h.run("add plot line s.rve")
                == "t.cb:1:17: error: unknown column 'rve' for dataset 's'; did you mean 'rev'?\nadd plot line s.rve\n                ^~~\n"
        )
        #expect(
            h.run("add plot line s.month")
                == "t.cb:1:17: error: 's.month' is not a numeric column\nadd plot line s.month\n                ^~~~~\n"
        )
        #expect(h.run("gen t walk 5; data u = 1 2; add plot line cost") == nil)
    }

    @Test func loadReportsUnreadableFilesAtThePath() {
        var h = Harness()
        #expect(
            h.run("load nope.csv")
                == "t.cb:1:6: error: cannot read 'nope.csv': no such file\nload nope.csv\n     ^~~~~~~~\n"
        )
        h.files = InMemoryFiles(["/work/bad.csv": "a,b\n1,\"2\n"])
        #expect(
            h.run("load bad.csv")
                == "t.cb:1:6: error: cannot read 'bad.csv': line 2: a quoted field is not closed\nload bad.csv\n     ^~~~~~~\n"
        )
    }

    @Test func dropRefusesWhileUsedUnlessForced() {
        var h = Harness()
        h.run("gen w walk 10; add plot line w; add refline mean w")
        #expect(
            h.run("drop w")
                == "t.cb:1:6: error: dataset 'w' is used by plot 'w'; remove those plots first, or use 'drop w force'\ndrop w\n     ^\n"
        )
        #expect(h.run("drop w force") == nil)
        #expect(
            h.session.plots.isEmpty && h.session.datasets.isEmpty && h.session.markedLines.isEmpty)
    }

    @Test func reloadReadsTheFileAgainWithANewLength() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/d.csv": "v\n1\n2\n"])
        h.run("load d.csv; add plot line d")
        h.files = InMemoryFiles(["/work/d.csv": "v\n1\n2\n3\n4\n"])
        #expect(h.run("reload") == nil)
        #expect(h.session.dataset(named: "d")?.count == 4)
        h.run("data x = 1 2")
        #expect(
            h.run("reload x")
                == "t.cb:1:8: error: dataset 'x' was not loaded from a file\nreload x\n       ^\n")
    }

    @Test func setPlotChecksOptionsAgainstTheKind() {
        var h = Harness()
        h.run("gen w walk 10; add plot bar w")
        #expect(
            h.run("set plot w style=smooth")
                == "t.cb:1:12: error: option 'style' does not apply to bar plots\nset plot w style=smooth\n           ^~~~~\n"
        )
        #expect(h.run("set plot w color=red width=0.5") == nil)
        #expect(h.session.plots[0].style.bar.width == 0.5)
        #expect(
            h.run("set plot v color=red")
                == "t.cb:1:10: error: unknown plot id 'v'; expected one of: w\nset plot v color=red\n         ^\n"
        )
    }

    @Test func reflinesAndMarkedLines() {
        var h = Harness()
        h.run(
            "gen w walk 10; add plot line w; add refline 5 \"target\"; add refline median w; set reflines absolute 1 2 labels=right units=ms"
        )
        #expect(h.session.markedLines.map(\.id) == ["r1", "r2"])
        #expect(h.session.referenceLines.positions == .absolute([1, 2]))
        #expect(h.session.referenceLines.units == "ms")
        #expect(h.run("remove refline 5") == nil)
        #expect(
            h.run("remove refline r9")
                == "t.cb:1:16: error: unknown reference line 'r9'; did you mean 'r2'?\nremove refline r9\n               ^~\n"
        )
        #expect(h.run("remove refline r2") == nil)
        #expect(h.session.markedLines.isEmpty)
    }

    @Test func selectChecksTheIndex() {
        var h = Harness()
        #expect(
            h.run("select 3")
                == "t.cb:1:8: error: nothing to select: no plots yet\nselect 3\n       ^\n")
        h.run("gen w walk 10; add plot line w")
        #expect(
            h.run("select 10")
                == "t.cb:1:8: error: point 10 is out of range 0..9\nselect 10\n       ^~\n")
        #expect(h.run("select 9") == nil)
        #expect(h.session.selection == .index(9))
    }

    @Test func undoRedoAndHistory() {
        var h = Harness()
        h.run("gen w walk 10; add plot line w; set title \"x\"")
        #expect(h.run("undo") == nil)
        #expect(h.session.output.title == nil)
        #expect(h.run("undo; undo") == nil)
        #expect(h.session == Session())
        #expect(h.run("undo") == "t.cb:1:1: error: nothing to undo\nundo\n^~~~\n")
        #expect(h.run("redo; redo") == nil)
        #expect(h.session.plots.count == 1)
        h.printed = ""
        h.run("history")
        #expect(
            h.printed
                == "   1  gen w walk 10\n   2  add plot line w\n   -  set title \"x\"  (undone)\n")
        h.run("reset")
        #expect(h.session == Session())
        h.run("undo")
        #expect(h.session.plots.count == 1)
    }

    @Test func sourceIsOneStepAndFailsWhole() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/lib/a.cb": "gen w walk 10\nadd plot line w\nsource b.cb\n",
            "/work/lib/b.cb": "set title \"from b\"\n",
            "/work/lib/bad.cb": "gen w walk 10\nadd plot lin w\n",
            "/work/lib/loop.cb": "source loop.cb\n",
        ])
        #expect(h.run("source lib/a.cb") == nil)
        #expect(h.session.output.title == "from b")
        #expect(h.notebook.undoStack.count == 1)
        let before = h.notebook
        #expect(
            h.run("source lib/bad.cb")
                == "lib/bad.cb:2:10: error: unknown plot kind 'lin'; did you mean 'line'?\nadd plot lin w\n         ^~~\nt.cb:1:8: note: in the script run here\n"
        )
        #expect(h.notebook == before)
        #expect(
            h.run("source lib/loop.cb")?.contains(
                "scripts source or play each other more than 16 deep")
                == true)
    }

    @Test func describeAndList() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/s.csv": "month,rev\nJan,1\nFeb,x\nMar,\n"])
        h.run("load s.csv; describe s")
        #expect(
            h.printed == """
                s: 3 rows, 2 columns, from /work/s.csv
                  column  type    min  max  mean  missing  unreadable
                  month   text                    0
                  rev     number  1    1    1     2        1
                  month: 3 values — Jan 1, Feb 1, Mar 1

                """)
        // Issue 31: the mean to one decimal more than the column's own, not six.
        h.printed = ""
        h.files = InMemoryFiles(["/work/t.csv": "v\n1.5\n2.25\n3.1\n"])
        h.run("load t.csv; describe t")
        #expect(h.printed.contains("v       number  1.5  3.1  2.283  0        0"))
    }

    @Test func helpKnowsEveryCommandKindAndOption() throws {
        let at = SourceRange(line: 1, column: 1, length: 1)
        let words =
            Grammar.commands.map(\.topic) + Grammar.verbs + Plot.Kind.allNames
            + HelpGroup.allCases.map(\.rawValue)
        for word in words {
            let text = try HelpText.help(Located(word, at: at))
            #expect(!text.isEmpty, "no help for \(word)")
        }
        // A kind's help, by its name or an alias, shows its options and an example.
        let histogram = try HelpText.help(Located("hist", at: at))
        #expect(histogram.contains("add plot histogram SERIES"))
        #expect(histogram.contains("bins=auto|sturges|fd"))
        #expect(histogram.contains("also: hist"))
        // An option's help says what it means for each kind that takes it.
        let width = try HelpText.help(Located("width", at: at))
        #expect(width.contains("stroke") && width.contains("share of its slot"))
        // Typed as in a command (`help agg=`), it is the option (issue 54).
        #expect(
            try HelpText.help(Located("agg =", at: at)) == HelpText.help(Located("agg", at: at)))
        // `help kinds`, the overview's last group, names every kind with what it draws.
        let kinds = try HelpText.help(Located("kinds", at: at), width: 60)
        for spec in PlotKindSpec.all { #expect(kinds.contains("  " + spec.name + " ")) }
        #expect(kinds.split(separator: "\n").allSatisfy { TextMetrics.width(of: String($0)) <= 60 })
        // Every group's help lists its commands whole, within the width.
        for group in HelpGroup.allCases {
            let text = try HelpText.help(Located(group.rawValue, at: at), width: 60)
            #expect(
                text.split(separator: "\n").allSatisfy { TextMetrics.width(of: String($0)) <= 60 })
            for spec in Grammar.commands where spec.group == group {
                #expect(text.contains(spec.synopsis.prefix(20)))
            }
        }
        var h = Harness()
        #expect(
            h.run("help plto")
                == "t.cb:1:6: error: unknown command 'plto'; did you mean 'plots'?\nhelp plto\n     ^~~~\n"
        )
    }

    /// After any error the session is exactly as before: many failing commands against a
    /// populated notebook leave it byte-for-byte equal.
    @Test func failingCommandsChangeNothing() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/s.csv": "month,rev,cost\nJan,1,2\nFeb,3,4\n",
            "/work/bad.cb": "set title \"half\"\nnonsense\n",
        ])
        #expect(
            h.run(
                """
                load s.csv labels=month; gen w walk 50 seed=3; data d = 1 2 3
                add plot line s.rev as r color=red; add plot bar w; add refline 2 "two"; add refline mean w
                set reflines relative 0 0.5 1 labels=both; set title "T"; select 1; set size 60x20
                """) == nil)
        let before = h.notebook
        let failing = [
            "add plot line nothing", "add plot lien w", "add plot line s", "add plot line w as r",
            "add plot line s.month",
            "set plot r marker=circle", "set plot zz color=red", "remove plot zz",
            "remove refline 99", "drop w",
            "drop nothing", "describe nothing", "reload d", "reload nothing", "load missing.csv",
            "load s.csv labels=nope",
            "select 500", "set range 3..1", "set size 0x0", "set color 17", "set canvas svg",
            "set labels nothing",
            "set labels s.nope", "data w = 1 two", "data s = 5 6", "gen r walk 0",
            "source missing.cb", "source bad.cb",
            "set reflines relative 2", "add refline avg w", "add refline mean nothing",
            "help nothing", "redo",
            "set title \"unterminated", "set plot r width=-1", "set reflines decimals=99",
            "\"just a string\"", "= 3",
            "add plot line w color=notacolor", "set zero perhaps", "set legend sometimes",
            "data = 1 2",
        ]
        for command in failing {
            #expect(h.run(command) != nil, "expected '\(command)' to fail")
            #expect(h.notebook == before, "'\(command)' changed the notebook")
        }
    }
}

@Suite struct PaletteTests {
    @Test func explicitColoursAreNotHandedOutAgain() {
        var h = Harness()
        h.run("gen a walk 5; gen b walk 5; add plot line a color=orange; add plot line b")
        let colors = h.session.plots.map(\.resolvedColor)
        #expect(colors[0] != colors[1])
        #expect(colors[1] == Color.palette[0])
        h.run("add plot line a as c")
        #expect(h.session.plots[2].resolvedColor == Color.palette[2])
    }
}

@Suite struct ViewingCommandTests {
    func harness() -> Harness {
        var h = Harness()
        h.run("gen w walk 1000; add plot line w; set spacing 2")
        return h
    }

    @Test func scrollPagesAndEnds() {
        var h = harness()
        // The test executor's plot width is 72 cells: 37 points at spacing 2.
        #expect(h.run("scroll +100") == nil)
        #expect(h.session.view.anchor == .start(100))
        h.run("scroll")
        #expect(h.session.view.anchor == .start(137))
        h.run("scroll -500")
        #expect(h.session.view.anchor == .start(0))
        h.run("scroll end")
        #expect(h.session.view.window(count: 1000, widthCells: 72) == 963..<1000)
        h.run("scroll start")
        #expect(h.session.view.anchor == .start(0))
    }

    @Test func viewAndSelectIntoView() {
        var h = harness()
        #expect(h.run("view 120..180") == nil)
        #expect(h.session.view.window(count: 1000, widthCells: 72) == 120..<181)
        h.run("set spacing 2; select 500")
        #expect(h.session.view.window(count: 1000, widthCells: 72).contains(500))
        #expect(
            h.run("view 10..2000")
                == "t.cb:1:6: error: point 2000 is out of range 0..999\nview 10..2000\n     ^~~~~~~~\n"
        )
    }

    @Test func rtlKeepsTheNewestAsDataGrows() {
        var h = Harness()
        h.run("data live = 1 2 3; add plot line live; set spacing 4; set direction rtl")
        for _ in 0..<30 { h.run("push live 5 6 7") }
        let count = h.session.pointCount
        #expect(h.session.view.window(count: count, widthCells: 72).upperBound == count)
    }

    @Test func pushAndWindow() {
        var h = Harness()
        #expect(h.run("push fresh 1 2 3") == nil)
        #expect(h.session.dataset(named: "fresh")?.columns[0].numbers == [1, 2, 3])
        h.run("set data fresh window=2")
        #expect(h.session.dataset(named: "fresh")?.columns[0].numbers == [2, 3])
        h.run("push fresh 4")
        #expect(h.session.dataset(named: "fresh")?.columns[0].numbers == [3, 4])
        h.files = InMemoryFiles(["/work/two.csv": "a,b\n1,2\n"])
        h.run("load two.csv")
        #expect(
            h.run("push two 5 6 7")
                == "t.cb:1:6: error: invalid push '3 values': expected a multiple of 2, one per numeric column of 'two'\npush two 5 6 7\n     ^~~\n"
        )
        #expect(h.run("push two 5 6 7 8") == nil)
        #expect(h.session.dataset(named: "two")?.count == 3)
    }

    @Test func sparklineOptions() {
        var h = Harness()
        h.run("gen w walk 10")
        #expect(h.run("add plot sparkline w kind=bar range=-5..5 zero=on height=2") == nil)
        #expect(h.session.plots[0].style.spark.height == 2)
        // A line's stroke, curve and fill (DSFSparkline), not a dot's marker.
        #expect(h.run("add plot sparkline w as y width=3 style=smooth fill=solid") == nil)
        #expect(h.session.plot(id: "y")?.style.stroke.width == 3)
        #expect(
            h.run("add plot sparkline w as x marker=square")?.contains(
                "unknown option 'marker' for sparkline plots") == true)
    }
}

@Suite struct JSONLoadTests {
    @Test func loadsJSONArrays() {
        var h = Harness()
        h.files = InMemoryFiles([
            "/work/m.json": #"[{"day": "Mon", "hits": 3}, {"day": "Tue", "hits": 5}]"#,
            "/work/bad.json": "[1, 2",
        ])
        #expect(h.run("load m.json labels=day; add plot bar m") == nil)
        #expect(h.session.dataset(named: "m")?.labels == ["Mon", "Tue"])
        #expect(
            h.run("load bad.json")
                == "t.cb:1:6: error: cannot read 'bad.json': not a JSON array of numbers or objects: it does not parse as JSON\nload bad.json\n     ^~~~~~~~\n"
        )
    }
}

@Suite struct TypedInputDiagnosticTests {
    /// Typed input has no file: no location, the caret says where. A script it sources keeps
    /// its own file and line, and the note points back without a location.
    @Test func typedInputHasNoLocationButSourcedScriptsDo() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/bad.cb": "gen w walk 5\nadd plot lin w\n"])
        #expect(
            h.run("add plot lien w", name: "")
                == "error: unknown plot kind 'lien'; did you mean 'line'?\nadd plot lien w\n         ^~~~\n"
        )
        #expect(
            h.run("source bad.cb", name: "")
                == "bad.cb:2:10: error: unknown plot kind 'lin'; did you mean 'line'?\nadd plot lin w\n         ^~~\nnote: in the script run here\n"
        )
    }
}

@Suite struct SourceQuitTests {
    @Test func quitEndsTheSourcedScript() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/q.cb": "gen a walk 3; quit\ngen b walk 3\n"])
        #expect(h.run("source q.cb") == nil)
        #expect(h.session.datasets.map(\.name) == ["a"])
    }
}
