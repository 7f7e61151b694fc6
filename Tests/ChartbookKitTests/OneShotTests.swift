import Testing
import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// Issue 10, item 3: the one-line form is the commands it stands for; piped data is told
/// from a piped script.
@Suite struct OneShotTests {
    @Test func standsForCommands() {
        let shot = OneShot(
            kind: .line, file: "data/sales 2024.csv", columns: ["revenue", "unit cost"], x: "month",
            title: "Sales")
        #expect(
            shot.script(for: nil)
                == "load \"data/sales 2024.csv\" x=month\nadd plot line sales_2024.revenue\nadd plot line sales_2024.\"unit cost\"\nset title \"Sales\"\n"
        )
        var counted = OneShot(kind: .bar, file: "w.csv", columns: ["rain"], x: "date")
        counted.options = [
            .init("agg", "sum"), .init("bin", "month"), .init("where", "kind=wet day"),
        ]
        #expect(
            counted.script(for: nil)
                == "load w.csv x=date\nadd plot bar w.rain agg=sum bin=month where=\"kind=wet day\"\n"
        )
        // `--time` is the load's time=, quoted where the pattern needs it.
        var timed = OneShot(kind: .line, file: "lat.csv", columns: ["ms"], x: "ts")
        timed.time = "epoch"
        #expect(timed.script(for: nil) == "load lat.csv x=ts time=epoch\nadd plot line lat.ms\n")
        timed.time = "%d/%m/%Y %H:%M"
        #expect(timed.loadCommand == "load lat.csv x=ts time=\"%d/%m/%Y %H:%M\"")
        let piped = OneShot(kind: .dot, file: "-", columns: [], by: "origin")
        #expect(piped.script(for: nil) == "load - as stdin\nadd plot dot stdin by=origin\n")
    }

    /// Issue 54: without a column named, a column named as a code (a log's HTTP `status`, a
    /// `user_id`) is passed over for the measure after it; alone, it is drawn.
    @Test func aCodeColumnIsNotTheMeasure() {
        let log = Dataset(
            name: "log",
            columns: [
                Column(name: "status", numbers: [200, 404]),
                Column(name: "userId", numbers: [7, 8]),
                Column(name: "latency_ms", numbers: [12.5, 3.1]),
            ], source: .inline)
        #expect(OneShot.measure(in: log, besides: [])?.name == "latency_ms")
        // Nor times since 1970 not read as such (a metrics file's `ts`).
        let metrics = Dataset(
            name: "m",
            columns: [
                Column(name: "ts", numbers: [1_700_000_000, 1_700_000_017]),
                Column(name: "latency_ms", numbers: [12.5, 3.1]),
            ], source: .inline)
        #expect(OneShot.measure(in: metrics, besides: [])?.name == "latency_ms")
        let codes = Dataset(
            name: "c", columns: [Column(name: "http_status", numbers: [200])], source: .inline)
        #expect(OneShot.measure(in: codes, besides: [])?.name == "http_status")
        #expect(
            !OneShot.isCode("latency") && !OneShot.isCode("episode") && !OneShot.isCode("Valid"))
        #expect(
            OneShot.isCode("ID") && OneShot.isCode("statusCode") && OneShot.isCode("http-status"))
    }

    /// Issue 26: an error in a command the one-line form made speaks of what the user typed,
    /// not of a script they never wrote (`chartbook plot:1:17: …` under `add plot …`).
    @Test func errorsPointIntoTheCommandLine() {
        var notebook = Notebook()
        let files = InMemoryFiles(["/work/s.csv": "month,revenue\nJan,1\nFeb,3\n"])
        let runner = ScriptRunner(executor: Executor(files: files))
        let shot = OneShot(
            kind: .pie, file: "s.csv", columns: ["nosuch"], by: "month", typedKind: "Pie")
        var said = ""
        let emit: (ScriptRunner.Event) -> Void = {
            if case .diagnostic(let text) = $0 { said += text }
        }
        #expect(
            runner.run(
                ScriptSource(name: "chartbook plot", generated: shot.loadScript), in: &notebook,
                emit: emit)
                == .completed)
        #expect(
            runner.run(
                ScriptSource(
                    name: "chartbook plot",
                    generated: shot.plotScript(for: notebook.session.datasets.first)),
                in: &notebook, emit: emit) == .failed)
        #expect(
            said == """
                chartbook plot: error: unknown option 'by' for pie plots; expected one of: color, labels, sort, x, where, agg, bin, top
                chartbook plot Pie s.csv nosuch --by month
                                                ^~~~

                """)
        said = ""
        let missing = OneShot(kind: .line, file: "my file.csv", columns: [])
        #expect(
            runner.run(
                ScriptSource(name: "chartbook plot", generated: missing.loadScript), in: &notebook,
                emit: emit)
                == .failed)
        #expect(said.hasPrefix("chartbook plot: error: cannot read 'my file.csv'"))
        #expect(
            said.hasSuffix("chartbook plot line 'my file.csv'\n                    ^~~~~~~~~~~~~\n")
        )
    }

    /// Issue 54: a wide sheet (a column per month, date or year) is folded and drawn a line
    /// per row along its periods, not its first column against the row number.
    @Test func wideSheetsAreFolded() {
        #expect(
            ["JAN", "february", "Jan 2024", "Jan_2024", "sep", "2024-01", "2024-01-15", "1990"]
                .map(WideSheet.periodKind)
                == ["month", "month", "month", "month", "month", "date", "date", "year"])
        #expect(
            ["YEAR", "region", "mayor", "12", "value", "Janet"].compactMap(WideSheet.periodKind)
                .isEmpty)
        let sheet = Dataset(
            name: "r",
            columns: [Column(name: "YEAR", numbers: [2010, 2011])]
                + ["JAN", "FEB", "MAR", "APR"].map { Column(name: $0, numbers: [1, 2]) }
                + [Column(name: "note", text: ["a", "b"])], source: .inline)
        #expect(
            WideSheet.detect(sheet)
                == WideSheet(first: "JAN", last: "APR", key: "month", by: "YEAR"))
        let shot = OneShot(kind: .line, file: "r.csv", columns: [])
        #expect(
            shot.plotCommands(for: sheet)
                == "fold r JAN..APR as month value\nadd plot line r.value x=month by=YEAR\n")
        // Two period columns are no run; a column named for the plot keeps the usual rule.
        let narrow = Dataset(
            name: "r", columns: ["JAN", "FEB"].map { Column(name: $0, numbers: [1]) },
            source: .inline)
        #expect(WideSheet.detect(narrow) == nil)
        #expect(
            OneShot(kind: .line, file: "r.csv", columns: ["FEB"]).plotCommands(for: sheet)
                == "add plot line r.FEB\n")
    }

    @Test func theScriptRuns() {
        var notebook = Notebook()
        let files = InMemoryFiles(["/work/s.csv": "month,revenue,cost\nJan,1,2\nFeb,3,4\n"])
        let shot = OneShot(kind: .bar, file: "s.csv", columns: ["revenue", "cost"], x: "month")
        let outcome = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "-e", text: shot.script(for: nil)), in: &notebook
        ) { _ in }
        #expect(outcome == .completed)
        #expect(notebook.session.plots.map(\.id) == ["revenue", "cost"])
    }

    /// Issue 31 (broken): `chartbook plot line FILE` promised the first numeric column, but a
    /// daily file's date column was counted and the load failed. A lone date or time column
    /// is the x; the y is the first numeric column that is not the x (or the --by column).
    @Test func withoutColumnsTheFileSaysWhatToDraw() {
        let files = InMemoryFiles([
            "/work/w.csv":
                "date,temp_max,temp_min,weather\n2012-01-01,3.5,-3.2,sun\n2012-01-02,4.1,-0.9,fog\n",
            "/work/l.csv": "symbol,n,price\nA,1,10\nB,2,20\n",
        ])
        func loaded(_ path: String, _ x: String? = nil) -> Dataset? {
            var shot = OneShot(kind: .line, file: path, columns: [])
            shot.x = x
            return sessionAfter(shot.loadCommand, files: files).datasets.first
        }
        let daily = OneShot(kind: .line, file: "w.csv", columns: [])
        #expect(
            daily.script(for: loaded("w.csv"))
                == "load w.csv\nadd plot line w.temp_max\n")
        var byN = OneShot(kind: .dot, file: "l.csv", columns: [], by: "n")
        #expect(byN.script(for: loaded("l.csv")) == "load l.csv\nadd plot dot l.price by=n\n")
        byN.x = "price"
        #expect(byN.plotCommands(for: loaded("l.csv", "price")) == "add plot dot l by=n\n")
        // The script runs and draws along the dates.
        let session = sessionAfter(daily.script(for: loaded("w.csv")), files: files)
        #expect(session.plots.map(\.series.column) == ["temp_max"])
        #expect(session.dataset(named: "w")?.xColumn == "date")
        #expect(session.xScaleKind == .time)
    }

    @Test func pipedDataIsNotAScript() {
        #expect(PipedInput.looksLikeData("symbol,date,price\nMSFT,Jan 1 2000,39.8\n"))
        #expect(PipedInput.looksLikeData("# exported\n\nt\tv\n1\t2\n"))
        #expect(!PipedInput.looksLikeData("load a.csv; add plot line a.v\n"))
        #expect(!PipedInput.looksLikeData("data x = 1, 2, 3\n"))
        #expect(!PipedInput.looksLikeData("echo \"a, b\"\n"))
        #expect(!PipedInput.looksLikeData(""))
    }
}
