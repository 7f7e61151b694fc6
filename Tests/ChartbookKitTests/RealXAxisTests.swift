import Testing
import ChartbookCommands
import ChartbookData
import ChartbookModel
import ChartbookScene
import ChartbookKit

/// Real x axes (issue 9), end to end: script text → session → scene.
@Suite struct RealXAxisTests {
    static let files: [String: String] = [
        "/work/w.csv": """
        date,temp,kind
        2012-01-01,5,sun
        2012-01-02,7,rain
        2012-01-04,6,sun
        2012-02-01,9,rain
        2012-03-01,12,sun
        """,
        "/work/long.csv": """
        symbol,date,price
        A,Jan 1 2000,10
        A,Feb 1 2000,11
        A,Mar 1 2000,12
        B,Feb 1 2000,20
        B,Mar 1 2000,22
        """,
        "/work/xy.csv": "x,y\n3,1\n1,2\n2,3\n10,4\n",
        "/work/epoch.csv": "t,v\n1325376000,1\n1325462400,2\n",
        "/work/local.csv": "t,v\n2012-01-01 10:00,1\n2012-01-01 11:00,2\n",
    ]

    struct Run {
        var session: Session
        var printed: String
        var error: String?
    }

    func run(_ script: String) -> Run {
        var notebook = Notebook()
        var printed = ""
        let executor = Executor(files: InMemoryFiles(Self.files))
        let source = ScriptSource(name: "t.cb", text: script)
        for line in Lexer.logicalLines(source) {
            do {
                for tokens in try Lexer.commands(in: line) {
                    for effect in try executor.run(
                        try Parser.parse(tokens), text: tokens.text, at: tokens.tokens[0].range,
                        in: &notebook)
                    {
                        if case .print(let text) = effect { printed += text }
                    }
                }
            } catch {
                return Run(
                    session: notebook.session, printed: printed,
                    error: DiagnosticFormatter.format(error.located(in: source)))
            }
        }
        return Run(session: notebook.session, printed: printed, error: nil)
    }

    func scene(_ s: Session, columns: Int = 72, rows: Int = 20) -> Scene {
        ChartLayout(columns: columns, rows: rows, dots: DotDensity(x: 2, y: 4)).scene(for: s)
    }

    func texts(_ scene: Scene, _ role: Scene.Text.Role) -> [String] {
        scene.texts.filter { $0.role == role }.map(\.text)
    }

    @Test func datesBecomeATimeAxis() {
        let r = run("load w.csv x=date; add plot line w.temp")
        #expect(r.error == nil)
        #expect(r.session.xScaleKind == .time)
        let column = r.session.dataset(named: "w")?.column(named: "date")
        #expect(column?.isTime == true)
        #expect(column?.numbers?.first == 1_325_376_000)
        // Uneven days are drawn to scale: Jan 4 sits nearer Jan 2 than Feb 1.
        guard case .polyline(let runs) = scene(r.session).layers[0].marks else {
            Issue.record("no line")
            return
        }
        let xs = runs.flatMap { $0 }.map(\.x)
        #expect(xs.count >= 5)
        // Two months: weekly ticks, on Mondays.
        #expect(
            texts(scene(r.session), .xLabel) == ["Jan 2", "Jan 16", "Jan 30", "Feb 13", "Feb 27"])
    }

    /// Only a category axis names its rows: a time axis's `view` and `select` used to name
    /// every row of the x column (seconds on 10⁷ rows).
    @Test func categoriesOnlyOnACategoryAxis() {
        let time = run(
            "load /work/w.csv as w x=date\nadd plot line w.temp\nview 2012-01-02..2012-02-15")
        #expect(time.error == nil)
        #expect(time.session.xCategories.names.isEmpty)
        let category = run("load /work/w.csv as w x=kind\nadd plot dot w.temp")
        #expect(category.session.xCategories.names == ["sun", "rain"])
    }

    @Test func describeShowsTimeType() {
        let r = run("load w.csv x=date; describe w")
        #expect(r.printed.contains("date    time    2012-01-01  2012-03-01"))
    }

    @Test func longFormatSplitsByGroup() {
        let r = run("load long.csv as s; add plot line s.price x=date by=symbol")
        #expect(r.error == nil)
        let sc = scene(r.session)
        #expect(sc.layers.count == 2)
        #expect(texts(sc, .legend).contains("A") && texts(sc, .legend).contains("B"))
        // B starts in February: its first point is right of A's first.
        guard case .polyline(let a) = sc.layers[0].marks,
            case .polyline(let b) = sc.layers[1].marks,
            let firstA = a.first?.first, let firstB = b.first?.first
        else {
            Issue.record("no lines")
            return
        }
        #expect(firstB.x > firstA.x + 10)
    }

    @Test func whereKeepsRows() {
        let r = run("load long.csv as s; add plot line s.price x=date where=symbol=B")
        #expect(r.error == nil)
        let sc = scene(r.session)
        #expect(sc.yRange.upperBound >= 22 && sc.yRange.lowerBound <= 20)
        #expect(sc.yRange.lowerBound >= 0 && sc.yRange.upperBound <= 30)
        #expect(run("load long.csv as s; add plot line s.price where=price>=11").error == nil)
        #expect(
            run("load long.csv as s; add plot line s.price where=nope=1").error?.contains(
                "unknown column 'nope'") == true)
    }

    @Test func scatterIsAScatterInDataOrder() {
        let r = run("load xy.csv; add plot dot xy.y x=x")
        #expect(r.session.xScaleKind == .linear)
        guard case .markers(let points, _) = scene(r.session).layers[0].marks else {
            Issue.record("no markers")
            return
        }
        #expect(points.count == 4)
        // A line over the same x is drawn in x order: its dots' x never decrease.
        let line = run("load xy.csv; add plot line xy.y x=x")
        guard case .polyline(let runs) = scene(line.session).layers[0].marks else { return }
        let xs = runs.flatMap { $0 }.map(\.x)
        #expect(xs == xs.sorted())
    }

    @Test func mismatchedXIsRefused() {
        let r = run("load w.csv x=date; add plot line w.temp; data d = 1 2 3; add plot line d")
        #expect(r.error?.contains("cannot be drawn on the time x axis") == true)
        #expect(r.session.plots.count == 1)
        #expect(run("load w.csv x=nope").error?.contains("unknown column 'nope'") == true)
        // Numbers on a time axis (or times on a number axis) are refused, not read as
        // seconds since the epoch.
        let numbers = run(
            "load w.csv x=date; add plot line w.temp; load xy.csv; add plot dot xy.y x=x")
        #expect(
            numbers.error?.contains("its x column 'x' holds numbers, not times") == true)
        #expect(numbers.session.plots.count == 1)
        let times = run(
            "load xy.csv; add plot dot xy.y x=x; load w.csv; add plot line w.temp x=date")
        #expect(times.error?.contains("its x column 'date' holds times") == true)
        #expect(times.session.plots.count == 1)
    }

    @Test func epochSecondsAndTimeZones() {
        let r = run("load epoch.csv x=t time=epoch; describe epoch")
        #expect(r.printed.contains("2012-01-01"))
        let local = run("set timezone +02:00; load local.csv x=t")
        #expect(
            local.session.dataset(named: "local")?.column(named: "t")?.numbers?.first
                == 1_325_404_800)  // 10:00 at +02:00 is 08:00 UTC
        #expect(run("set timezone Mars/Olympus").error?.contains("invalid timezone") == true)
    }

    @Test func viewScrollAndSelectInXUnits() {
        var r = run("load w.csv x=date; add plot line w.temp; view 2012-01-01..2012-01-31")
        #expect(r.error == nil)
        #expect(r.session.view.xInterval == 1_325_376_000...1_327_968_000)
        r = run(
            "load w.csv x=date; add plot line w.temp; view 2012-01-01..2012-01-31; scroll +7d")
        let weekLater: Double = 1_325_980_800
        #expect(r.session.view.xInterval?.lowerBound == weekLater)
        // Scrolling stops at the end of the data.
        r = run(
            "load w.csv x=date; add plot line w.temp; view 2012-01-01..2012-01-31; scroll +10y")
        #expect(r.session.view.xInterval?.upperBound == 1_330_560_000)
        // Months are calendar months: the same day of the next month.
        r = run(
            "load w.csv x=date; add plot line w.temp; view 2012-01-01..2012-01-10; scroll +1mo")
        let february: Double = 1_328_054_400  // 2012-02-01
        #expect(r.session.view.xInterval?.lowerBound == february)
        // Jan 31 + 1 month → Feb 29 (a leap year); Jan 1 2012 - 13 months → Dec 1 2010.
        #expect(CivilCalendar.adding(months: 1, to: 1_327_968_000) == 1_330_473_600)
        #expect(CivilCalendar.adding(months: -13, to: 1_325_376_000) == 1_291_161_600)
        r = run("load w.csv x=date; add plot line w.temp; select x=2012-01-03")
        let sc = scene(r.session)
        #expect(texts(sc, .readout).first == "▶ 2012-01-03")
        #expect(texts(sc, .readout).contains(" 7") || texts(sc, .readout).contains(" 6"))
        #expect(run("load w.csv x=date; add plot line w.temp; select x=soon").error != nil)
    }

    @Test func logScaleLeavesOutNonPositiveAndSaysSo() {
        let r = run("data d = 1 10 100 0 -5 1000; add plot line d; set yscale log")
        let sc = scene(r.session)
        #expect(texts(sc, .yLabel) == ["1", "10", "100", "1000"])
        #expect(texts(sc, .note) == ["note: 2 values ≤ 0 left out (log scale)"])
    }

    @Test func rightAxisHasItsOwnRange() {
        let r = run(
            "data a = 1 2 3; data b = 100 300 200; add plot line a; add plot line b axis=right")
        let sc = scene(r.session)
        let labels = sc.texts.filter { $0.role == .yLabel }
        let right = labels.filter { $0.column > sc.plotArea.column + sc.plotArea.width }.map(\.text)
        let left = labels.filter { $0.column < sc.plotArea.column }.map(\.text)
        #expect(right.contains("300"))
        #expect(left.contains("3.0") && !left.contains("300"))
        #expect(!sc.frame.rightTickDots.isEmpty)
    }

    @Test func categoriesInOrderOfFirstAppearance() {
        let r = run("load w.csv x=kind; add plot bar w.temp agg=mean")
        #expect(r.session.xScaleKind == .category)
        #expect(r.session.xCategories.names == ["sun", "rain"])
        #expect(texts(scene(r.session), .xLabel) == ["sun", "rain"])
    }

    @Test func axisTitles() {
        let r = run("data d = 1 2; add plot line d; set xlabel \"day\"; set ylabel \"°C\"")
        #expect(texts(scene(r.session), .axisTitle) == ["day", "°C"])
    }

    @Test func saveScriptKeepsTheNewOptions() {
        let script = """
            set timezone +01:00
            load long.csv as s x=date
            add plot line s.price by=symbol where=price>=11 axis=right
            set yscale log
            set xlabel "when"
            view 2000-01-15..2000-03-01
            select x=2000-02-01
            save script /work/out.cb
            """
        let files = InMemoryFiles(Self.files)
        var notebook = Notebook()
        _ = ScriptRunner(executor: Executor(files: files), keepGoing: true).run(
            ScriptSource(name: "t", text: script), in: &notebook
        ) { _ in }
        let saved = String(decoding: files.files["/work/out.cb"] ?? [], as: UTF8.self)
        #expect(saved.contains("set timezone +01:00"))
        #expect(saved.contains("load \"long.csv\" as s x=date"))
        #expect(saved.contains("by=symbol"))
        #expect(saved.contains("axis=right"))
        #expect(saved.contains("set yscale log"))
        #expect(saved.contains("view \"2000-01-15\"..") || saved.contains("view 2000-01-15.."))
        #expect(saved.contains("select x=2000-02-01"))
        // Replaying it rebuilds the same session.
        let replay = run(saved.replacingOccurrences(of: "/work/", with: ""))
        #expect(replay.error == nil, "\(replay.error ?? "")\n\(saved)")
        #expect(replay.session.plots == notebook.session.plots)
        #expect(replay.session.view.xInterval == notebook.session.view.xInterval)
        #expect(replay.session.selection == notebook.session.selection)
    }
}
